import {
  APPOINTMENT_MESSAGES as M,
  VISITOR_HOLD_MINUTES,
  formatNairobiDateTime,
} from '@firm/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { bearer } from '../../../test/accounts';
import { appointmentEvents, appointments, notifications } from '../../db/schema';
import { releaseExpiredHolds } from './visitor-holds.repository';
import { manageByLink, visitorLinkToken } from './appointments-test-kit';
import {
  useVisitorHoldTestContext,
  ctx,
  advocate,
  secondAdvocate,
  advocateToken,
  nextSeq,
  TYPED_TITLE,
  TYPED_NOTES,
  TYPED_NAME,
  book,
  sent,
  freshDay,
  setCeiling,
  firmNotices,
} from './visitor-booking-hold-test-kit';

/**
 * ADR 022 (booking): a visitor's booking holds its slot only until the visitor confirms it from
 * the email; the firm hears of it once confirmed; the unproven address gets fixed text only.
 */

useVisitorHoldTestContext();

const manage = (path: string, payload: Record<string, unknown>) =>
  manageByLink(ctx, path, payload, `10.99.${nextSeq() % 250}.1`);

describe('the hold', () => {
  it('the email to the unproven address: fixed text and a reference, nothing the sender typed', async () => {
    await setCeiling(200);
    const response = await book({ date: freshDay() });
    expect(response.statusCode, response.body).toBe(201);
    const { appointment } = response.json();
    const mail = await sent();
    expect(mail).toHaveLength(1);
    const [message] = mail;
    expect(message!.to).toBe(appointment.clientEmail);
    expect(message!.subject).toBe(
      'Please confirm your appointment request: Mwamba & Associates Advocates',
    );
    expect(message!.text).toContain(appointment.reference);
    expect(message!.text).toContain(M.confirmMyBooking);
    expect(message!.text).toContain(`${VISITOR_HOLD_MINUTES} minutes`);
    // ADR 016: the day and time in words on a Nairobi clock, from the shared formatter.
    expect(message!.text).toContain(
      `When: ${formatNairobiDateTime(appointment.startsAt)} (Nairobi time), 30 minutes`,
    );
    expect(message!.text).toMatch(/When: (Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2} [A-Z][a-z]{2} \d{4}, /);
    const whole = JSON.stringify(message);
    for (const typed of [TYPED_TITLE, TYPED_NOTES, TYPED_NAME, 'spam.example']) {
      expect(whole).not.toContain(typed);
    }
    expect(message!.attachments ?? []).toHaveLength(0);
  });

  it('shares the daily cap of automatic mail with the contact form: a mailbox gets 3 a day in all (ADR 023)', async () => {
    await setCeiling(200);
    const mailbox = 'njeri.wambui@hold.test';
    for (const [i, email] of ['njeri.wambui@hold.test', 'Njeri.Wambui+law@hold.test'].entries()) {
      const contact = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact-messages',
        remoteAddress: `10.77.${i}.1`,
        payload: {
          name: 'Njeri Wambui',
          email,
          subject: 'Land title question',
          message: 'I would like advice on a land title in Kiambu.',
          urgency: 'urgent',
          consent: true,
        },
      });
      expect(contact.statusCode, contact.body).toBe(201);
    }
    const toMailbox = async () =>
      (await sent()).filter((mail) => mail.to.toLowerCase().startsWith('njeri.wambui')).length;
    expect(await toMailbox()).toBe(2);

    const day = freshDay();
    const first = await book({ date: day, time: '09:00', email: mailbox, phone: '0711 200 301' });
    expect(first.statusCode, first.body).toBe(201);
    expect(await toMailbox()).toBe(3);
    // The fourth automatic mail of the day to that mailbox is not sent; the booking still holds.
    const second = await book({
      date: day,
      time: '14:00',
      email: 'njeri.wambui+again@hold.test',
      phone: '0711 200 302',
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(await toMailbox()).toBe(3);
  });

  it('holds the slot while live; once expired the slot is free, the booking released and cannot be confirmed', async () => {
    await setCeiling(200);
    const date = freshDay();
    const held = await book({ date, time: '11:00', advocateId: advocate.id });
    expect(held.statusCode, held.body).toBe(201);
    const token = visitorLinkToken(await sent(), held.json().appointment.clientEmail);
    const free = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/appointments/availability?date=${date}&advocateId=${advocate.id}`,
        })
      ).json().times as string[];
    expect(await free()).not.toContain('11:00');
    const view = await manage('', { token });
    expect(view.json().appointment).toMatchObject({ visitorHold: 'awaiting', status: 'scheduled' });

    // The clock moves on from there: the embedded database reads it too, and a job queued at a
    // frozen "now" would never be due.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(Date.now() + (VISITOR_HOLD_MINUTES + 1) * 60_000));
    // Expired, not yet released by the job: it blocks nothing already.
    expect(await free()).toContain('11:00');
    expect((await manage('', { token })).json().appointment.visitorHold).toBe('released');
    // Another booking takes the time (releasing the expired hold in passing).
    const taker = await book({ date, time: '11:00', advocateId: advocate.id });
    expect(taker.statusCode, taker.body).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, held.json().appointment.id));
    expect(row).toMatchObject({ status: 'cancelled', cancellationReason: M.holdReleasedReason });
    const late = await manage('/confirm', { token });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: M.holdReleased, code: 'HOLD_RELEASED' });
    expect((await manage('', { token })).json().appointment).toMatchObject({
      visitorHold: 'released',
      status: 'cancelled',
    });
    expect((await sent()).filter((m) => m.to === 'firm@example.test')).toHaveLength(0);
  });

  it('the periodic release claims each expired hold once, however many processes run it', async () => {
    await setCeiling(200);
    const date = freshDay();
    const ids: string[] = [];
    for (const time of ['09:00', '14:00', '15:00']) {
      const response = await book({ date, time });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().appointment.id);
    }
    const later = new Date(Date.now() + (VISITOR_HOLD_MINUTES + 1) * 60_000);
    const runs = await Promise.all([
      releaseExpiredHolds(ctx.database.db, later),
      releaseExpiredHolds(ctx.database.db, later),
      releaseExpiredHolds(ctx.database.db, later),
    ]);
    const released = runs.flat().filter((id) => ids.includes(id));
    expect(released.sort()).toEqual([...ids].sort());
    const events = await ctx.database.db
      .select({ id: appointmentEvents.id })
      .from(appointmentEvents)
      .where(
        and(
          eq(appointmentEvents.action, 'released'),
          inArray(appointmentEvents.appointmentId, ids),
        ),
      );
    expect(events).toHaveLength(3);
  });

  it('confirming (a POST) notifies the firm exactly once, however often it is pressed', async () => {
    await setCeiling(200);
    const noticesBefore = await firmNotices();
    const response = await book({ date: freshDay(), time: '14:00' });
    expect(response.statusCode, response.body).toBe(201);
    const email = response.json().appointment.clientEmail;
    const token = visitorLinkToken(await sent(), email);
    ctx.mail.length = 0;
    // Staff cannot confirm a booking its visitor has not confirmed.
    const early = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${response.json().appointment.id}`,
      headers: bearer(advocateToken),
      payload: { status: 'confirmed' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('AWAITING_VISITOR_CONFIRMATION');

    // Nor is it a booking request on the dashboards until then.
    const requests = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/dashboard/stats',
          headers: bearer(advocateToken),
        })
      ).json().bookingRequests as number;
    const requestsBefore = await requests();

    const presses = await Promise.all(
      Array.from({ length: 5 }, () => manage('/confirm', { token })),
    );
    expect(presses.map((press) => press.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(presses.filter((press) => press.json().message === M.visitorConfirmed)).toHaveLength(1);
    expect(presses[0]!.json().appointment).toMatchObject({
      visitorHold: null,
      status: 'scheduled',
    });
    const mail = await sent();
    expect(mail.filter((m) => m.to === 'firm@example.test')).toHaveLength(1);
    expect(mail.filter((m) => m.to === email)).toHaveLength(1);
    // One notice for each advocate who handles enquiries, and no more.
    const notices = await ctx.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'visitor_booking_received'),
          eq(notifications.subjectId, response.json().appointment.id),
        ),
      );
    expect(notices.map((notice) => notice.userId).sort()).toEqual(
      [advocate.id, secondAdvocate.id].sort(),
    );
    expect(await firmNotices()).toBe(noticesBefore + 2);
    expect(await requests()).toBe(requestsBefore + 1);
    // Now the firm confirms it as any request.
    const byFirm = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${response.json().appointment.id}`,
      headers: bearer(advocateToken),
      payload: { status: 'confirmed' },
    });
    expect(byFirm.statusCode, byFirm.body).toBe(200);
  });
});
