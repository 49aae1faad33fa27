import { APPOINTMENT_MESSAGES as M, type Appointment } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
});
