import { inArray } from 'drizzle-orm';
import {
  APPOINTMENT_MESSAGES as M,
  VALIDATION,
  addDays,
  nairobiInstant,
  nairobiToday,
} from '@firm/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { buildApp } from '../../app';
import { cases, deliveries, type UserRow } from '../../db/schema';
import { isKenyanPublicHoliday } from '../../lib/kenyan-holidays';
import { sendDueReminders } from './appointment-reminders';
import {
  calendarOf,
  confirmVisitorBooking,
  freshDays,
  manageByLink,
  nextOpenWeekday,
  clearMail,
  sentMail,
} from './appointments-test-kit';

/**
 * The booking rules, the transitions, the visitor's link, the emails' calendars and the reminder,
 * against a real database (PGlite, or PostgreSQL with npm run test:api:pg).
 */

let ctx: TestContext;
let advocate: UserRow;
let secondAdvocate: UserRow;
let client: UserRow;
let otherClient: UserRow;
const tokens = { advocate: '', client: '', otherClient: '' };
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  advocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'wanjiru@appts.test',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
  });
  secondAdvocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'otieno@appts.test',
    firstName: 'Otieno',
    lastName: 'Odhiambo',
  });
  client = await seedUser(ctx, {
    role: 'client',
    email: 'amani@appts.test',
    firstName: 'Amani',
    lastName: 'Mwangi',
  });
  otherClient = await seedUser(ctx, { role: 'client', email: 'other@appts.test' });
  tokens.advocate = await sessionFor(ctx, advocate);
  tokens.client = await sessionFor(ctx, client);
  tokens.otherClient = await sessionFor(ctx, otherClient);
});
afterAll(() => ctx.close());
afterEach(async () => {
  await settleMail(ctx);
  await clearMail(ctx);
});

const booking = (overrides: Record<string, unknown> = {}) => ({
  title: 'Land sale agreement',
  type: 'consultation',
  description: 'Review of a sale agreement for a plot in Kitengela.',
  date: nextOpenWeekday(),
  time: '10:00',
  ...overrides,
});
const visitor = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Achieng',
  lastName: 'Otieno',
  email: 'achieng@visitor.test',
  phone: '0712 345 678',
  consent: true,
  ...overrides,
});

function post(
  payload: Record<string, unknown>,
  token?: string,
  ip = `10.20.0.${(seq += 1) % 250}`,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload,
    remoteAddress: ip,
    headers: token ? bearer(token) : {},
  });
}

/** An open weekday no other test has used: each test gets its own diary. */
const freshDay = freshDays();

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

