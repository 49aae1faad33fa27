import { SETUP_ITEMS, type DashboardStats } from '@firm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, server } from '../../../testing/msw';
import { mockApi, renderWithApp } from '../../../testing/render';
import { aClient, anAdmin, anAdvocate } from '../../../testing/people';
import { Component as Dashboard } from '../routes/dashboard';
import { ClientDashboard } from './client-dashboard';
import { StaffDashboard } from './staff-dashboard';

const dates = {
  today: '2026-11-23',
  weekStart: '2026-11-23',
  weekEnd: '2026-11-29',
  monthStart: '2026-11-01',
  monthEnd: '2026-11-30',
};

const clientStats = (overrides: Partial<NonNullable<DashboardStats['client']>> = {}) =>
  ({
    role: 'client',
    ...dates,
    client: {
      activeCases: 2,
      upcomingAppointments: 1,
      unreadMessages: 3,
      recentMessages: [
        {
          conversationId: 'm1',
          subject: 'Title deed copy',
          sender: 'Wanjiru Kamau',
          message: 'Please bring the original on Monday.',
          time: '2026-11-22T08:00:00.000Z',
          unread: true,
        },
      ],
      feesPendingKsh: 5000,
      feesPendingCount: 1,
      recentCases: [
        {
          id: 'c1',
          caseNumber: 'MWA/2026/0042',
          title: 'Boundary dispute Ngong',
          status: 'in_progress',
          lastUpdate: '2026-11-20T08:00:00.000Z',
          nextAction: 'Court date on Thu 3 Dec 2026',
          priority: 'high',
        },
      ],
      upcoming: [
        {
          id: 'a1',
          title: 'Land sale advice',
          date: '2026-12-01',
          time: '10:00',
          type: 'consultation',
          status: 'scheduled',
          client: 'Amani Otieno',
        },
      ],
      unpaidFees: [
        {
          appointmentId: 'a1',
          reference: 'APT-A1B2C3D4',
          title: 'Land sale advice',
          date: '2026-12-01',
          feeKsh: 5000,
        },
      ],
      openCases: [
        { id: 'c1', caseNumber: 'MWA/2026/0042', title: 'Boundary dispute Ngong' },
        { id: 'c2', caseNumber: 'MWA/2026/0043', title: 'Will and probate' },
      ],
      payment: {
        mpesaKind: 'paybill',
        mpesaNumber: '522522',
        mpesaInstructions: 'Account number: your case number',
      },
      ...overrides,
    },
  }) satisfies DashboardStats;

describe('the dashboard screen', () => {
  it('greets the person, shows a skeleton while loading, and offers Try again on failure', async () => {
    localStorage.setItem('token', 'tok');
    let fail = true;
    mockApi({
      'GET /auth/me': [200, aClient({ firstName: 'Amani' })],
      'GET /dashboard/stats': () =>
        // A 4xx is not retried by the query client: the error shows at once.
        fail
          ? [403, { message: 'Access denied. You may not view this dashboard.' }]
          : [200, clientStats()],
    });
    renderWithApp(<Dashboard />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Amani' })).toBeVisible();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access denied. You may not view this dashboard.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Active cases\s*2/ })).toBeVisible();
  });

  it('shows the loading skeleton while the figures are on their way', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /auth/me': [200, aClient()] });
    // The figures never arrive in this test.
    server.use(http.get('/api/dashboard/stats', () => new Promise<never>(() => {})));
    renderWithApp(<Dashboard />, { path: '/dashboard' });
    expect(await screen.findByRole('status', { name: 'Loading your dashboard' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Active cases/ })).toBeNull();
  });
});

