import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CreateUserModal } from './create-user-modal';
import { ZERO_PERMISSIONS_WARNING } from './permission-toggles';
import { http, HttpResponse, server } from '../../../testing/msw';
import { answerApi as mockFetch } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';

const created = {
  success: true,
  message: 'Admin created successfully',
  user: {
    id: '8f1c6a52-4b59-4c59-9a57-1b1f6c3f2e11',
    firstName: 'Njeri',
    lastName: 'Mwangi',
    email: 'njeri@mwamba.test',
    phone: null,
    role: 'admin',
    isActive: true,
    createdAt: '2026-11-20T08:00:00.000Z',
    lastLogin: null,
    mustChangePassword: true,
  },
  temporaryPassword: 'Abcdefgh23456k',
};

describe('Add Admin / Add Client (Advanced User Management)', () => {
  it("says 'Please fill in all required fields' and names each missing field", async () => {
    const calls = mockFetch(() => [500, {}]);
    renderWithApp(<CreateUserModal kind="client" onClose={() => {}} onCreated={() => {}} />, {
      path: '/admin-management',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please fill in all required fields',
    );
    expect(screen.getByLabelText(/First Name/)).toHaveAccessibleDescription(
      'First name is required',
    );
    expect(screen.getByLabelText(/Last Name/)).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Email is required');
    expect(calls).toHaveLength(0);
  });

  it('checks the email and phone when given', async () => {
    mockFetch(() => [500, {}]);
    renderWithApp(<CreateUserModal kind="client" onClose={() => {}} onCreated={() => {}} />, {
      path: '/admin-management',
    });
    await userEvent.type(screen.getByLabelText(/First Name/), 'Kariuki');
    await userEvent.type(screen.getByLabelText(/Last Name/), 'Njoroge');
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await userEvent.type(screen.getByLabelText(/Phone/), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument();
    expect(screen.queryByText('Please fill in all required fields')).not.toBeInTheDocument();
  });

  it('warns while an admin has no permission, and sends the toggles chosen', async () => {
    const calls = mockFetch(() => [201, created]);
    const onCreated = vi.fn();
    renderWithApp(<CreateUserModal kind="admin" onClose={() => {}} onCreated={onCreated} />, {
      path: '/admin-management',
    });
    expect(screen.getByText(ZERO_PERMISSIONS_WARNING)).toBeInTheDocument();
    expect(screen.getAllByRole('switch')).toHaveLength(6);
    await userEvent.click(screen.getByRole('switch', { name: 'Admit Clients' }));
    expect(screen.queryByText(ZERO_PERMISSIONS_WARNING)).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/First Name/), 'Njeri');
    await userEvent.type(screen.getByLabelText(/Last Name/), 'Mwangi');
    await userEvent.type(screen.getByLabelText(/^Email/), 'njeri@mwamba.test');
    await userEvent.click(screen.getByRole('button', { name: 'Create Admin' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/user-management/create-admin',
      body: {
        firstName: 'Njeri',
        lastName: 'Mwangi',
        email: 'njeri@mwamba.test',
        permissions: {
          canOpenFiles: false,
          canUploadFiles: false,
          canAdmitClients: true,
          canManageCases: false,
          canScheduleAppointments: false,
          canAccessReports: false,
        },
      },
    });
    expect(await screen.findByText('Admin created successfully')).toBeInTheDocument();
  });

  it("shows the server's message, or 'Failed to create client' when it gives none", async () => {
    mockFetch(() => [409, { message: 'An account with this email already exists' }]);
    renderWithApp(<CreateUserModal kind="client" onClose={() => {}} onCreated={() => {}} />, {
      path: '/admin-management',
    });
    await userEvent.type(screen.getByLabelText(/First Name/), 'K');
    await userEvent.type(screen.getByLabelText(/Last Name/), 'N');
    await userEvent.type(screen.getByLabelText(/^Email/), 'k@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists',
    );

    server.use(http.post('/api/*', () => new HttpResponse('', { status: 502 })));
    await userEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to create client'),
    );
  });

  it('shows the conflict check’s matches and sends “Checked: no conflict” with the reason', async () => {
    const conflict =
      'Possible conflicts of interest were found. Review the matches and confirm "Checked: no conflict" with a reason before saving. Wanjiru Kamau resembles Wanjiru W. Kamau: opposing party in MWA/2026/0003.';
    const calls = mockFetch((_method, _path, body) =>
      (body as { conflictCheck?: unknown }).conflictCheck
        ? [201, { ...created, message: 'Client created successfully' }]
        : [409, { message: conflict, code: 'CONFLICT_CHECK_REQUIRED' }],
    );
    const onCreated = vi.fn();
    renderWithApp(<CreateUserModal kind="client" onClose={() => {}} onCreated={onCreated} />, {
      path: '/admin-management',
    });
    await userEvent.type(screen.getByLabelText(/First Name/), 'Wanjiru');
    await userEvent.type(screen.getByLabelText(/Last Name/), 'Kamau');
    await userEvent.type(screen.getByLabelText(/^Email/), 'wk@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    expect(await screen.findByText(/opposing party in MWA\/2026\/0003/)).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Checked: no conflict'));
    await userEvent.type(screen.getByLabelText('Reason there is no conflict'), 'ID differs.');
    await userEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(calls.at(-1)?.body).toMatchObject({
      conflictCheck: { cleared: true, reason: 'ID differs.' },
    });
  });
});
