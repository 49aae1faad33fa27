import { APPOINTMENT_MESSAGES as M } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailShown, renderWithApp } from '../../../testing/render';
import { heldBooking } from '../../../testing/appointments';
import { answerApi } from '../../../testing/msw';
import { BookingModal } from './booking-modal';

/** Monday 7 December 2026, 09:00 in Nairobi (06:00 UTC). */
const NOW = new Date('2026-12-07T06:00:00Z');

const calendar = {
  month: '2026-12',
  today: '2026-12-07',
  bookingOpen: true,
  // Today has no time left; Wednesday 9 December none free for the type (ADR 015).
  fullDays: ['2026-12-07', '2026-12-09'],
  closedDays: [
    '2026-12-06',
    '2026-12-12',
    '2026-12-13',
    '2026-12-20',
    '2026-12-25',
    '2026-12-26',
    '2026-12-27',
  ],
};

const DECEMBER = '/appointments/calendar?month=2026-12&type=consultation';

function serve({
  book,
  month = calendar,
}: { book?: () => [number, unknown]; month?: typeof calendar } = {}) {
  let availabilityCalls = 0;
  const calls = answerApi((method, path) => {
    if (method === 'GET' && path === DECEMBER) return [200, month];
    if (method === 'GET' && path.startsWith('/appointments/availability?date=2026-12-08')) {
      availabilityCalls += 1;
      return [
        200,
        {
          date: '2026-12-08',
          closed: false,
          times: availabilityCalls === 1 ? ['10:00', '15:00'] : ['15:00'],
        },
      ];
    }
    if (method === 'POST' && path === '/appointments' && book) return book();
    return undefined;
  });
  return { calls, availabilityCalls: () => availabilityCalls };
}

