import { SETUP_ITEMS } from '@firm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, server } from '../../../testing/msw';
import { mockApi, renderWithApp } from '../../../testing/render';
import { aClient, anAdmin, anAdvocate } from '../../../testing/people';
import { Component as Dashboard } from '../routes/dashboard';
import { StaffDashboard } from './staff-dashboard';
import { dates, clientStats } from './dashboard-test-kit';

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
