import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aClient, anAdmin, anAdvocate } from '../../../testing/people';
import { mockApi, renderWithApp } from '../../../testing/render';
import { NOTE_ID, aPage, aPayment, aSummary } from './billing-test-data';
import { BillingScreen } from './billing-screen';

/** A page as the server answers it: the money of the succeeded ones added up. */
const pageOf = (payments: ReturnType<typeof aPayment>[], extra: object = {}) => ({
  payments,
  pagination: { page: 1, limit: 20, pages: 1 },
  total: payments.length,
  sums: {
    receivedKsh: payments
      .filter((payment) => payment.status === 'succeeded')
      .reduce((sum, payment) => sum + payment.amountKsh, 0),
  },
  ...extra,
});

const REPORT_LINK = '/billing?view=payments&method=mpesa&from=2026-11-01&to=2026-11-30';
const REPORT_QUERY = 'GET /payments?method=mpesa&from=2026-11-01&to=2026-11-30&page=1&limit=20';

describe('the Payments view of /billing', () => {
  it('opens from a report’s link with its filters set, and lists each payment with its receipt', async () => {
    const calls = mockApi({
      [REPORT_QUERY]: [
        200,
        pageOf([
          aPayment(),
          aPayment({
            id: '44444444-4444-4444-8444-444444444444',
            status: 'pending',
            amountKsh: 5_000,
            receiptNumber: null,
            receivedAt: null,
            feeNote: null,
            appointment: { id: 'a1', title: 'Consultation on a lease' },
            clientName: 'Baraka Njoroge',
          }),
        ]),
      ],
    });
    renderWithApp(<BillingScreen actor={anAdvocate()} />, { path: REPORT_LINK });
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Method' })).toHaveValue('mpesa');
    expect(screen.getByLabelText('Received from')).toHaveValue('01/11/2026');
    expect(screen.getByLabelText('Received to')).toHaveValue('30/11/2026');

    const link = await screen.findByRole('link', { name: 'Fee note FN/2026/0042' });
    expect(link).toHaveAttribute('href', `/billing/${NOTE_ID}`);
    const row = within(link.closest('tr')!);
    expect(row.getByText('Tue 10 Nov 2026')).toBeInTheDocument();
    expect(row.getByText('Amani Otieno')).toBeInTheDocument();
    expect(row.getByText('M-Pesa')).toBeInTheDocument();
    expect(row.getByText('KSh 20,000')).toBeInTheDocument();
    expect(row.getByText('RC/2026/0005')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Download receipt RC/2026/0005' })).toBeVisible();
    expect(row.getByText('Received')).toBeInTheDocument();

    const pending = within(screen.getByText('Baraka Njoroge').closest('tr')!);
    expect(pending.getByText('Appointment: Consultation on a lease')).toBeInTheDocument();
    expect(pending.getByText('Not received')).toBeInTheDocument();
    expect(pending.getByText('No receipt')).toBeInTheDocument();
    expect(pending.getByText('Waiting for M-Pesa')).toBeInTheDocument();

    // Only the money received counts.
    expect(screen.getByText('2 payments · KSh 20,000 received')).toBeVisible();
    expect(calls.map((call) => call.url)).not.toContain('/api/fee-notes?page=1&limit=20');
  });

  it('shows the total and the sum of every page, as the server adds them up', async () => {
    mockApi({
      [REPORT_QUERY]: [
        200,
        pageOf([aPayment()], {
          pagination: { page: 1, limit: 20, pages: 3 },
          total: 42,
          sums: { receivedKsh: 1_250_000 },
        }),
      ],
    });
    renderWithApp(<BillingScreen actor={anAdvocate()} />, { path: REPORT_LINK });
    expect(await screen.findByText('42 payments · KSh 1,250,000 received')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 3');
  });

  it('filters by method through the server, and Clear filters shows every payment', async () => {
    const calls = mockApi({
      'GET /payments?page=1&limit=20': [200, pageOf([aPayment()])],
      'GET /payments?method=cash&page=1&limit=20': [200, pageOf([])],
    });
    const { router } = renderWithApp(<BillingScreen actor={anAdvocate()} />, {
      path: '/billing?view=payments',
    });
    await screen.findByText('RC/2026/0005');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Method' }), 'Cash');
    expect(await screen.findByText('No payments match these filters')).toBeVisible();
    expect(router.state.location.search).toBe('?view=payments&method=cash');
    expect(calls.map((call) => call.url)).toContain('/api/payments?method=cash&page=1&limit=20');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=payments'));
    expect(await screen.findByText('RC/2026/0005')).toBeVisible();
  });

  it('says where each payment came from: STK push, paybill, by hand or the daily check', async () => {
    const sources = ['stk_push', 'paybill', 'manual', 'sweep'] as const;
    mockApi({
      'GET /payments?page=1&limit=20': [
        200,
        pageOf(
          sources.map((source, index) =>
            aPayment({
              id: `33333333-3333-4333-8333-33333333333${index}`,
              source,
              receiptNumber: `RC/2026/000${index + 1}`,
            }),
          ),
        ),
      ],
    });
    renderWithApp(<BillingScreen actor={anAdvocate()} />, { path: '/billing?view=payments' });
    const table = await screen.findByRole('table', undefined, { timeout: 5_000 });
    expect(within(table).getByRole('columnheader', { name: 'Source' })).toBeVisible();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[4]!.textContent)).toEqual([
      'STK push',
      'Paybill',
      'Recorded by hand',
      'Found by the daily check',
    ]);
  });

  it('says when there are no payments yet', async () => {
    mockApi({ 'GET /payments?page=1&limit=20': [200, pageOf([])] });
    renderWithApp(<BillingScreen actor={anAdvocate()} />, { path: '/billing?view=payments' });
    expect(await screen.findByText('No payments yet')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the server’s message when the payments fail, and Try again loads them', async () => {
    let failing = true;
    mockApi({
      'GET /payments?page=1&limit=20': () =>
        failing ? [403, { message: 'Access denied. Not yours.' }] : [200, pageOf([aPayment()])],
    });
    renderWithApp(<BillingScreen actor={anAdvocate()} />, { path: '/billing?view=payments' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied. Not yours.');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('RC/2026/0005')).toBeVisible();
  });

  it('moves between the views, each starting afresh', async () => {
    const calls = mockApi({
      'GET /fee-notes?status=paid&page=1&limit=20': [200, aPage([aSummary({ status: 'paid' })])],
      'GET /payments?page=1&limit=20': [200, pageOf([aPayment()])],
      'GET /fee-notes?page=1&limit=20': [200, aPage([aSummary()])],
    });
    const { router } = renderWithApp(<BillingScreen actor={anAdmin({ canManageCases: true })} />, {
      path: '/billing?status=paid',
    });
    expect(await screen.findByRole('link', { name: 'FN/2026/0042' })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(router.state.location.search).toBe('?view=payments');
    expect(await screen.findByText('RC/2026/0005')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Fee notes' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('link', { name: 'FN/2026/0042' })).toBeVisible();
    expect(calls.map((call) => call.url)).toContain('/api/fee-notes?page=1&limit=20');
  });

  it('is not offered to a client: ?view=payments shows their fee notes, and nothing asks for payments', async () => {
    const calls = mockApi({
      'GET /fee-notes?page=1&limit=20': [200, aPage([aSummary()], { balanceKsh: 38_000 })],
    });
    renderWithApp(<BillingScreen actor={aClient()} />, { path: '/billing?view=payments' });
    expect(await screen.findByRole('link', { name: 'FN/2026/0042' })).toBeVisible();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(calls.some((call) => call.url.startsWith('/api/payments'))).toBe(false);
  });
});
