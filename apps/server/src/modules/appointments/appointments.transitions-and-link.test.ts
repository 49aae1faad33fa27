import { inArray } from 'drizzle-orm';
import { APPOINTMENT_MESSAGES as M, addDays, nairobiInstant, nairobiToday } from '@firm/shared';
import { describe, expect, it, vi } from 'vitest';
import { bearer } from '../../../test/accounts';
import { buildApp } from '../../app';
import { deliveries } from '../../db/schema';
import { sendDueReminders } from './appointment-reminders';
import {
  calendarOf,
  confirmVisitorBooking,
  manageByLink,
  clearMail,
  sentMail,
} from './appointments-test-kit';
import {
  useAppointmentsTestContext,
  ctx,
  client,
  tokens,
  booking,
  visitor,
  post,
  freshDay,
  nextSeq,
} from './appointments-api-test-kit';

/** The transitions, the emails' calendars, the visitor's link and the reminder, against a real
 * database (PGlite, or PostgreSQL with npm run test:api:pg). */

useAppointmentsTestContext();

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
    const n = nextSeq();
    const email = `v${n}@visitor.test`;
    const response = await post({
      ...booking({ date, time: '16:00' }),
      ...visitor({ email, phone: `07123${String(n).padStart(5, '0')}` }),
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
    manageByLink(ctx, path, payload, `10.30.0.${nextSeq() % 250}`);

  it('writes its emails to the outbox with the event; a private link is blanked there once sent', async () => {
    const date = freshDay();
    const n = nextSeq();
    const email = `v${n}@visitor.test`;
    const response = await post({
      ...booking({ date, time: '16:00' }),
      ...visitor({ email, phone: `07123${String(n).padStart(5, '0')}` }),
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