describe('ClientDashboard', () => {
  it("shows the client's own court dates of the next 14 days", () => {
    renderWithApp(
      <ClientDashboard
        stats={{
          ...clientStats(),
          courtDates: {
            count: 1,
            next: [
              {
                caseId: 'c1',
                caseNumber: 'MWA/2026/0042',
                title: 'Boundary dispute Ngong',
                courtDate: '2026-12-03T07:00:00.000Z',
                court: 'Milimani Law Courts',
              },
            ],
          },
        }}
      />,
      { path: '/dashboard' },
    );
    const panel = screen.getByRole('region', { name: 'Court Dates: Next 14 Days' });
    expect(within(panel).getByRole('link', { name: 'Boundary dispute Ngong' })).toHaveAttribute(
      'href',
      '/cases/c1',
    );
    expect(within(panel).getByText(/Milimani Law Courts · MWA\/2026\/0042/)).toBeVisible();
  });

  it('links each of the four tiles to the list it counts, and shows the recent messages', () => {
    renderWithApp(<ClientDashboard stats={clientStats()} />, { path: '/dashboard' });
    const tiles = within(screen.getByRole('list', { name: 'Your figures' })).getAllByRole('link');
    expect(tiles.map((tile) => tile.getAttribute('href'))).toEqual([
      '/cases?status=open',
      '/appointments?status=live&from=2026-11-23',
      '/messages',
      '/appointments?payment=pending',
    ]);
    expect(screen.getByRole('link', { name: /Unread messages\s*3/ })).toBeVisible();
    expect(screen.getByRole('link', { name: /Fees pending\s*KSh 5,000/ })).toBeVisible();
    expect(screen.getByText('Next: Court date on Thu 3 Dec 2026')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Title deed copy' })).toHaveAttribute(
      'href',
      '/messages?c=m1',
    );
    expect(screen.getByText('Please bring the original on Monday.')).toBeVisible();
  });

  it('Send Message starts a new conversation on the messages screen', async () => {
    const { router } = renderWithApp(<ClientDashboard stats={clientStats()} />, {
      path: '/dashboard',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/messages?new=1',
    );
  });

  it('Book Appointment opens the booking on the appointments screen', async () => {
    const { router } = renderWithApp(<ClientDashboard stats={clientStats()} />, {
      path: '/dashboard',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(router.state.location.pathname).toBe('/appointments');
    expect(router.state.location.search).toBe('?book=consultation');
  });

  it('Upload Document picks an open case, then opens it at the upload area', async () => {
    const { router } = renderWithApp(<ClientDashboard stats={clientStats()} />, {
      path: '/dashboard',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Upload Document' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload Document' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Case'), 'c2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/cases/c2?upload=1',
    );
  });

  it('Upload Document with no open case says so', async () => {
    renderWithApp(<ClientDashboard stats={clientStats({ openCases: [] })} />, {
      path: '/dashboard',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Upload Document' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload Document' });
    expect(within(dialog).getByText('You have no open cases to add documents to')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('Make Payment lists the unpaid fees with the M-Pesa paybill and instructions', async () => {
    renderWithApp(<ClientDashboard stats={clientStats()} />, { path: '/dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Make Payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Make Payment' });
    const table = within(dialog).getByRole('table', { name: 'Unpaid fees' });
    expect(within(table).getByText('APT-A1B2C3D4')).toBeVisible();
    expect(within(dialog).getByText('M-Pesa Paybill:')).toBeVisible();
    expect(within(dialog).getByText('522522')).toBeVisible();
    expect(within(dialog).getByText('Account number: your case number')).toBeVisible();
    // Every fee listed: no word about others.
    expect(within(dialog).queryByText(/oldest of your/)).toBeNull();
  });

  it('Make Payment says when it lists only the oldest of more unpaid fees than it shows', async () => {
    // More counted than listed: Billing is asked first, and nothing is owed on fee notes.
    mockApi({
      'GET /fee-notes?limit=1': [
        200,
        { feeNotes: [], pagination: { page: 1, limit: 1, pages: 0 }, balanceKsh: 0 },
      ],
    });
    renderWithApp(
      <ClientDashboard stats={clientStats({ feesPendingCount: 23, feesPendingKsh: 115_000 })} />,
      { path: '/dashboard' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Make Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Payment' });
    expect(
      within(dialog).getByText(
        'These are the 1 oldest of your 23 unpaid fees; the total counts them all.',
        { exact: false },
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'See every appointment' })).toHaveAttribute(
      'href',
      '/appointments',
    );
  });

  it('Make Payment goes to Billing when fee notes are owed, asking nothing when only fees are', async () => {
    // The figures count a fee note's balance beside the one appointment listed.
    const calls = mockApi({
      'GET /fee-notes?limit=1': [
        200,
        { feeNotes: [], pagination: { page: 1, limit: 1, pages: 1 }, balanceKsh: 58_000 },
      ],
    });
    const { router } = renderWithApp(
      <ClientDashboard stats={clientStats({ feesPendingCount: 2, feesPendingKsh: 63_000 })} />,
      { path: '/dashboard', routes: [{ path: '/billing', element: <h1>Billing</h1> }] },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Make Payment' }));
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/billing');
    expect(calls.map((call) => call.url)).toEqual(['/api/fee-notes?limit=1']);
  });

  it('Make Payment opens the instructions at once when every fee counted is listed', async () => {
    const calls = mockApi({});
    renderWithApp(<ClientDashboard stats={clientStats()} />, { path: '/dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Make Payment' }));
    expect(screen.getByRole('dialog', { name: 'Make Payment' })).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('Make Payment says when the firm has no M-Pesa details yet, and when nothing is owed', async () => {
    renderWithApp(
      <ClientDashboard
        stats={clientStats({
          unpaidFees: [],
          feesPendingKsh: 0,
          feesPendingCount: 0,
          payment: { mpesaKind: 'paybill', mpesaNumber: '', mpesaInstructions: '' },
        })}
      />,
      { path: '/dashboard' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Make Payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Make Payment' });
    expect(within(dialog).getByText('You have no unpaid fees')).toBeVisible();
    expect(within(dialog).getByText(/has not yet set up M-Pesa payment details/)).toBeVisible();
    // Never a dead end: the firm's number to call, and a message to write instead.
    expect(within(dialog).getByRole('link', { name: '+254 20 765 4321' })).toHaveAttribute(
      'href',
      'tel:+254207654321',
    );
    expect(within(dialog).getByRole('link', { name: 'Send Message' })).toHaveAttribute(
      'href',
      '/messages?new=1',
    );
  });

  it('shows the empty states', () => {
    renderWithApp(
      <ClientDashboard
        stats={clientStats({ recentCases: [], upcoming: [], recentMessages: [] })}
      />,
      { path: '/dashboard' },
    );
    expect(screen.getByText('No cases yet')).toBeVisible();
    expect(screen.getByText('No upcoming appointments')).toBeVisible();
    expect(screen.getByText('No messages yet')).toBeVisible();
  });
});

describe('StaffDashboard', () => {
  it('an admin without toggles sees only the appointment figures', () => {
    const admin = anAdmin();
    renderWithApp(
      <StaffDashboard
        user={admin}
        stats={{ role: 'admin', ...dates, appointments: { today: 3, thisWeek: 9 } }}
      />,
      { path: '/dashboard' },
    );
    expect(screen.getByRole('link', { name: /Active appointments today\s*3/ })).toHaveAttribute(
      'href',
      '/appointments?status=live&from=2026-11-23&to=2026-11-23',
    );
    expect(screen.queryByText('Booking requests to confirm')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Cases Assigned to You' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Court Dates: Next 14 Days' })).toBeNull();
  });

  it('an admin with the toggles: requests, their cases by status, court dates', () => {
    const admin = anAdmin({ canOpenFiles: true, canScheduleAppointments: true });
    renderWithApp(
      <StaffDashboard
        user={admin}
        stats={{
          role: 'admin',
          ...dates,
          appointments: { today: 0, thisWeek: 0 },
          bookingRequests: 4,
          assignedCases: { pending: 1, in_progress: 2, completed: 0 },
          courtDates: { count: 0, next: [] },
        }}
      />,
      { path: '/dashboard' },
    );
    expect(screen.getByRole('link', { name: /Booking requests to confirm\s*4/ })).toHaveAttribute(
      'href',
      '/appointments?status=scheduled&from=2026-11-23&awaiting=firm',
    );
    const mine = screen.getByRole('list', { name: 'Your cases by status' });
    expect(within(mine).getByRole('link', { name: /In progress\s*2/ })).toHaveAttribute(
      'href',
      `/cases?status=in_progress&assignee=${admin.id}`,
    );
    expect(screen.getByText('No court dates in the next 14 days')).toBeVisible();
  });

  it("an advocate: the firm's figures, each linking to its filtered list", async () => {
    const advocate = anAdvocate();
    // The setup checklist, half done: it shows above the figures (ADR 027).
    mockApi({
      'GET /dashboard/setup': [
        200,
        {
          items: SETUP_ITEMS.map((key) => ({ key, done: key !== 'firstClient' })),
          complete: false,
        },
      ],
    });
    renderWithApp(
      <StaffDashboard
        user={advocate}
        stats={{
          role: 'advocate',
          ...dates,
          openCases: {
            byStatus: { pending: 4, in_progress: 7, completed: 1 },
            byAssignee: [
              { assigneeId: 'u9', name: 'Brian Kamau', count: 6 },
              { assigneeId: null, name: 'Unassigned', count: 6 },
            ],
          },
          courtDates: {
            count: 1,
            next: [
              {
                caseId: 'c1',
                caseNumber: 'MWA/2026/0042',
                title: 'Boundary dispute Ngong',
                courtDate: '2026-11-25T06:00:00.000Z',
                court: 'Milimani Law Courts',
              },
            ],
          },
          diary: [],
          bookingRequests: 2,
          advocatesAwaitingVerification: 1,
          newClientsThisMonth: 5,
          fees: { pendingKsh: 12000, pendingCount: 3, paidKsh: 8000, paidCount: 2 },
          newEnquiries: 3,
        }}
      />,
      { path: '/dashboard' },
    );
    const byStatus = screen.getByRole('list', { name: 'Cases not yet closed, by status' });
    expect(within(byStatus).getByRole('link', { name: /Pending\s*4/ })).toHaveAttribute(
      'href',
      '/cases?status=pending',
    );
    expect(screen.getByRole('link', { name: 'Brian Kamau' })).toHaveAttribute(
      'href',
      '/cases?status=open&assignee=u9',
    );
    expect(screen.getByRole('link', { name: 'Unassigned' })).toHaveAttribute(
      'href',
      '/cases?status=open&assignee=none',
    );
    expect(screen.getByRole('link', { name: /Court dates \(14 days\)\s*1/ })).toHaveAttribute(
      'href',
      '/cases?courtFrom=2026-11-23&courtTo=2026-12-06',
    );
    expect(
      screen.getByRole('link', { name: /Fees pending this month\s*KSh 12,000/ }),
    ).toHaveAttribute('href', '/appointments?payment=pending&from=2026-11-01&to=2026-11-30');
    expect(screen.getByRole('link', { name: /Fees paid this month\s*KSh 8,000/ })).toHaveAttribute(
      'href',
      '/appointments?payment=paid&paidFrom=2026-11-01&paidTo=2026-11-30',
    );
    expect(screen.getByRole('link', { name: /New clients this month\s*5/ })).toHaveAttribute(
      'href',
      '/clients?joinedFrom=2026-11-01&joinedTo=2026-11-30',
    );
    expect(
      screen.getByRole('link', { name: /Advocates awaiting verification\s*1/ }),
    ).toHaveAttribute('href', '/admin-management?tab=users&users.status=pending');
    expect(screen.getByText('Nothing in your diary today')).toBeVisible();
    expect(screen.getByRole('link', { name: /New enquiries\s*3/ })).toHaveAttribute(
      'href',
      '/enquiries?status=new',
    );
    const setup = await screen.findByRole('region', { name: 'Set up your firm' });
    expect(within(setup).getByRole('link', { name: 'First client: Not done yet' })).toBeVisible();
    // Every figure on the advocate's dashboard is a link to the list it counts.
    const figures = screen.getAllByRole('list', { name: /At a glance|by status/ });
    for (const list of figures) {
      for (const item of within(list).getAllByRole('listitem')) {
        expect(within(item).getByRole('link')).toBeVisible();
      }
    }
  });
});
