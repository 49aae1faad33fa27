import type { ManagedUser, UserList } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminOverview } from './admin-overview';
import { answerApi as mockFetch } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';
import { anAdmin, anAdvocate } from '../../../testing/people';

afterEach(() => vi.restoreAllMocks());

const advocate = anAdvocate({ firstName: 'Amara', lastName: 'Mwamba', email: 'owner@mwamba.test' });

const admin: ManagedUser = {
  ...anAdmin({}, { phone: '+254722111222' }),
  casesAssigned: 0,
  clientsManaged: 0,
  twoFactor: false,
};

const list = (users: ManagedUser[]): UserList => ({
  success: true,
  count: users.length,
  total: users.length,
  pagination: { page: 1, limit: 20, pages: 1 },
  users,
  stats: {
    total: 2,
    active: 2,
    inactive: 0,
    advocates: 1,
    pendingAdvocates: 0,
    admins: users.length,
    activeAdmins: users.length,
    inactiveAdmins: 0,
    clients: 0,
    adminCasesAssigned: 0,
  },
});

describe('Admin Overview', () => {
  it('Add New Admin opens the one Add Admin form: phone optional, six toggles, a generated password', async () => {
    const created = {
      success: true,
      message: 'Admin created successfully',
      user: anAdmin({ canScheduleAppointments: true }, { firstName: 'Imani', lastName: 'Wanjiku' }),
      temporaryPassword: 'Kx7-pQ2m-Lw9z',
    };
    const calls = mockFetch((method) => (method === 'POST' ? [201, created] : [200, list([])]));
    renderWithApp(<AdminOverview actor={advocate} />, { path: '/admin-management' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Admin' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Admin' }));
    expect(dialog.getAllByRole('switch')).toHaveLength(6);
    expect(dialog.queryByLabelText(/Temporary Password/)).toBeNull();
    await userEvent.type(dialog.getByLabelText(/First Name/), 'Imani');
    await userEvent.type(dialog.getByLabelText(/Last Name/), 'Wanjiku');
    await userEvent.type(dialog.getByLabelText(/^Email/), 'imani.wanjiku@mwamba.test');
    await userEvent.click(dialog.getByRole('switch', { name: /Schedule Appointments/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create Admin' }));
    const shown = within(await screen.findByRole('dialog', { name: 'Temporary Password' }));
    expect(shown.getByText('Kx7-pQ2m-Lw9z')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/user-management/create-admin');
    expect(post.body).toMatchObject({
      email: 'imani.wanjiku@mwamba.test',
      permissions: { canScheduleAppointments: true, canOpenFiles: false },
    });
  });

  it('asks the server for admins only, and shows the stat cards and the table', async () => {
    const calls = mockFetch(() => [200, list([admin])]);
    renderWithApp(<AdminOverview actor={advocate} />, { path: '/admin-management' });
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(within(row).getByText('Njeri Mwangi')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).getByText('0 cases')).toBeInTheDocument();
    expect(screen.getByText('Total Admins').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Total Cases').nextSibling).toHaveTextContent('0');
    expect(calls[0]!.url).toBe('/api/user-management/users?role=admin&page=1&limit=20');
  });

  it("says 'No admins have been created yet', or to adjust the search when filtered", async () => {
    mockFetch(() => [200, list([])]);
    renderWithApp(<AdminOverview actor={advocate} />, { path: '/admin-management' });
    expect(await screen.findByText('No admins found')).toBeInTheDocument();
    expect(screen.getByText('No admins have been created yet')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search admins' }), 'zz');
    expect(await screen.findByText('Try adjusting your search criteria')).toBeInTheDocument();
  });

  it('keeps the search, filter and page in the URL, so a link or reload shows the same list', async () => {
    const calls = mockFetch(() => [
      200,
      { ...list([admin]), pagination: { page: 2, limit: 20, pages: 3 } },
    ]);
    const { router } = renderWithApp(<AdminOverview actor={advocate} />, {
      path: '/admin-management?admins.status=inactive&admins.page=2',
    });
    expect(await screen.findByText('Njeri Mwangi')).toBeInTheDocument();
    expect(calls[0]!.url).toBe(
      '/api/user-management/users?role=admin&status=inactive&page=2&limit=20',
    );
    expect(screen.getByRole('combobox', { name: 'Filter admins by status' })).toHaveValue(
      'inactive',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?admins.status=inactive&admins.page=3');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search admins' }), 'Njeri');
    // A new search starts again at page 1.
    expect(router.state.location.search).toBe('?admins.status=inactive&admins.search=Njeri');
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe(
        '/api/user-management/users?role=admin&search=Njeri&status=inactive&page=1&limit=20',
      ),
    );
  });

  it('toggles and deletes with the overview’s own texts', async () => {
    mockFetch((method) => {
      if (method === 'PUT') return [200, { success: true, message: 'x', user: admin }];
      if (method === 'DELETE') return [500, {}];
      return [200, list([admin])];
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithApp(<AdminOverview actor={advocate} />, { path: '/admin-management' });
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Njeri Mwangi' }));
    expect(await screen.findByText('Admin status updated successfully!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Njeri Mwangi' }));
    expect(window.confirm).toHaveBeenCalledWith(
      'Are you sure you want to delete this admin? This action cannot be undone.',
    );
    expect(await screen.findByText('Failed to delete admin')).toBeInTheDocument();
  });

  it('opens the details with contact, performance and dates', async () => {
    mockFetch(() => [200, list([admin])]);
    renderWithApp(<AdminOverview actor={advocate} />, { path: '/admin-management' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'View details of Njeri Mwangi' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Admin Details' });
    expect(within(dialog).getByText('+254722111222')).toBeInTheDocument();
    expect(within(dialog).getByText('Never')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
