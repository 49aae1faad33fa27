import {
  USER_MANAGEMENT_MESSAGES,
  type ClientRead,
  type ConversationSummary,
  type PublicUser,
} from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aClientRecord, anAdmin, anAdvocate } from '../../../testing/people';
import { mockApi, renderWithApp } from '../../../testing/render';
import { ClientPage } from './client-page';

const CLIENT_ID = '00000000-0000-4000-8000-000000000003';
const CASE_ID = '10000000-0000-4000-8000-000000000001';

const detail = (overrides: Partial<ClientRead> = {}): ClientRead =>
  aClientRecord(
    {
      phone: '+254711000222',
      createdAt: '2026-10-01T08:00:00.000Z',
      lastLogin: '2026-11-20T08:00:00.000Z',
      openCases: 1,
    },
    {
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
    },
  );

const CONVERSATION_ID = '20000000-0000-4000-8000-000000000001';
const CONVERSATIONS = `GET /conversations?clientId=${CLIENT_ID}&limit=20`;

const conversation = (overrides: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id: CONVERSATION_ID,
  subject: 'Title deed copies',
  clientId: CLIENT_ID,
  clientName: 'Amani Otieno',
  caseId: CASE_ID,
  caseLabel: 'MWA/2026/0042 · Boundary dispute',
  createdAt: '2026-11-20T07:00:00.000Z',
  lastMessageAt: '2026-11-23T07:05:00.000Z',
  lastMessage: null,
  unreadCount: 2,
  staff: [],
  ...overrides,
});

const conversationList = (conversations: ConversationSummary[], total = conversations.length) => ({
  success: true,
  count: conversations.length,
  total,
  pagination: { page: 1, limit: 20, pages: Math.max(1, Math.ceil(total / 20)) },
  conversations,
});

/** The page's two reads: the client, and their conversations (none unless given). */
const pageAnswers = (
  client: ClientRead = detail(),
  conversations: ReturnType<typeof conversationList> = conversationList([]),
) => ({
  [`GET /clients/${CLIENT_ID}`]: [200, client] as [number, unknown],
  [CONVERSATIONS]: [200, conversations] as [number, unknown],
});

const renderPage = (actor: PublicUser) =>
  renderWithApp(<ClientPage id={CLIENT_ID} actor={actor} />, { path: `/clients/${CLIENT_ID}` });

afterEach(() => vi.restoreAllMocks());