// Many steps each: generous on a busy machine.
describe('the booking modal', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("greys out past and closed days, offers only the day's free times, and shows visitors why to choose us", async () => {
    serve();
    renderWithApp(<BookingModal mode="visitor" initialType="consultation" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Book an Appointment' });
    expect(within(dialog).getByRole('heading', { name: M.whyChooseUs })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Tuesday, 8 December 2026' })).toBeEnabled(),
    );
    expect(screen.getByRole('button', { name: 'Friday, 4 December 2026' })).toBeDisabled();
    expect(
      screen.getByRole('button', { name: 'Saturday, 12 December 2026, closed' }),
    ).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sunday, 13 December 2026, closed' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Tuesday, 8 December 2026' }));
    expect(await screen.findByRole('radio', { name: '10:00' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      '10:00',
      '15:00',
    ]);
  });

  it('days without a free time are disabled and say so, from one request for the month; the keyboard skips them', async () => {
    const { calls } = serve();
    renderWithApp(<BookingModal mode="visitor" initialType="consultation" onClose={() => {}} />);
    const tuesday = await screen.findByRole('button', { name: 'Tuesday, 8 December 2026' });
    await waitFor(() => expect(tuesday).toBeEnabled());
    expect(
      screen.getByRole('button', { name: 'Wednesday, 9 December 2026, fully booked' }),
    ).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Thursday, 10 December 2026' })).toBeEnabled();
    expect(
      screen.getByRole('button', { name: 'Monday, 7 December 2026, no times left today' }),
    ).toBeDisabled();
    // Tab from the 8th lands on the 10th: the full day is not a stop.
    tuesday.focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Thursday, 10 December 2026' })).toHaveFocus();
    // One request for the month, none per day until a day is chosen.
    expect(calls.filter((call) => call.url.startsWith('/api/appointments/calendar'))).toHaveLength(
      1,
    );
    expect(calls.some((call) => call.url.startsWith('/api/appointments/availability'))).toBe(false);
  });

  it("a fresh install: no calendar, but why, the firm's number and the contact form", async () => {
    serve({ month: { ...calendar, bookingOpen: false, fullDays: [] } });
    renderWithApp(<BookingModal mode="visitor" initialType="consultation" onClose={() => {}} />);
    expect(await screen.findByText(M.bookingNotOpenHeading)).toBeVisible();
    const dialog = screen.getByRole('dialog', { name: 'Book an Appointment' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      `${M.bookingNotOpen} ${M.bookingNotOpenCall} +254 20 765 4321 or ${M.bookingNotOpenWrite}.`,
    );
    expect(within(dialog).getByRole('link', { name: '+254 20 765 4321' })).toHaveAttribute(
      'href',
      'tel:+254207654321',
    );
    expect(within(dialog).getByRole('link', { name: M.bookingNotOpenWrite })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(within(dialog).queryByRole('button', { name: /December 2026/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Book Appointment' })).toBeNull();
  });

  it("the booking form's messages, and a visitor's details and consent", async () => {
    const { calls } = serve();
    renderWithApp(<BookingModal mode="visitor" initialType="consultation" onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByLabelText(/^Title/)).toHaveAccessibleDescription(
      `${M.titleRequired} 0 of 200 characters`,
    );
    expect(screen.getByLabelText(/^Description/)).toHaveAccessibleDescription(
      `${M.descriptionRequired} 0 of 2,000 characters`,
    );
    expect(screen.getByText(M.dateRequired)).toBeVisible();
    expect(screen.getByLabelText(/^First Name/)).toHaveAccessibleDescription(
      'First name is required',
    );
    expect(screen.getByRole('checkbox', { name: /I agree/ })).not.toBeChecked();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('a lost race says so and offers the times still free', async () => {
    const { calls, availabilityCalls } = serve({
      book: () => [409, { message: M.slotTaken, code: 'SLOT_TAKEN', times: ['15:00'] }],
    });
    renderWithApp(<BookingModal mode="client" initialType="consultation" onClose={() => {}} />);
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Will');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Drafting a will');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Tuesday, 8 December 2026' })).toBeEnabled(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tuesday, 8 December 2026' }));
    await userEvent.click(await screen.findByRole('radio', { name: '10:00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(await screen.findByRole('alert')).toHaveTextContent(M.slotTaken);
    await waitFor(() => expect(availabilityCalls()).toBe(2));
    await waitFor(() =>
      expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
        '15:00',
      ]),
    );
    const posted = calls.find((call) => call.method === 'POST')!.body as Record<string, unknown>;
    expect(posted).toMatchObject({
      title: 'Will',
      type: 'consultation',
      date: '2026-12-08',
      time: '10:00',
    });
    expect(posted).not.toHaveProperty('firstName');
  });

  it("a visitor's booking: requested, awaiting the email confirmation, for how long and until when", async () => {
    const { calls } = serve({
      book: () => [
        201,
        {
          success: true,
          message: M.heldForVisitor,
          appointment: heldBooking({
            reference: 'APT-0000A1',
            title: 'Lease',
            description: 'Lease advice',
            time: '10:00',
            startsAt: '2026-12-08T07:00:00.000Z',
            endsAt: '2026-12-08T07:30:00.000Z',
            holdExpiresAt: '2026-12-07T06:30:00.000Z',
            createdAt: '2026-12-07T06:00:00.000Z',
            updatedAt: '2026-12-07T06:00:00.000Z',
          }),
          calendar: 'BEGIN:VCALENDAR',
        },
      ],
    });
    renderWithApp(<BookingModal mode="visitor" initialType="consultation" onClose={() => {}} />);
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Lease');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Lease advice');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Tuesday, 8 December 2026' })).toBeEnabled(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tuesday, 8 December 2026' }));
    await userEvent.click(await screen.findByRole('radio', { name: '10:00' }));
    await userEvent.type(screen.getByLabelText(/^First Name/), 'Achieng');
    await userEvent.type(screen.getByLabelText(/^Last Name/), 'Otieno');
    await userEvent.type(screen.getByLabelText(/^Email Address/), 'achieng@visitor.test');
    await userEvent.type(screen.getByLabelText(/^Phone Number/), '0712345678');
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    const done = await screen.findByRole('dialog', { name: M.heldHeading });
    expect(within(done).getByText(M.awaitingEmailConfirmation)).toBeVisible();
    expect(within(done).getByText(M.holdExplained(30), { exact: false })).toBeVisible();
    expect(within(done).getByText('09:30 (Nairobi time)')).toBeVisible();
    expect(within(done).getByText(emailShown('achieng@visitor.test'))).toBeVisible();
    // Not "booked": nothing says it is booked, and no calendar file before it is confirmed.
    expect(within(done).queryByText(M.booked)).not.toBeInTheDocument();
    expect(
      within(done).queryByRole('link', { name: /Add to my calendar/ }),
    ).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('the daily ceiling on online bookings: says so and gives the number to call', async () => {
    serve({
      book: () => [429, { message: M.dailyCeilingReached, code: 'VISITOR_BOOKINGS_PAUSED' }],
    });
    renderWithApp(<BookingModal mode="visitor" initialType="consultation" onClose={() => {}} />);
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Lease');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Lease advice');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Tuesday, 8 December 2026' })).toBeEnabled(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tuesday, 8 December 2026' }));
    await userEvent.click(await screen.findByRole('radio', { name: '10:00' }));
    await userEvent.type(screen.getByLabelText(/^First Name/), 'Achieng');
    await userEvent.type(screen.getByLabelText(/^Last Name/), 'Otieno');
    await userEvent.type(screen.getByLabelText(/^Email Address/), 'achieng@visitor.test');
    await userEvent.type(screen.getByLabelText(/^Phone Number/), '0712345678');
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(
      await screen.findByText(`${M.dailyCeilingReached} Our number: +254 20 765 4321.`),
    ).toBeVisible();
  });

  it('starts with the client chosen on the Clients screen', async () => {
    answerApi((method, path) => {
      if (method === 'GET' && path === DECEMBER) {
        return [200, calendar];
      }
      if (method === 'GET' && path === '/appointments/clients') {
        return [
          200,
          {
            success: true,
            clients: [
              {
                id: '00000000-0000-4000-8000-000000000003',
                name: 'Amani Otieno',
                email: 'amani@example.test',
              },
            ],
          },
        ];
      }
      return undefined;
    });
    renderWithApp(
      <BookingModal
        mode="staff"
        initialType="consultation"
        initialClient={{ id: '00000000-0000-4000-8000-000000000003', name: 'Amani Otieno' }}
        onClose={() => {}}
      />,
    );
    const client = await screen.findByLabelText('Client');
    expect(client).toHaveValue('00000000-0000-4000-8000-000000000003');
    // The list arrives with the same client in it: still chosen.
    expect(
      await within(client).findByRole('option', { name: 'Amani Otieno (amani@example.test)' }),
    ).toBeInTheDocument();
    expect(client).toHaveValue('00000000-0000-4000-8000-000000000003');
  });
});
