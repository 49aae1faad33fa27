import type { ClientRead, PublicUser } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAdmin, anAdvocate } from '../../../testing/people';
import { mockApi, renderWithApp } from '../../../testing/render';
import { ClientPage } from './client-page';

const CLIENT_ID = '00000000-0000-4000-8000-000000000003';
const CASE_ID = '10000000-0000-4000-8000-000000000001';

const detail = (overrides: Partial<ClientRead> = {}): ClientRead => ({
  success: true,
  client: {
    id: CLIENT_ID,
    firstName: 'Amani',
    lastName: 'Otieno',
    email: 'amani@example.test',
    phone: '+254711000222',
    isActive: true,
    createdAt: '2026-10-01T08:00:00.000Z',
    lastLogin: '2026-11-20T08:00:00.000Z',
    openCases: 1,
    nextAppointment: null,
    mustChangePassword: false,
    pendingEmail: null,
  },
  cases: [
    {
      id: CASE_ID,
      caseNumber: 'MWA/2026/0042',
      title: 'Boundary dispute',
      status: 'in_progress',
      updatedAt: '2026-11-20T08:00:00.000Z',
    },
  ],
  appointments: [
    {
      id: 'a1',
      title: 'Site visit',
      type: 'consultation',
      status: 'confirmed',
      startsAt: '2026-12-03T07:00:00.000Z',
      durationMinutes: 30,
    },
  ],
  ...overrides,
});

const renderPage = (actor: PublicUser) =>
  renderWithApp(<ClientPage id={CLIENT_ID} actor={actor} />, { path: `/clients/${CLIENT_ID}` });

afterEach(() => vi.restoreAllMocks());

describe('the client page', () => {
  it('shows contact details, cases (linked), appointments and the advocate’s actions', async () => {
    mockApi({ [`GET /clients/${CLIENT_ID}`]: [200, detail()] });
    renderPage(anAdvocate());
    expect(await screen.findByRole('heading', { name: 'Amani Otieno' })).toBeInTheDocument();
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('+254711000222');
    expect(screen.getByRole('link', { name: 'MWA/2026/0042: Boundary dispute' })).toHaveAttribute(
      'href',
      `/cases/${CASE_ID}`,
    );
    expect(screen.getByText('Site visit')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Case' })).toHaveAttribute(
      'href',
      `/cases?new=1&client=${CLIENT_ID}&clientName=Amani+Otieno`,
    );
    expect(screen.getByRole('link', { name: 'Book Appointment' }).getAttribute('href')).toMatch(
      /^\/appointments\?book=consultation&client=/,
    );
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /message/i })).not.toBeInTheDocument();
  });

  it('saves only the phone when only the phone changed', async () => {
    const calls = mockApi({
      [`GET /clients/${CLIENT_ID}`]: [200, detail()],
      [`PATCH /clients/${CLIENT_ID}`]: [
        200,
        {
          ...detail({ client: { ...detail().client, phone: '+254722333444' } }),
          message: 'Client details updated',
        },
      ],
    });
    renderPage(anAdmin({ canAdmitClients: true }));
    const phone = await screen.findByLabelText('Phone (optional)');
    await userEvent.clear(phone);
    await userEvent.type(phone, '0722 333 444');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Client details updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ phone: '+254722333444' });
    // An admin is not an advocate: no account actions.
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
  });

  it('shows a field message from the form and does not send a bad phone', async () => {
    const calls = mockApi({ [`GET /clients/${CLIENT_ID}`]: [200, detail()] });
    renderPage(anAdvocate());
    const phone = await screen.findByLabelText('Phone (optional)');
    await userEvent.clear(phone);
    await userEvent.type(phone, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('shows contact details read-only, and no case links, to an admin who may not open files', async () => {
    mockApi({ [`GET /clients/${CLIENT_ID}`]: [200, detail({ cases: null })] });
    renderPage(anAdmin({ canManageCases: true }));
    expect(await screen.findByText('1 open case')).toBeInTheDocument();
    expect(screen.queryByLabelText('Phone (optional)')).not.toBeInTheDocument();
    expect(screen.getByText('+254711000222')).toBeInTheDocument();
    // New Case opens on /cases, which needs canOpenFiles: a link there would only bounce.
    expect(screen.queryByRole('link', { name: 'New Case' })).not.toBeInTheDocument();
  });

  it('asks before deactivating, and does nothing when told no', async () => {
    const calls = mockApi({ [`GET /clients/${CLIENT_ID}`]: [200, detail()] });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderPage(anAdvocate());
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to deactivate this user?');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('resets the password after a confirmation and shows the new one once', async () => {
    mockApi({
      [`GET /clients/${CLIENT_ID}`]: [200, detail()],
      [`PUT /user-management/user/${CLIENT_ID}/reset-password`]: [
        200,
        {
          success: true,
          message: 'Password reset successfully',
          user: anAdvocate(),
          temporaryPassword: 'New-Temp-987',
        },
      ],
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPage(anAdvocate());
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Temporary Password' });
    expect(within(dialog).getByText('New-Temp-987')).toBeInTheDocument();
  });

  it('says the client was not found', async () => {
    mockApi({
      [`GET /clients/${CLIENT_ID}`]: [
        404,
        { message: 'Client not found', code: 'CLIENT_NOT_FOUND' },
      ],
    });
    renderPage(anAdvocate());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Client not found'));
    expect(screen.getByRole('link', { name: 'All clients' })).toHaveAttribute('href', '/clients');
  });
});
