import { MPESA_TEXTS, type Appointment, type Payment, type PublicUser } from '@firm/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { heldBooking } from '../../../testing/appointments';
import { answerApi } from '../../../testing/msw';
import { aClient, anAdmin, anAdvocate } from '../../../testing/people';
import { renderWithApp } from '../../../testing/render';
import { AppointmentsList } from './appointments-list';

const CLIENT_ID = '00000000-0000-4000-8000-000000000003';
const client = aClient({ id: CLIENT_ID, phone: '+254722000111' });

// The signed-in client's own appointment, confirmed, its fee not yet paid.
const unpaid = heldBooking({
  id: '00000000-0000-4000-8000-0000000000a2',
  title: 'Land transfer advice',
  status: 'confirmed',
  client: 'Amani Otieno',
  clientId: CLIENT_ID,
  clientEmail: 'amani@example.test',
  clientPhone: '+254722000111',
  visitorHold: null,
  holdExpiresAt: null,
});
const paid = {
  ...unpaid,
  id: '00000000-0000-4000-8000-0000000000a3',
  title: 'Will drafting',
  paymentStatus: 'paid',
  paymentMethod: 'mpesa',
} satisfies Appointment;
const cancelled = {
  ...unpaid,
  id: '00000000-0000-4000-8000-0000000000a4',
  title: 'Tenancy dispute',
  status: 'cancelled',
  cancelledAt: '2026-12-07T08:15:00.000Z',
  cancelledBy: 'client',
} satisfies Appointment;

const listOf = (appointments: Appointment[]) => ({
  success: true,
  count: appointments.length,
  total: appointments.length,
  pagination: { page: 1, limit: 20, pages: 1 },
  appointments,
});

function showListTo(user: PublicUser) {
  answerApi((method, path) =>
    method === 'GET' && path.startsWith('/appointments?')
      ? [200, listOf([unpaid, paid, cancelled])]
      : undefined,
  );
  renderWithApp(<AppointmentsList user={user} />, { path: '/appointments' });
}

const payFor = (title: string) => ({ name: `${MPESA_TEXTS.payButton}: ${title}` });

describe('a client pays their own appointment’s fee with M-Pesa', () => {
  it('offers Pay with M-Pesa on the unpaid one only: not on a paid or a cancelled one', async () => {
    showListTo(client);
    const pay = await screen.findByRole('button', payFor(unpaid.title));
    expect(pay).toBeVisible();
    expect(pay).toHaveTextContent(MPESA_TEXTS.payButton);
    expect(screen.queryByRole('button', payFor(paid.title))).toBeNull();
    expect(screen.queryByRole('button', payFor(cancelled.title))).toBeNull();
    expect(screen.getAllByRole('button', { name: new RegExp(MPESA_TEXTS.payButton) })).toHaveLength(
      1,
    );
  });

  it.each([
    ['an advocate', anAdvocate()],
    ['an admin who manages cases', anAdmin({ canManageCases: true })],
  ])('does not offer it to %s (staff record payments instead)', async (_, staff) => {
    showListTo(staff);
    expect(await screen.findByText(unpaid.title)).toBeVisible();
    expect(screen.queryByRole('button', { name: new RegExp(MPESA_TEXTS.payButton) })).toBeNull();
  });

  it('does not offer it on another client’s appointment', async () => {
    showListTo(aClient({ id: '00000000-0000-4000-8000-000000000999' }));
    expect(await screen.findByText(unpaid.title)).toBeVisible();
    expect(screen.queryByRole('button', { name: new RegExp(MPESA_TEXTS.payButton) })).toBeNull();
  });

  it('pay, pending, then succeeded: the list is asked again and the card shows Paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const paymentId = '77777777-7777-4777-8777-777777777777';
      const payment = (overrides: Partial<Payment> = {}): Payment => ({
        id: paymentId,
        status: 'pending',
        method: 'mpesa',
        source: 'stk_push',
        amountKsh: 5_000,
        reference: null,
        receiptNumber: null,
        receivedAt: null,
        feeNote: null,
        appointment: { id: unpaid.id, title: unpaid.title },
        clientName: unpaid.client,
        mpesa: {
          phone: '+254722000111',
          checkoutRequestId: 'ws_CO_271120261030000002',
          receiptNumber: null,
          resultCode: null,
          failureText: null,
        },
        recordedBy: null,
        flaggedReason: null,
        createdAt: '2026-11-27T07:00:00.000Z',
        ...overrides,
      });
      let polls = 0;
      let settled = false;
      const calls = answerApi((method, path) => {
        if (method === 'GET' && path.startsWith('/appointments?')) {
          return [
            200,
            listOf([
              settled ? { ...unpaid, paymentStatus: 'paid', paymentMethod: 'mpesa' } : unpaid,
            ]),
          ];
        }
        if (method === 'POST' && path === '/payments/mpesa') {
          return [
            202,
            {
              id: paymentId,
              status: 'pending',
              checkoutRequestId: 'ws_CO_271120261030000002',
              message: MPESA_TEXTS.checkPhone,
            },
          ];
        }
        if (method === 'GET' && path === `/payments/${paymentId}`) {
          polls += 1;
          if (polls < 2) return [200, payment()];
          settled = true;
          return [200, payment({ status: 'succeeded', receiptNumber: 'RC/2026/0012' })];
        }
        return undefined;
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderWithApp(<AppointmentsList user={client} />, { path: '/appointments' });
      expect(await screen.findByText('Payment pending')).toBeVisible();
      const listCalls = () =>
        calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/appointments?'));
      const listedBefore = listCalls().length;

      // By keyboard: the button is reached and pressed with Enter.
      screen.getByRole('button', payFor(unpaid.title)).focus();
      await user.keyboard('{Enter}');
      // The dialog loads when the list is first touched or focused (appointments-list.tsx).
      const dialog = within(await screen.findByRole('dialog', { name: MPESA_TEXTS.payButton }));
      // The client's own phone offered first; the fee as the amount.
      expect(dialog.getByLabelText(/M-Pesa phone number/)).toHaveValue('+254 722 000 111');
      await user.click(dialog.getByRole('button', { name: 'Pay KSh 5,000' }));

      const status = dialog.getByRole('status');
      expect(await within(status).findByText(MPESA_TEXTS.checkPhone)).toBeVisible();
      expect(calls.find((call) => call.url === '/api/payments/mpesa')!.body).toEqual({
        appointmentId: unpaid.id,
        phone: '+254722000111',
        amountKsh: 5_000,
      });
      await vi.waitFor(() => expect(polls).toBe(1));
      await act(() => vi.advanceTimersByTimeAsync(3_000));

      expect(
        await within(status).findByText(MPESA_TEXTS.succeeded('RC/2026/0012', 'KSh 5,000', null)),
      ).toBeInTheDocument();
      // The list is asked again: the card shows Paid, and nothing more to pay.
      await vi.waitFor(() => expect(listCalls().length).toBeGreaterThan(listedBefore));
      expect(await screen.findByText('Paid (M-Pesa)')).toBeInTheDocument();
      await user.click(dialog.getByRole('button', { name: 'Done' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', payFor(unpaid.title))).not.toBeInTheDocument();
      // Settled: no more asking.
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(polls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