describe('the client page', () => {
  it('shows contact details, cases (linked), appointments and the advocate’s actions', async () => {
    mockApi(pageAnswers());
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
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute(
      'href',
      `/messages?new=1&client=${CLIENT_ID}`,
    );
  });

  it('lists the client’s conversations, each opening under Messages, with unread and time in Nairobi', async () => {
    const calls = mockApi(
      pageAnswers(
        detail(),
        conversationList([
          conversation(),
          conversation({
            id: '20000000-0000-4000-8000-000000000002',
            subject: 'Fees for the survey',
            caseId: null,
            caseLabel: null,
            unreadCount: 0,
          }),
        ]),
      ),
    );
    renderPage(anAdvocate());
    const messages = await screen.findByRole('region', { name: 'Messages' });
    const first = await within(messages).findByRole('link', { name: 'Title deed copies' });
    expect(first).toHaveAttribute('href', `/messages?c=${CONVERSATION_ID}`);
    const firstRow = first.closest('li')!;
    expect(firstRow).toHaveTextContent('MWA/2026/0042 · Boundary dispute');
    // 07:05 UTC is 10:05 in Nairobi.
    expect(firstRow).toHaveTextContent('Last message Mon 23 Nov 2026, 10:05');
    expect(within(firstRow).getByText('2 unread')).toBeInTheDocument();
    const secondRow = within(messages)
      .getByRole('link', { name: 'Fees for the survey' })
      .closest('li')!;
    expect(secondRow).toHaveTextContent('General');
    expect(secondRow).not.toHaveTextContent('unread');
    expect(calls.map((call) => call.url)).toContain(
      `/api/conversations?clientId=${CLIENT_ID}&limit=20`,
    );
    expect(
      within(messages).queryByText('Only the conversations you are named on are shown.'),
    ).not.toBeInTheDocument();
  });

  it('says when only the latest conversations are listed', async () => {
    mockApi(pageAnswers(detail(), conversationList([conversation()], 23)));
    renderPage(anAdvocate());
    expect(
      await screen.findByText('The latest 1 of 23 conversations are shown.'),
    ).toBeInTheDocument();
  });

  it('says the messages could not be loaded, and loads them again on Try again', async () => {
    let failing = true;
    mockApi({
      [`GET /clients/${CLIENT_ID}`]: [200, detail()],
      // An answer without the API's message (a 4xx is not retried): the page's own text.
      [CONVERSATIONS]: () => (failing ? [400, {}] : [200, conversationList([conversation()])]),
    });
    renderPage(anAdvocate());
    const messages = await screen.findByRole('region', { name: 'Messages' });
    const alert = await within(messages).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the messages');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(messages).findByRole('link', { name: 'Title deed copies' })).toBeVisible();
  });

  it('tells an admin who may not open files that only their conversations are listed', async () => {
    mockApi(pageAnswers());
    renderPage(anAdmin({ canAdmitClients: true }));
    const messages = await screen.findByRole('region', { name: 'Messages' });
    expect(
      within(messages).getByText('Only the conversations you are named on are shown.'),
    ).toBeInTheDocument();
    // Any member of staff who sees the client may write to them.
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute(
      'href',
      `/messages?new=1&client=${CLIENT_ID}`,
    );
  });

  it('offers no Message action for a deactivated client', async () => {
    mockApi(pageAnswers(detail({ client: { ...detail().client, isActive: false } })));
    renderPage(anAdvocate());
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('shows that a new email address waits for the client to confirm it', async () => {
    mockApi(
      pageAnswers(
        detail({ client: { ...detail().client, pendingEmail: 'amani.new@example.test' } }),
      ),
    );
    renderPage(anAdvocate());
    const email = await screen.findByLabelText('Email');
    // The address in use stays until the client opens the link.
    expect(email).toHaveValue('amani@example.test');
    expect(email).toHaveAccessibleDescription(
      'Waiting for amani.new@example.test to be confirmed by the client.',
    );
  });

  it('saves only the phone when only the phone changed', async () => {
    const calls = mockApi({
      ...pageAnswers(),
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
    const calls = mockApi(pageAnswers());
    renderPage(anAdvocate());
    const phone = await screen.findByLabelText('Phone (optional)');
    await userEvent.clear(phone);
    await userEvent.type(phone, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('shows contact details read-only, and no case links, to an admin who may not open files', async () => {
    mockApi(pageAnswers(detail({ cases: null })));
    renderPage(anAdmin({ canManageCases: true }));
    expect(await screen.findByText('1 open case')).toBeInTheDocument();
    expect(screen.queryByLabelText('Phone (optional)')).not.toBeInTheDocument();
    expect(screen.getByText('+254711000222')).toBeInTheDocument();
    // New Case opens on /cases, which needs canOpenFiles: a link there would only bounce.
    expect(screen.queryByRole('link', { name: 'New Case' })).not.toBeInTheDocument();
  });

  it('asks before deactivating, and does nothing when told no', async () => {
    const calls = mockApi(pageAnswers());
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderPage(anAdvocate());
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to deactivate this user?');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('resets the password after a confirmation and shows the new one once', async () => {
    mockApi({
      ...pageAnswers(),
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

  it('a client who has not signed in yet: marked so, and an admin who admits clients may resend the invitation (ADR 024)', async () => {
    const calls = mockApi({
      ...pageAnswers(detail({ client: { ...detail().client, lastLogin: null } })),
      [`POST /user-management/user/${CLIENT_ID}/resend-invitation`]: [
        200,
        {
          success: true,
          message: USER_MANAGEMENT_MESSAGES.invitationResent,
          user: anAdvocate(),
        },
      ],
    });
    renderPage(anAdmin({ canAdmitClients: true }));
    expect(await screen.findByText('Not signed in yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText(USER_MANAGEMENT_MESSAGES.invitationResent)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(true);
  });

  it('offers no resend to an admin who may not admit clients, nor for a client who has signed in', async () => {
    mockApi(pageAnswers(detail({ client: { ...detail().client, lastLogin: null } })));
    const { unmount } = renderPage(anAdmin({ canOpenFiles: true }));
    expect(await screen.findByText('Not signed in yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();
    unmount();

    mockApi(pageAnswers());
    renderPage(anAdvocate());
    expect(await screen.findByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.queryByText('Not signed in yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();
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
