import {
  APPOINTMENT_MESSAGES as M,
  MPESA_TEXTS,
  type Appointment,
  type Payment,
} from '@firm/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { heldBooking } from '../../../testing/appointments';
import { answerApi } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';
import { VisitorBooking } from './visitor-booking';

const answer = (appointment: Appointment, message = 'OK') => ({
  success: true,
  message,
  appointment,
});

describe("the visitor's manage page", () => {
  it('a held booking: says so and until when; "Confirm my booking" POSTs, then says it is confirmed', async () => {
    const calls = answerApi((method, path) => {
      if (method === 'POST' && path === '/appointments/manage') {
        return [200, answer(heldBooking())];
      }
      if (method === 'POST' && path === '/appointments/manage/confirm') {
        return [
          200,
          answer(heldBooking({ visitorHold: null, holdExpiresAt: null }), M.visitorConfirmed),
        ];
      }
      return undefined;
    });
    renderWithApp(<VisitorBooking token={'t'.repeat(43)} />);
    expect(await screen.findByRole('heading', { name: M.awaitingEmailConfirmation })).toBeVisible();
    expect(screen.getByText(/Confirm by 10:30 \(Nairobi time\)/)).toBeVisible();
    // Opening the page confirmed nothing (mail scanners open links).
    expect(calls.filter((call) => call.url === '/api/appointments/manage/confirm')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: M.confirmMyBooking }));
    expect(await screen.findByRole('status')).toHaveTextContent(M.visitorConfirmed);
    expect(calls.filter((call) => call.url === '/api/appointments/manage/confirm')).toHaveLength(1);
    expect(calls.find((call) => call.url === '/api/appointments/manage/confirm')!.body).toEqual({
      token: 't'.repeat(43),
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: M.confirmMyBooking })).not.toBeInTheDocument(),
    );
  });

  it('a hold that ran out: the time was released, and an offer to book again', async () => {
    answerApi((method, path) =>
      method === 'POST' && path === '/appointments/manage'
        ? [
            200,
            answer(
              heldBooking({
                visitorHold: 'released',
                status: 'cancelled',
                cancellationReason: M.holdReleasedReason,
              }),
            ),
          ]
        : undefined,
    );
    renderWithApp(<VisitorBooking token={'t'.repeat(43)} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(M.holdReleased);
    expect(screen.getByRole('link', { name: M.bookAgain })).toHaveAttribute(
      'href',
      '/appointments?book=consultation',
    );
    expect(screen.queryByRole('button', { name: M.confirmMyBooking })).not.toBeInTheDocument();
  });

  it('pressed after the hold ran out: shows the booking as released', async () => {
    let released = false;
    answerApi((method, path) => {
      if (method === 'POST' && path === '/appointments/manage') {
        return [
          200,
          answer(
            released
              ? heldBooking({ visitorHold: 'released', status: 'cancelled' })
              : heldBooking(),
          ),
        ];
      }
      if (method === 'POST' && path === '/appointments/manage/confirm') {
        released = true;
        return [409, { message: M.holdReleased, code: 'HOLD_RELEASED' }];
      }
      return undefined;
    });
    renderWithApp(<VisitorBooking token={'t'.repeat(43)} />);
    await userEvent.click(await screen.findByRole('button', { name: M.confirmMyBooking }));
    expect(await screen.findByRole('link', { name: M.bookAgain })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(M.holdReleased);
  });
});

