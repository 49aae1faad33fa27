import type { ClientList, ClientSummary, PublicUser } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAdmin, anAdvocate } from '../../../testing/people';
import { emailShown, mockApi, renderWithApp } from '../../../testing/render';
import { ClientsList } from './clients-list';

const CLIENT_ID = '00000000-0000-4000-8000-000000000003';

const row = (overrides: Partial<ClientSummary> = {}): ClientSummary => ({
  id: CLIENT_ID,
  firstName: 'Amani',
  lastName: 'Otieno',
  email: 'amani@example.test',
  phone: '+254711000222',
  isActive: true,
  createdAt: '2026-10-01T08:00:00.000Z',
  lastLogin: null,
  openCases: 2,
  nextAppointment: {
    id: 'a1',
    title: 'Site visit',
    startsAt: '2026-12-03T07:00:00.000Z',
  },
  ...overrides,
});

const list = (clients: ClientSummary[]): ClientList => ({
  success: true,
  count: clients.length,
  total: clients.length,
  pagination: { page: 1, limit: 20, pages: 1 },
  clients,
});

function renderList(actor: PublicUser, path = '/clients') {
  return renderWithApp(<ClientsList actor={actor} />, { path });
}

describe('the clients list', () => {
  it('shows a spinner, then a row per client with contact, open cases, next appointment and last sign-in', async () => {
    mockApi({ 'GET /clients?sort=name&page=1&limit=20': [200, list([row()])] });
    renderList(anAdvocate());
    expect(await screen.findByRole('status')).toHaveTextContent('Loading clients');
    const link = await screen.findByRole('link', { name: 'Amani Otieno' });
    expect(link).toHaveAttribute('href', `/clients/${CLIENT_ID}`);
    const cells = within(link.closest('tr')!);
    expect(cells.getByText(emailShown('amani@example.test'))).toBeInTheDocument();
    // Read out in groups, and dialled with a tap on a phone.
    expect(cells.getByRole('link', { name: '+254 711 000 222' })).toHaveAttribute(
      'href',
      'tel:+254711000222',
    );
    expect(cells.getByText('2')).toBeInTheDocument();
    expect(cells.getByText('Thu 3 Dec 2026, 10:00')).toBeInTheDocument();
    expect(cells.getByText('Never')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Client' })).toBeInTheDocument();
  });

  it('says so when there are no clients, and hides Add Client from those who may not admit', async () => {
    mockApi({ 'GET /clients?sort=name&page=1&limit=20': [200, list([])] });
    renderList(anAdmin({ canOpenFiles: true }));
    expect(await screen.findByText('No clients yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Client' })).not.toBeInTheDocument();
  });

  it('shows the server’s message on failure, with Try again', async () => {
    mockApi({
      'GET /clients?sort=name&page=1&limit=20': [403, { message: 'Access denied. Nope.' }],
    });
    renderList(anAdvocate());
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied. Nope.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps search, status and sort in the URL and asks the server for them', async () => {
    const calls = mockApi({
      'GET /clients?sort=name&page=1&limit=20': [200, list([row()])],
      'GET /clients?search=0711&sort=name&page=1&limit=20': [200, list([row()])],
      'GET /clients?search=0711&status=inactive&sort=name&page=1&limit=20': [200, list([])],
      'GET /clients?search=0711&status=inactive&sort=last_login&page=1&limit=20': [200, list([])],
    });
    const { router } = renderList(anAdvocate());
    await screen.findByRole('link', { name: 'Amani Otieno' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search clients' }), '0711');
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        '/api/clients?search=0711&sort=name&page=1&limit=20',
      ),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'inactive');
    expect(await screen.findByText('No clients match your search.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'last_login');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=0711&status=inactive&sort=last_login'),
    );
  });

  it('a link’s join dates (the dashboard’s new clients) are asked for, said, and cleared by Show all', async () => {
    const calls = mockApi({
      'GET /clients?joinedFrom=2026-11-01&joinedTo=2026-11-30&sort=name&page=1&limit=20': [
        200,
        list([row()]),
      ],
      'GET /clients?sort=name&page=1&limit=20': [200, list([row(), row({ id: 'c2' })])],
    });
    const { router } = renderList(
      anAdvocate(),
      '/clients?joinedFrom=2026-11-01&joinedTo=2026-11-30',
    );
    expect(
      await screen.findByText('Showing clients who joined Sun 1 Nov 2026 to Mon 30 Nov 2026.'),
    ).toBeVisible();
    await screen.findByRole('link', { name: 'Amani Otieno' });
    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText(/Showing clients who joined/)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain('/api/clients?sort=name&page=1&limit=20'),
    );
  });

  it('Add Client creates the account and shows the temporary password once', async () => {
    const calls = mockApi({
      'GET /clients?sort=name&page=1&limit=20': [200, list([])],
      'POST /user-management/create-client': [
        201,
        {
          success: true,
          message: 'Client created successfully',
          user: { ...anAdvocate(), role: 'client', firstName: 'Baraka', lastName: 'Njoroge' },
          temporaryPassword: 'Tmp-Pass-1234',
        },
      ],
    });
    renderList(anAdmin({ canAdmitClients: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Client' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Client' });
    await userEvent.type(within(dialog).getByLabelText('First Name'), 'Baraka');
    await userEvent.type(within(dialog).getByLabelText('Last Name'), 'Njoroge');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'baraka@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Client' }));
    const shown = await screen.findByRole('dialog', { name: 'Temporary Password' });
    expect(within(shown).getByText('Tmp-Pass-1234')).toBeInTheDocument();
    // ADR 024: the client is emailed a link to choose their own password as well.
    expect(
      within(shown).getByText(/^A welcome email with a link to choose a password was sent to /),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      firstName: 'Baraka',
      email: 'baraka@example.test',
    });
  });
});