describe('one diary, no overlaps', () => {
  it("a client who does not choose gets their open case's advocate first", async () => {
    const date = freshDay();
    // Amani's open case is Otieno's; without a case the least busy advocate (Wanjiru) would do.
    await ctx.database.db.insert(cases).values({
      caseNumber: `MWA/2026/${String(9000 + (seq += 1)).padStart(4, '0')}`,
      title: 'Boundary dispute in Ruiru',
      description: 'A neighbour has fenced part of the plot.',
      category: 'property',
      priority: 'medium',
      clientId: client.id,
      assigneeId: secondAdvocate.id,
    });
    const booked = await post(booking({ date, time: '10:00' }), tokens.client);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().appointment.advocateId).toBe(secondAdvocate.id);
    // Another client, with no case, gets the advocate with the lighter day.
    const other = await post(booking({ date, time: '10:00' }), tokens.otherClient);
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().appointment.advocateId).toBe(advocate.id);
  });
  it('a taken slot answers 409 with the times still free; another advocate still takes it', async () => {
    const date = freshDay();
    const first = await post(
      booking({ date, time: '09:00', advocateId: advocate.id }),
      tokens.client,
    );
    expect(first.statusCode).toBe(201);
    const clash = await post(
      booking({ date, time: '09:00', advocateId: advocate.id }),
      tokens.otherClient,
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ message: M.slotTaken, code: 'SLOT_TAKEN' });
    expect(clash.json().times).not.toContain('09:00');
    expect(clash.json().times).toContain('10:00');
    // Without a chosen advocate, a free one gets it.
    const assigned = await post(booking({ date, time: '09:00' }), tokens.otherClient);
    expect(assigned.statusCode).toBe(201);
    expect(assigned.json().appointment.advocateId).toBe(secondAdvocate.id);
    const none = await post(booking({ date, time: '09:00' }), tokens.otherClient);
    expect(none.statusCode).toBe(409);
    const slots = await ctx.app.inject({
      method: 'GET',
      url: `/api/appointments/availability?date=${date}`,
    });
    expect(slots.json().times).not.toContain('09:00');
  });

  it('overlapping but not identical ranges clash; back-to-back ones do not', async () => {
    const date = freshDay();
    const long = await post(
      booking({
        date,
        time: '09:00',
        type: 'court_appearance',
        clientId: client.id,
        advocateId: advocate.id,
      }),
      tokens.advocate,
    ); // 09:00–11:00
    expect(long.statusCode).toBe(201);
    const inside = await post(
      booking({ date, time: '10:00', clientId: client.id, advocateId: advocate.id }),
      tokens.advocate,
    );
    expect(inside.statusCode).toBe(409);
    const after = await post(
      booking({ date, time: '11:00', clientId: client.id, advocateId: advocate.id }),
      tokens.advocate,
    );
    expect(after.statusCode).toBe(201);
  });

  it.each([
    ['the same slot', () => ({ time: '15:00' }), () => ({ time: '15:00' })],
    [
      'overlapping ranges',
      () => ({ time: '14:00', type: 'court_appearance' }),
      () => ({ time: '15:00', durationMinutes: 60 }),
    ],
  ])('100 concurrent requests for %s: one 201, the rest 409, one row', async (_name, even, odd) => {
    const date = freshDay();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(
          booking({
            date,
            clientId: client.id,
            advocateId: advocate.id,
            ...(i % 2 ? odd() : even()),
          }),
          tokens.advocate,
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    // Every answer's status and message, should one be unexpected.
    const counts = new Map<string, number>();
    for (const response of responses) {
      const answer = `${response.statusCode} ${response.json().message ?? ''}`;
      counts.set(answer, (counts.get(answer) ?? 0) + 1);
    }
    const answers = JSON.stringify([...counts].map(([answer, n]) => `${n} × ${answer}`));
    expect(
      statuses.filter((status) => status === 201),
      answers,
    ).toHaveLength(1);
    expect(
      statuses.filter((status) => status === 409),
      answers,
    ).toHaveLength(99);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/appointments?from=${date}&to=${date}&advocateId=${advocate.id}`,
      headers: bearer(tokens.advocate),
    });
    expect(list.json().total).toBe(1);
  });
});

describe('who sees what', () => {
  it("a client lists only their own; another's answers 404", async () => {
    const created = await post(booking({ date: freshDay() }), tokens.otherClient);
    const id = created.json().appointment.id;
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/appointments?limit=100',
      headers: bearer(tokens.client),
    });
    expect(
      mine.json().appointments.every((a: { clientId: string }) => a.clientId === client.id),
    ).toBe(true);
    for (const request of [
      { method: 'GET' as const, url: `/api/appointments/${id}` },
      {
        method: 'PUT' as const,
        url: `/api/appointments/${id}`,
        payload: { date: freshDay(), time: '10:00' },
      },
      { method: 'PATCH' as const, url: `/api/appointments/${id}/cancel`, payload: { reason: 'x' } },
    ]) {
      const response = await ctx.app.inject({ ...request, headers: bearer(tokens.client) });
      expect(response.statusCode, request.method).toBe(404);
    }
  });

  it('a client may only reschedule, not confirm or set the fee', async () => {
    const id = (await post(booking({ date: freshDay() }), tokens.client)).json().appointment.id;
    for (const payload of [
      { status: 'confirmed' },
      { feeKsh: 0 },
      { paymentStatus: 'paid', paymentMethod: 'cash' },
    ]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/appointments/${id}`,
        payload,
        headers: bearer(tokens.client),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
    }
  });
});