describe("the visitor's manage page: a cancelled booking", () => {
  it('says Cancelled, when and by whom, asks no fee, offers to book again, and no actions', async () => {
    answerApi((method, path) =>
      method === 'POST' && path === '/appointments/manage'
        ? [
            200,
            answer(
              heldBooking({
                visitorHold: null,
                holdExpiresAt: null,
                status: 'cancelled',
                cancellationReason: 'I found another advocate',
                cancelledAt: '2026-12-07T08:15:00.000Z',
                cancelledBy: 'client',
              }),
            ),
          ]
        : undefined,
    );
    renderWithApp(<VisitorBooking token={'t'.repeat(43)} />);
    const notice = await screen.findByRole('region', { name: M.cancelledState });
    expect(notice).toHaveTextContent(/Cancelled on .*7 Dec.* by you\./);
    expect(notice).toHaveTextContent(M.cancelledNoFee);
    expect(screen.queryByText(/Payment pending/)).not.toBeInTheDocument();
    expect(screen.queryByText(/KSh 5,000/)).not.toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: M.bookAgain })).toHaveAttribute(
      'href',
      '/appointments?book=consultation',
    );
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
  });

  it('a cancelled call no longer promises to call: it says it was a phone call', async () => {
    answerApi((method, path) =>
      method === 'POST' && path === '/appointments/manage'
        ? [
            200,
            answer(
              heldBooking({
                type: 'preliminary_call',
                location: 'phone',
                officeId: null,
                fee: 0,
                duration: 15,
                visitorHold: null,
                holdExpiresAt: null,
                status: 'cancelled',
                cancelledAt: '2026-12-07T08:15:00.000Z',
                cancelledBy: 'client',
              }),
            ),
          ]
        : undefined,
    );
    renderWithApp(<VisitorBooking token={'t'.repeat(43)} />);
    await screen.findByRole('region', { name: M.cancelledState });
    expect(screen.queryByText(/We will call you/)).not.toBeInTheDocument();
    expect(screen.getByText('Phone call')).toBeInTheDocument();
  });

  it('a fee still owed: Pay with M-Pesa from the link, pending, then paid, and the booking shown as paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const token = 't'.repeat(43);
      const paymentId = '66666666-6666-4666-8666-666666666666';
      const booked = heldBooking({ visitorHold: null, holdExpiresAt: null, status: 'confirmed' });
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
        appointment: { id: booked.id, title: booked.title },
        clientName: booked.client,
        mpesa: {
          phone: '+254712345678',
          checkoutRequestId: 'ws_CO_271120261030000001',
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
      let paid = false;
      const calls = answerApi((method, path) => {
        if (method === 'POST' && path === '/appointments/manage') {
          return [
            200,
            answer(paid ? { ...booked, paymentStatus: 'paid', paymentMethod: 'mpesa' } : booked),
          ];
        }
        if (method === 'POST' && path === '/payments/mpesa/visitor') {
          return [
            202,
            {
              id: paymentId,
              status: 'pending',
              checkoutRequestId: 'ws_CO_271120261030000001',
              message: MPESA_TEXTS.checkPhone,
            },
          ];
        }
        if (method === 'POST' && path === '/payments/mpesa/visitor/status') {
          polls += 1;
          if (polls < 2) return [200, payment()];
          paid = true;
          return [200, payment({ status: 'succeeded', receiptNumber: 'RC/2026/0011' })];
        }
        return undefined;
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderWithApp(<VisitorBooking token={token} />);
      expect(await screen.findByText('Payment pending')).toBeVisible();

      // By keyboard: the button is reached and pressed with Enter.
      const pay = screen.getByRole('button', { name: MPESA_TEXTS.payButton });
      pay.focus();
      await user.keyboard('{Enter}');
      const dialog = within(screen.getByRole('dialog', { name: MPESA_TEXTS.payButton }));
      // The phone the visitor booked with, offered first; the fee as the amount.
      expect(dialog.getByLabelText(/M-Pesa phone number/)).toHaveValue('+254 712 345 678');
      await user.click(dialog.getByRole('button', { name: 'Pay KSh 5,000' }));

      const status = dialog.getByRole('status');
      expect(await within(status).findByText(MPESA_TEXTS.checkPhone)).toBeVisible();
      expect(within(status).getByText(MPESA_TEXTS.waiting)).toBeVisible();
      expect(calls.find((call) => call.url === '/api/payments/mpesa/visitor')!.body).toEqual({
        token,
        phone: '+254712345678',
        amountKsh: 5_000,
      });
      await vi.waitFor(() => expect(polls).toBe(1));
      expect(calls.find((call) => call.url === '/api/payments/mpesa/visitor/status')!.body).toEqual(
        { token, paymentId },
      );
      await act(() => vi.advanceTimersByTimeAsync(3_000));

      expect(
        await within(status).findByText(MPESA_TEXTS.succeeded('RC/2026/0011', 'KSh 5,000', null)),
      ).toBeInTheDocument();
      // Paid: the receipt is the next thing a visitor wants, and has the focus.
      expect(dialog.getByRole('button', { name: /Download receipt/ })).toHaveFocus();
      // The booking is asked again: paid, and nothing more to pay.
      expect(await screen.findByText('Paid (M-Pesa)')).toBeInTheDocument();
      await user.click(dialog.getByRole('button', { name: 'Done' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: MPESA_TEXTS.payButton })).not.toBeInTheDocument();
      // Settled: no more asking.
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(polls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
