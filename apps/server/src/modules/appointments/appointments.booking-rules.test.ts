import { APPOINTMENT_MESSAGES as M, VALIDATION, addDays, nairobiInstant } from '@firm/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, sessionFor } from '../../../test/accounts';
import { isKenyanPublicHoliday } from '../../lib/kenyan-holidays';
import { sentMail } from './appointments-test-kit';
import {
  useAppointmentsTestContext,
  ctx,
  advocate,
  client,
  tokens,
  booking,
  visitor,
  post,
  freshDay,
} from './appointments-api-test-kit';

/** The booking rules and the lead time, against a real database (PGlite, or PostgreSQL with npm run
 * test:api:pg). */

useAppointmentsTestContext();

describe('booking rules', () => {
  it('a visitor books a consultation: 201, no account, 30 minutes at KSh 5,000, Nairobi time', async () => {
    const date = freshDay();
    const response = await post({ ...booking({ date, time: '14:00' }), ...visitor() });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe(M.heldForVisitor);
    expect(body.appointment).toMatchObject({
      visitorHold: 'awaiting',
      date,
      time: '14:00',
      duration: 30,
      fee: 5000,
      status: 'scheduled',
      paymentStatus: 'pending',
      client: 'Achieng Otieno',
      clientId: null,
      clientPhone: '+254712345678',
    });
    expect(body.appointment.startsAt).toBe(nairobiInstant(date, '14:00').toISOString());
    expect(body.appointment.startsAt.slice(11, 16)).toBe('11:00'); // 14:00 in Nairobi is 11:00 UTC
  });

  it("the booking form's message for each missing field", async () => {
    const response = await post({}, tokens.client);
    expect(response.statusCode).toBe(400);
    const { errors } = response.json();
    expect(errors).toMatchObject({
      title: M.titleRequired,
      type: M.typeRequired,
      description: M.descriptionRequired,
      date: M.dateRequired,
      time: M.timeRequired,
    });
  });

  it('a visitor must give their details and tick the consent box', async () => {
    const response = await post({
      ...booking({ date: freshDay() }),
      ...visitor({ firstName: '', email: 'x', consent: false }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      firstName: VALIDATION.firstNameRequired,
      email: VALIDATION.emailInvalid,
      consent: VALIDATION.contactConsentRequired,
    });
  });

  it('the honeypot: accepted, nothing stored, no mail', async () => {
    const date = freshDay();
    const response = await post({
      ...booking({ date }),
      ...visitor(),
      website: 'http://spam.test',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().appointment).toBeUndefined();
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/appointments?from=${date}&to=${date}`,
      headers: bearer(tokens.advocate),
    });
    expect(list.json().total).toBe(0);
    expect(await sentMail(ctx)).toHaveLength(0);
  });

  it('never on a Sunday', async () => {
    let sunday = freshDay();
    while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
    const response = await post(booking({ date: sunday }), tokens.client);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: M.closedDay, code: 'SLOT_UNAVAILABLE' });
  });

  it('never on a Kenyan public holiday (Jamhuri Day, and its Monday substitute in 2027)', async () => {
    for (const date of ['2026-12-25', '2027-12-13']) {
      const response = await post(booking({ date }), tokens.client);
      expect(response.json().message, date).toBe(M.closedDay);
      const slots = await ctx.app.inject({
        method: 'GET',
        url: `/api/appointments/availability?date=${date}`,
      });
      expect(slots.json()).toEqual({ date, closed: true, times: [] });
    }
    const calendar = await ctx.app.inject({
      method: 'GET',
      url: '/api/appointments/calendar?month=2027-12',
    });
    expect(calendar.json().closedDays).toEqual(
      expect.arrayContaining([
        '2027-12-05',
        '2027-12-12',
        '2027-12-13',
        '2027-12-25',
        '2027-12-26',
        '2027-12-27',
      ]),
    );
    expect(calendar.json().closedDays).not.toContain('2027-12-14');
  });

  it('never in the past', async () => {
    const response = await post(booking({ date: '2026-01-05', time: '10:00' }), tokens.client);
    expect(response.json()).toMatchObject({ message: M.past });
  });

  it('only the offered start times, and Saturday mornings only', async () => {
    const weekday = freshDay();
    expect(
      (await post(booking({ date: weekday, time: '12:00' }), tokens.client)).json().message,
    ).toBe(M.notASlot);
    // The next Saturday that is not a public holiday (12 December, Jamhuri Day, is closed).
    let saturday = addDays(weekday, 1);
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6 || isKenyanPublicHoliday(saturday)) {
      saturday = addDays(saturday, 1);
    }
    expect(
      (await post(booking({ date: saturday, time: '14:00' }), tokens.client)).json().message,
    ).toBe(M.notASlot);
    const slots = await ctx.app.inject({
      method: 'GET',
      url: `/api/appointments/availability?date=${saturday}`,
    });
    expect(slots.json().times).toEqual(['09:00', '10:00', '11:00']);
  });

  it('must end within office hours (a staff booking of 3 hours at 16:00 ends after 18:00)', async () => {
    const response = await post(
      booking({
        date: freshDay(),
        time: '16:00',
        type: 'court_appearance',
        clientId: client.id,
        durationMinutes: 180,
      }),
      tokens.advocate,
    );
    expect(response.json()).toMatchObject({ message: M.afterHours });
  });

  it('court appearances are entered by staff, who may set the fee and duration', async () => {
    const date = freshDay();
    const refused = await post(booking({ date, type: 'court_appearance' }), tokens.client);
    expect(refused.json().message).toBe(M.typeNotBookable);
    const created = await post(
      booking({ date, type: 'court_appearance', clientId: client.id, feeKsh: 12000 }),
      tokens.advocate,
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().appointment).toMatchObject({
      duration: 120,
      fee: 12000,
      advocateId: advocate.id,
      clientId: client.id,
    });
  });
});

describe('the lead time (the clock at Monday 1 March 2027, 08:30 in Nairobi)', () => {
  afterEach(() => vi.useRealTimers());

  it('nothing starting less than 2 hours ahead, nor already started', async () => {
    // The clock moves on from there: the embedded database reads it too, and a job queued at a
    // frozen "now" would never be due.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2027-03-01T05:30:00Z'));
    const token = await sessionFor(ctx, client);
    expect((await post(booking({ date: '2027-03-01', time: '10:00' }), token)).json().message).toBe(
      M.tooSoon,
    );
    const slots = await ctx.app.inject({
      method: 'GET',
      url: '/api/appointments/availability?date=2027-03-01',
    });
    expect(slots.json().times).toEqual(['11:00', '14:00', '15:00', '16:00']);
    const ok = await post(booking({ date: '2027-03-01', time: '11:00' }), token);
    expect(ok.statusCode, ok.body).toBe(201);
    // Its emails go on that clock, not at a later test's real one (when they would not be due).
    expect((await sentMail(ctx)).length).toBeGreaterThan(0);
  });
});