describe('transitions, emails and calendars', () => {
  it('booked → confirmed → rescheduled → cancelled: same UID, SEQUENCE rising, METHOD:CANCEL last', async () => {
    const date = freshDay();
    const created = await post(booking({ date, time: '11:00' }), tokens.client);
    const appointment = created.json().appointment;
    let mail = await sentMail(ctx);
    expect(mail.map((m) => m.to)).toEqual([client.email, ctx.config.firmNotifyEmail]);
    const booked = calendarOf(mail[0]!);
    expect(booked.content).toContain('METHOD:REQUEST');
    expect(booked.content).toContain('TZID:Africa/Nairobi');
    expect(booked.content).toContain(
      `DTSTART;TZID=Africa/Nairobi:${date.replaceAll('-', '')}T110000`,
    );
    expect(booked.event.start.toISOString()).toBe(nairobiInstant(date, '11:00').toISOString());
    expect(booked.event.end?.toISOString()).toBe(nairobiInstant(date, '11:30').toISOString());
    expect(booked.event.uid).toBe(`appointment-${appointment.id}@portal.test`);
    expect(Number(booked.event.sequence)).toBe(0);
    await clearMail(ctx);

    const confirm = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appointment.id}`,
      payload: { status: 'confirmed' },
      headers: bearer(tokens.advocate),
    });
    expect(confirm.json()).toMatchObject({
      message: M.confirmed,
      appointment: { status: 'confirmed' },
    });
    mail = await sentMail(ctx);
    expect(mail).toHaveLength(1);
    expect(Number(calendarOf(mail[0]!).event.sequence)).toBe(1);
    await clearMail(ctx);

    const newDate = freshDay();
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appointment.id}`,
      payload: { date: newDate, time: '15:00' },
      headers: bearer(tokens.advocate),
    });
    expect(moved.json()).toMatchObject({
      message: M.rescheduled,
      appointment: { date: newDate, time: '15:00', status: 'confirmed' },
    });
    mail = await sentMail(ctx);
    const rescheduled = calendarOf(mail[0]!);
    expect(Number(rescheduled.event.sequence)).toBe(2);
    expect(rescheduled.event.uid).toBe(booked.event.uid);
    await clearMail(ctx);

    const cancelled = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}/cancel`,
      payload: { reason: 'Client travelling' },
      headers: bearer(tokens.client),
    });
    expect(cancelled.json()).toMatchObject({
      appointment: { status: 'cancelled', cancellationReason: 'Client travelling' },
    });
    mail = await sentMail(ctx);
    const last = calendarOf(mail[0]!);
    expect(last.content).toContain('METHOD:CANCEL');
    expect(last.content).toContain('STATUS:CANCELLED');
    expect(Number(last.event.sequence)).toBe(3);
    expect(last.event.uid).toBe(booked.event.uid);

    // The slot is free again, and a cancelled appointment cannot come back.
    const again = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appointment.id}`,
      payload: { status: 'confirmed' },
      headers: bearer(tokens.advocate),
    });
    expect(again.statusCode).toBe(409);
    const twice = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}/cancel`,
      payload: { reason: 'again' },
      headers: bearer(tokens.advocate),
    });
    expect(twice.statusCode).toBe(409);
  });

  it('completed only from confirmed; payment needs method and reference', async () => {
    const id = (await post(booking({ date: freshDay() }), tokens.client)).json().appointment.id;
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/appointments/${id}`,
        payload,
        headers: bearer(tokens.advocate),
      });
    expect((await put({ status: 'completed' })).statusCode).toBe(409);
    expect((await put({ paymentStatus: 'paid', paymentMethod: 'mpesa' })).json().message).toBe(
      M.paymentReferenceRequired,
    );
    const paid = await put({
      paymentStatus: 'paid',
      paymentMethod: 'mpesa',
      paymentReference: 'SGK7H2LQ9P',
    });
    expect(paid.json().appointment).toMatchObject({
      paymentStatus: 'paid',
      paymentMethod: 'mpesa',
      paymentReference: 'SGK7H2LQ9P',
    });
    expect((await put({ status: 'confirmed' })).statusCode).toBe(200);
    expect((await put({ status: 'completed' })).json().appointment.status).toBe('completed');
    expect((await put({ date: freshDay(), time: '10:00' })).statusCode).toBe(409);

    // The list finds it by the Nairobi day it was paid (the dashboard's fees paid this month).
    const listed = async (query: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/appointments?limit=100&${query}`,
        headers: bearer(tokens.advocate),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().appointments as { id: string }[]).map((each) => each.id);
    };
    const today = nairobiToday();
    expect(await listed(`paidFrom=${today}&paidTo=${today}`)).toContain(id);
    expect(await listed(`paidTo=${addDays(today, -1)}`)).not.toContain(id);
    expect(await listed(`paidFrom=${addDays(today, 1)}`)).not.toContain(id);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/appointments?paidFrom=yesterday',
      headers: bearer(tokens.advocate),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('paidFrom');
  });

  it("a client's reschedule waits for the firm to confirm it again", async () => {
    const id = (await post(booking({ date: freshDay() }), tokens.client)).json().appointment.id;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${id}`,
      payload: { status: 'confirmed' },
      headers: bearer(tokens.advocate),
    });
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${id}`,
      payload: { date: freshDay(), time: '14:00' },
      headers: bearer(tokens.client),
    });
    expect(moved.json().appointment).toMatchObject({ status: 'scheduled', time: '14:00' });
  });
});

describe("the visitor's link", () => {
  async function bookAsVisitor(date: string) {
    const email = `v${(seq += 1)}@visitor.test`;
    const response = await post({
      ...booking({ date, time: '16:00' }),
      ...visitor({ email, phone: `07123${String(seq).padStart(5, '0')}` }),
    });
    expect(response.statusCode).toBe(201);
    const mail = await sentMail(ctx);
    const link = /\/appointments\/manage#token=([\w-]+)/.exec(mail[0]!.text);
    expect(link).not.toBeNull();
    expect((await confirmVisitorBooking(ctx, email)).statusCode).toBe(200);
    await sentMail(ctx);
    await clearMail(ctx);
    return { id: response.json().appointment.id as string, token: link![1]! };
  }
  const manage = (path: string, payload: Record<string, unknown>) =>
    manageByLink(ctx, path, payload, `10.30.0.${(seq += 1) % 250}`);

  it('writes its emails to the outbox with the event; a private link is blanked there once sent', async () => {
    const date = freshDay();
    const email = `v${(seq += 1)}@visitor.test`;
    const response = await post({
      ...booking({ date, time: '16:00' }),
      ...visitor({ email, phone: `07123${String(seq).padStart(5, '0')}` }),
    });
    expect(response.statusCode).toBe(201);
    await sentMail(ctx);
    expect((await confirmVisitorBooking(ctx, email)).statusCode).toBe(200);
    await sentMail(ctx);
    const rows = await ctx.database.db
      .select()
      .from(deliveries)
      .where(inArray(deliveries.recipient, [email, ctx.config.firmNotifyEmail]))
      .orderBy(deliveries.createdAt);
    const mine = rows.filter((row) => row.recipient === email);
    expect(mine.map((row) => row.kind)).toEqual(['appointment_hold', 'appointment_booked']);
    for (const row of mine) {
      expect(row).toMatchObject({ status: 'sent', attempts: 1, isConfidential: true, body: '' });
    }
    // The firm's notice carries no private link, so it is kept as sent.
    const firm = rows.filter(
      (row) => row.recipient === ctx.config.firmNotifyEmail && row.body.includes(email),
    );
    expect(firm).toHaveLength(1);
    expect(firm[0]).toMatchObject({ kind: 'appointment_to_firm', status: 'sent' });
    expect(firm[0]!.body).not.toContain('#token=');
    await clearMail(ctx);
  });

  it('views, moves and cancels the one booking, and nothing else', async () => {
    const { id, token } = await bookAsVisitor(freshDay());
    expect((await manage('', { token })).json().appointment.id).toBe(id);
    const newDate = freshDay();
    const moved = await manage('/reschedule', { token, date: newDate, time: '09:00' });
    expect(moved.json().appointment).toMatchObject({ date: newDate, time: '09:00' });
    const cancelled = await manage('/cancel', { token, reason: 'Found a lawyer nearer home' });
    expect(cancelled.json().appointment.status).toBe('cancelled');
    expect((await sentMail(ctx)).map((m) => m.to)).toContain(ctx.config.firmNotifyEmail);
    expect((await manage('/cancel', { token, reason: 'again' })).statusCode).toBe(409);
    // A made-up token, or the token as a session, gets nothing.
    expect((await manage('', { token: 'x'.repeat(43) })).json().code).toBe('INVALID_BOOKING_LINK');
    const asSession = await ctx.app.inject({
      method: 'GET',
      url: `/api/appointments/${id}`,
      headers: bearer(token),
    });
    expect(asSession.statusCode).toBe(401);
  });

  it('stops working once the appointment has started', async () => {
    const date = freshDay();
    const { token } = await bookAsVisitor(date);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(nairobiInstant(date, '16:01')));
      expect((await manage('', { token })).statusCode).toBe(404);
      expect((await manage('/cancel', { token, reason: 'late' })).statusCode).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the 24-hour reminder', () => {
  it('goes once, with two app instances on one database and after a restart', async () => {
    const date = freshDay();
    const id = (await post(booking({ date, time: '10:00' }), tokens.client)).json().appointment.id;
    const unconfirmed = (await post(booking({ date, time: '14:00' }), tokens.client)).json()
      .appointment.id;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${id}`,
      payload: { status: 'confirmed' },
      headers: bearer(tokens.advocate),
    });
    await sentMail(ctx);
    await clearMail(ctx);

    const sent: string[] = [];
    const instance = async () =>
      buildApp({
        config: ctx.config,
        database: ctx.database,
        mailer: { send: async (mail) => void sent.push(mail.subject) },
        logger: false,
        retentionSchedule: false,
        appointmentReminders: false,
      });
    const [first, second] = await Promise.all([instance(), instance()]);
    const deps = (app: typeof first) => ({
      db: app.db,
      outbox: app.outbox,
      firmNotifyEmail: ctx.config.firmNotifyEmail,
      publicUrl: ctx.config.publicUrl,
      mailFrom: ctx.config.mailFrom,
      logger: app.log,
    });
    const dayBefore = new Date(nairobiInstant(date, '10:00').getTime() - 23 * 60 * 60 * 1000);
    const tooEarly = new Date(nairobiInstant(date, '10:00').getTime() - 25 * 60 * 60 * 1000);
    expect(await sendDueReminders(deps(first), tooEarly)).toBe(0);
    const counts = await Promise.all([
      sendDueReminders(deps(first), dayBefore),
      sendDueReminders(deps(second), dayBefore),
      sendDueReminders(deps(first), dayBefore),
      sendDueReminders(deps(second), dayBefore),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    await Promise.all([first.close(), second.close()]);
    const restarted = await instance();
    expect(await sendDueReminders(deps(restarted), new Date(dayBefore.getTime() + 60_000))).toBe(0);
    await restarted.close();
    // Whichever process's worker took the email (the test's own app shares the queue), it went once.
    await sentMail(ctx);
    const reminders = [...sent, ...ctx.mail.map((mail) => mail.subject)];
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatch(/^Reminder/);
    void unconfirmed;
  });
});
