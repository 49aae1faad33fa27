import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aClient, anAdvocate } from '../../../testing/people';
import { mockApi, renderWithApp } from '../../../testing/render';
import { CLIENT_ID, LONG_MATTER, NOTE_ID, aPage, aSummary } from './billing-test-data';
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

describe('the filters a report links with', () => {
  const LINKED = `status=outstanding&clientId=${CLIENT_ID}&issuedFrom=2026-10-01&issuedTo=2026-10-31`;

  it('asks for the outstanding ones a client was issued in the days, says so with the total and what they owe, and Show all clears the link’s part', async () => {
    const calls = mockApi({
      [`GET /fee-notes?${LINKED}&page=1&limit=20`]: [
        200,
        { ...aPage([aSummary()], { balanceKsh: 38_000 }), total: 1 },
      ],
      'GET /fee-notes?status=outstanding&page=1&limit=20': [
        200,
        { ...aPage([aSummary(), aSummary({ id: 'n2' })]), total: 23 },
      ],
    });
    const { router } = renderWithApp(<FeeNotesList actor={anAdvocate()} />, {
      path: `/billing?status=outstanding&issuedFrom=2026-10-01&issuedTo=2026-10-31&client=${CLIENT_ID}`,
    });
    expect(
      await screen.findByText(
        'Showing fee notes issued Thu 1 Oct 2026 to Sat 31 Oct 2026, for Amani Otieno.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText('1 fee note · KSh 58,000 billed · KSh 38,000 still owed'),
    ).toBeVisible();
    expect(screen.getByLabelText('Status')).toHaveValue('outstanding');

    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=outstanding'));
    expect(
      await screen.findByText('23 fee notes · KSh 116,000 billed · KSh 76,000 still owed'),
    ).toBeVisible();
    expect(screen.queryByText(/Showing fee notes/)).not.toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/fee-notes?status=outstanding&page=1&limit=20');
  });

  it('offers the billed ones a report counts in the status filter', async () => {
    const calls = mockApi({
      'GET /fee-notes?status=billed&issuedFrom=2026-10-01&issuedTo=2026-10-31&page=1&limit=20': [
        200,
        { ...aPage([aSummary()]), total: 17 },
      ],
    });
    renderWithApp(<FeeNotesList actor={anAdvocate()} />, {
      path: '/billing?status=billed&issuedFrom=2026-10-01&issuedTo=2026-10-31',
    });
    expect(
      await screen.findByText('17 fee notes · KSh 58,000 billed · KSh 38,000 still owed'),
    ).toBeVisible();
    expect(screen.getByLabelText('Status')).toHaveValue('billed');
    expect(
      screen.getByText('Showing fee notes issued Thu 1 Oct 2026 to Sat 31 Oct 2026.'),
    ).toBeVisible();
    expect(calls).toHaveLength(1);
  });
});
