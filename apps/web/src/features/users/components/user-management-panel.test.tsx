import { USER_MANAGEMENT_MESSAGES, type ManagedUser, type UserList } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi as mockFetch } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';
import { UserManagementPanel } from './user-management-panel';
import { anAdvocate } from '../../../testing/people';

afterEach(() => vi.restoreAllMocks());

const advocate = anAdvocate({ firstName: 'Amara', lastName: 'Mwamba', email: 'owner@mwamba.test' });

const person = (overrides: Partial<ManagedUser>): ManagedUser => ({
  ...advocate,
  casesAssigned: 0,
  clientsManaged: 0,
  twoFactor: false,
  ...overrides,
});

const admin = person({
  id: '00000000-0000-4000-8000-000000000002',
  firstName: 'Njeri',
  lastName: 'Mwangi',
  email: 'njeri@mwamba.test',
  role: 'admin',
  verificationStatus: undefined,
  permissions: {
    canOpenFiles: true,
    canUploadFiles: false,
    canAdmitClients: false,
    canManageCases: false,
    canScheduleAppointments: false,
    canAccessReports: false,
  },
});
const pending = person({
  id: '00000000-0000-4000-8000-000000000003',
  firstName: 'Pendo',
  lastName: 'Achieng',
  isActive: false,
  verificationStatus: 'pending',
});

const list = (users: ManagedUser[]): UserList => ({
  success: true,
  count: users.length,
  total: users.length,
  pagination: { page: 1, limit: 20, pages: 1 },
  users,
  stats: {
    total: 3,
    active: 2,
    inactive: 0,
    advocates: 2,
    pendingAdvocates: 1,
    admins: 1,
    activeAdmins: 1,
    inactiveAdmins: 0,
    clients: 0,
    adminCasesAssigned: 0,
  },
});

