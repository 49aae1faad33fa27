import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aClient, anAdvocate } from '../../../testing/people';
import { mockApi, renderWithApp } from '../../../testing/render';
import { LONG_MATTER, NOTE_ID, aPage, aSummary } from './billing-test-data';
import { FeeNotesList } from './fee-notes-list';

describe('the fee notes list', () => {
  it('shows a client their balance owed and their fee notes, without a client column', async () => {
    mockApi({
      'GET /fee-notes?page=1&limit=20': [
        200,
        aPage([aSummary({ isOverdue: true })], { balanceKsh: 38_000 }),
      ],
    });
    renderWithApp(<FeeNotesList actor={aClient()} />, { path: '/billing' });
    const balance = await screen.findByRole('region', { name: 'Balance owed' });
    expect(within(balance).getByText('KSh 38,000')).toBeVisible();

    const link = await screen.findByRole('link', { name: 'FN/2026/0042' });
    expect(link).toHaveAttribute('href', `/billing/${NOTE_ID}`);
    const row = within(link.closest('tr')!);
    expect(row.getByText(LONG_MATTER)).toBeInTheDocument();
    expect(row.getByText('Mon 2 Nov 2026')).toBeInTheDocument();
    expect(row.getByText('Wed 2 Dec 2026')).toBeInTheDocument();
    expect(row.getByText('Overdue')).toBeInTheDocument();
    expect(row.getByText('KSh 58,000')).toBeInTheDocument();
    expect(row.getByText('Issued')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Client' })).toBeNull();
    // A client drafts nothing, and never sees a draft.
    expect(screen.queryByRole('button', { name: 'New fee note' })).toBeNull();
    expect(
      within(screen.getByLabelText('Status')).queryByRole('option', { name: 'Draft' }),
    ).toBeNull();
  });

  it('tells a client with none that the firm has sent none yet', async () => {
    mockApi({ 'GET /fee-notes?page=1&limit=20': [200, aPage([], { balanceKsh: 0 })] });
    renderWithApp(<FeeNotesList actor={aClient()} />, { path: '/billing' });
    expect(await screen.findByText('You have no fee notes from the firm yet')).toBeVisible();
    expect(screen.getByText('You owe nothing at the moment. Thank you.')).toBeVisible();
  });

  it('shows staff the client and drafts, and filters by status through the server', async () => {
    const calls = mockApi({
      'GET /fee-notes?page=1&limit=20': [
        200,
        aPage([aSummary({ number: null, status: 'draft', issuedAt: null })]),
      ],
      'GET /fee-notes?status=overdue&page=1&limit=20': [200, aPage([])],
    });
    renderWithApp(<FeeNotesList actor={anAdvocate()} />, { path: '/billing' });
    const link = await screen.findByRole('link', { name: 'Draft' });
    const row = within(link.closest('tr')!);
    expect(row.getByText('Amani Otieno')).toBeInTheDocument();
    // Neither issued nor owed yet: its balance does not read as paid.
    expect(row.getAllByText('Not issued')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'New fee note' })).toBeVisible();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Overdue');
    expect(await screen.findByText('No fee notes match this status')).toBeVisible();
    expect(calls.map((call) => call.url)).toContain(
      '/api/fee-notes?status=overdue&page=1&limit=20',
    );
  });

  it('says so when the list fails, and tries again', async () => {
    let failing = true;
    mockApi({
      'GET /fee-notes?page=1&limit=20': () =>
        failing ? [500, { message: 'Fee notes could not be loaded' }] : [200, aPage([aSummary()])],
    });
    renderWithApp(<FeeNotesList actor={anAdvocate()} />, { path: '/billing' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Fee notes could not be loaded');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'FN/2026/0042' })).toBeVisible();
  });
});
