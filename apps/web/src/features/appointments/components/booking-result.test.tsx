import { APPOINTMENT_MESSAGES as M, type Appointment } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldBooking } from '../../../testing/appointments';
import { answerApi } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';
import { BookingModal, type BookingMode } from './booking-modal';

/**
 * ADR 015: the result screen says exactly what happened (requested, awaiting
 * the firm's confirmation; or booked for the client by the firm), where, and the free call.
 */

/** Monday 7 December 2026, 09:00 in Nairobi (06:00 UTC). */
const NOW = new Date('2026-12-07T06:00:00Z');
const CLIENT_ID = '00000000-0000-4000-8000-0000000000c1';

function serve(appointment: Appointment) {
  return answerApi((method, path) => {
    // The month answer, whichever type is asked for (the free call asks with its own).
    if (method === 'GET' && path.startsWith('/appointments/calendar?month=2026-12&')) {
      return [
        200,
        {
          month: '2026-12',
          today: '2026-12-07',
          bookingOpen: true,
          closedDays: ['2026-12-13'],
          fullDays: [],
        },
      ];
    }
    if (method === 'GET' && path.startsWith('/appointments/availability?date=2026-12-08')) {
      return [200, { date: '2026-12-08', closed: false, times: ['10:00', '15:00'] }];
    }
    if (method === 'POST' && path === '/appointments') {
      return [201, { success: true, message: M.booked, appointment, calendar: 'BEGIN:VCALENDAR' }];
    }
    return undefined;
  });
}

async function book(mode: BookingMode, type?: string) {
  renderWithApp(
    <BookingModal
      mode={mode}
      initialType="consultation"
      initialClient={mode === 'staff' ? { id: CLIENT_ID, name: 'Amani Mwangi' } : undefined}
      onClose={() => {}}
    />,
  );
  await userEvent.type(await screen.findByLabelText(/^Title/), 'Lease');
  if (type) await userEvent.selectOptions(screen.getByLabelText('Type'), type);
  await userEvent.type(screen.getByLabelText(/^Description/), 'Lease advice');
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Tuesday, 8 December 2026' })).toBeEnabled(),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Tuesday, 8 December 2026' }));
  await userEvent.click(await screen.findByRole('radio', { name: '10:00' }));
  await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
}

const clientBooking = (overrides: Partial<Appointment> = {}) =>
  heldBooking({
    visitorHold: null,
    holdExpiresAt: null,
    clientId: CLIENT_ID,
    client: 'Amani Mwangi',
    date: '2026-12-08',
    time: '10:00',
    ...overrides,
  });

describe('the result screen says what happened', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    // jsdom has no object URLs: the screen's calendar download needs one.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:ics', revokeObjectURL: () => {} }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("a client's booking: requested, awaiting the firm's confirmation, never 'booked successfully'", async () => {
    serve(clientBooking({ officeId: 'thika' }));
    await book('client');
    const done = await screen.findByRole('dialog', { name: M.requestedHeading });
    expect(within(done).getByText(M.requestedState)).toBeVisible();
    expect(within(done).getByText(M.whatHappensNext)).toBeVisible();
    expect(
      within(done).getByText(
        'Thika Office, 2nd Floor, Kenyatta Highway Plaza, Kenyatta Highway, Thika',
      ),
    ).toBeVisible();
    expect(within(done).queryByText(M.booked)).not.toBeInTheDocument();
    expect(within(done).queryByText('At our office')).not.toBeInTheDocument();
  });

  it('staff booked it: booked for the client by the firm, nothing awaits a request', async () => {
    serve(clientBooking());
    await book('staff');
    const done = await screen.findByRole('dialog', {
      name: M.bookedForClientHeading('Amani Mwangi'),
    });
    expect(within(done).getByText(M.bookedByFirmState)).toBeVisible();
    expect(within(done).queryByText(M.whatHappensNext)).not.toBeInTheDocument();
    expect(within(done).queryByText(M.booked)).not.toBeInTheDocument();
  });

  it('the free preliminary call: offered, by phone only, free, and the number we will call', async () => {
    serve(
      clientBooking({
        type: 'preliminary_call',
        fee: 0,
        duration: 15,
        location: 'phone',
        clientPhone: '+254722111222',
      }),
    );
    renderWithApp(<BookingModal mode="client" initialType="consultation" onClose={() => {}} />);
    const type = await screen.findByLabelText('Type');
    expect(
      within(type).getByRole('option', { name: 'Free preliminary call (15 min, free, by phone)' }),
    ).toBeInTheDocument();
    await userEvent.selectOptions(type, 'preliminary_call');
    const where = screen.getByLabelText('Where');
    expect(
      within(where)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Phone call']);
    expect(screen.queryByLabelText('Office')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Lease');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Lease advice');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Tuesday, 8 December 2026' })).toBeEnabled(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tuesday, 8 December 2026' }));
    await userEvent.click(await screen.findByRole('radio', { name: '10:00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    const done = await screen.findByRole('dialog', { name: M.requestedHeading });
    expect(within(done).getByText('We will call you on +254 722 111 222')).toBeVisible();
    expect(within(done).getByText(M.freeOfCharge)).toBeVisible();
  });
});