describe('Advanced User Management', () => {
  it('lists users with their actions; none that would act on the advocate themself', async () => {
    mockFetch(() => [200, list([advocate as ManagedUser, admin, pending].map((u) => person(u)))]);
    renderWithApp(<UserManagementPanel actor={advocate} />, { path: '/admin-management' });
    const table = await screen.findByRole('table', { name: 'Users' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('(you)')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(rows[2]!).getByRole('button', { name: 'Edit permissions of Njeri Mwangi' }),
    ).toBeInTheDocument();
    expect(
      within(rows[3]!).getByRole('button', { name: 'Verify Pendo Achieng' }),
    ).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Pending verification')).toBeInTheDocument();
    expect(screen.getByText('Total Users').nextSibling).toHaveTextContent('3');
  });

  it('filters by status from the URL (the dashboard’s advocates awaiting verification)', async () => {
    const calls = mockFetch((_method, path) =>
      path.includes('status=pending') ? [200, list([pending])] : [200, list([admin])],
    );
    const { router } = renderWithApp(<UserManagementPanel actor={advocate} />, {
      path: '/admin-management?tab=users&users.status=pending',
    });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('Pendo Achieng')).toBeInTheDocument();
    const status = screen.getByRole('combobox', { name: 'Filter users by status' });
    expect(status).toHaveValue('pending');
    expect(calls[0]!.url).toContain('status=pending');

    await userEvent.selectOptions(status, 'all');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=users'));
    expect(await within(table).findByText('Njeri Mwangi')).toBeInTheDocument();
    expect(calls.at(-1)!.url).not.toContain('status=');
  });

  it('marks who has not signed in yet, and resends their invitation (ADR 024)', async () => {
    const seen = person({
      id: '00000000-0000-4000-8000-000000000004',
      firstName: 'Baraka',
      lastName: 'Oduya',
      email: 'baraka@client.test',
      role: 'client',
      verificationStatus: undefined,
      lastLogin: '2026-11-20T08:00:00.000Z',
    });
    const calls = mockFetch((method) =>
      method === 'POST'
        ? [200, { success: true, message: USER_MANAGEMENT_MESSAGES.invitationResent, user: admin }]
        : [200, list([admin, seen])],
    );
    renderWithApp(<UserManagementPanel actor={advocate} />, { path: '/admin-management' });
    const table = await screen.findByRole('table', { name: 'Users' });
    const [, adminRow, seenRow] = within(table).getAllByRole('row');
    expect(within(adminRow!).getByText('Not signed in yet')).toBeInTheDocument();
    expect(within(seenRow!).queryByText('Not signed in yet')).not.toBeInTheDocument();
    expect(
      within(seenRow!).queryByRole('button', { name: /Resend invitation/ }),
    ).not.toBeInTheDocument();

    await userEvent.click(
      within(adminRow!).getByRole('button', { name: 'Resend invitation to Njeri Mwangi' }),
    );
    expect(await screen.findByText(USER_MANAGEMENT_MESSAGES.invitationResent)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.url).toBe(
      `/api/user-management/user/${admin.id}/resend-invitation`,
    );
  });

  it('deactivates only after the confirm, then says so', async () => {
    const calls = mockFetch((method) =>
      method === 'PUT'
        ? [200, { success: true, message: 'User deactivated successfully', user: admin }]
        : [200, list([admin])],
    );
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    renderWithApp(<UserManagementPanel actor={advocate} />, { path: '/admin-management' });
    const button = await screen.findByRole('button', { name: 'Deactivate Njeri Mwangi' });
    await userEvent.click(button);
    expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to deactivate this user?');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.url).toBe(
      `/api/user-management/user/${admin.id}/deactivate`,
    );
  });

  it('offers to reset two-factor sign-in only to those who have it, after the confirm', async () => {
    const withTwoFactor = { ...admin, twoFactor: true };
    const calls = mockFetch((method) =>
      method === 'POST'
        ? [200, { success: true, message: USER_MANAGEMENT_MESSAGES.twoFactorReset }]
        : [200, list([withTwoFactor, pending])],
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithApp(<UserManagementPanel actor={advocate} />, { path: '/admin-management' });
    const button = await screen.findByRole('button', {
      name: 'Reset two-factor of Njeri Mwangi',
    });
    expect(screen.queryByRole('button', { name: 'Reset two-factor of Pendo Achieng' })).toBeNull();
    await userEvent.click(button);
    expect(confirm).toHaveBeenLastCalledWith(
      USER_MANAGEMENT_MESSAGES.resetTwoFactorConfirm('Njeri Mwangi'),
    );
    expect(await screen.findByText(USER_MANAGEMENT_MESSAGES.twoFactorReset)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.url).toBe(
      `/api/user-management/user/${admin.id}/reset-two-factor`,
    );
  });

  it('shows the reset password once, with Copy Password and Close', async () => {
    mockFetch((method) =>
      method === 'PUT'
        ? [
            200,
            {
              success: true,
              message: 'Password reset successfully',
              user: admin,
              temporaryPassword: 'Kx7mPq2nRt9wZa',
            },
          ]
        : [200, list([admin])],
    );
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<UserManagementPanel actor={advocate} />, { path: '/admin-management' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Reset password of Njeri Mwangi' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Temporary Password' });
    expect(within(dialog).getByLabelText('Temporary password')).toHaveTextContent('Kx7mPq2nRt9wZa');
    expect(screen.getByText('Password reset successfully')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy Password' }));
    expect(writeText).toHaveBeenCalledWith('Kx7mPq2nRt9wZa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'Failed to delete user' when the server gives no message", async () => {
    mockFetch((method) => (method === 'DELETE' ? [500, {}] : [200, list([admin])]));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithApp(<UserManagementPanel actor={advocate} />, { path: '/admin-management' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Njeri Mwangi' }));
    expect(window.confirm).toHaveBeenCalledWith(
      'Are you sure you want to permanently delete this user? This action cannot be undone.',
    );
    expect(await screen.findByText('Failed to delete user')).toBeInTheDocument();
  });

  it('has loading, empty and error states', async () => {
    let answer: [number, unknown] = [200, list([])];
    mockFetch(() => answer);
    const { unmount } = renderWithApp(<UserManagementPanel actor={advocate} />, {
      path: '/admin-management',
    });
    expect(screen.getByText('Loading users…')).toBeInTheDocument();
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    unmount();

    answer = [500, {}];
    renderWithApp(<UserManagementPanel actor={advocate} />, { path: '/admin-management' });
    await waitFor(
      () => expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch users'),
      { timeout: 5000 },
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('tells anyone but an advocate that it is not for them', () => {
    mockFetch(() => [403, {}]);
    renderWithApp(<UserManagementPanel actor={{ ...admin, role: 'admin' }} />, {
      path: '/admin-management',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Access Denied - Only advocates (superusers) can access user management.',
    );
  });
});
