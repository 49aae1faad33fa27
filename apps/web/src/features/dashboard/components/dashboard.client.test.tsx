import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { ClientDashboard } from './client-dashboard';
import { clientStats } from './dashboard-test-kit';

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
