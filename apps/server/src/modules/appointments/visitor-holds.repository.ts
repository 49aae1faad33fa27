import { APPOINTMENT_MESSAGES, LIVE_APPOINTMENT_STATUSES } from '@firm/shared';
import { and, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countAll } from '../../db/list-queries';
import { appointments, type AppointmentRow } from '../../db/schema';
import { insertAppointmentEvents } from './appointment-events.repository';

/**
 * A visitor's booking holds its slot until the visitor confirms it from the email (ADR 022), and
 * carries a private link of which only the hash is kept (ADR 027).
 */

/**
 * A visitor's booking whose hold ran out never blocks a slot, even before the periodic job (or the
 * next booking) has released it (ADR 022).
 */
export const holdNotExpired = (now: Date) =>
  or(isNull(appointments.holdExpiresAt), gt(appointments.holdExpiresAt, now));

/**
 * Releases the visitor bookings whose hold ran out unconfirmed: cancelled with the fixed reason,
 * in one statement that claims each row once however many processes run it (SKIP LOCKED passes
 * over rows another holds; the outer status test is checked again on the committed row).
 */
export async function releaseExpiredHolds(db: Executor, now: Date): Promise<string[]> {
  const expired = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.status, 'scheduled'), lte(appointments.holdExpiresAt, now)))
    .limit(500)
    .for('update', { skipLocked: true });
  const released = await db
    .update(appointments)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      cancellationReason: APPOINTMENT_MESSAGES.holdReleasedReason,
      cancelledBy: 'system',
      sequence: sql`${appointments.sequence} + 1`,
    })
    .where(and(inArray(appointments.id, expired), eq(appointments.status, 'scheduled')))
    .returning({ id: appointments.id });
  await insertAppointmentEvents(
    db,
    released.map((row) => ({
      appointmentId: row.id,
      action: 'released',
      actorId: null,
      details: { reason: 'hold expired' },
    })),
  );
  return released.map((row) => row.id);
}

/**
 * A visitor's open bookings (live, still to come, not a hold that ran out) under `email`
 * (case-insensitive) and under `phone` (E.164), counted apart.
 */
export async function countOpenVisitorBookings(
  db: Executor,
  contact: { email: string; phone: string },
  now: Date,
): Promise<{ byEmail: number; byPhone: number }> {
  const [row] = await db
    .select({
      byEmail:
        sql<number>`count(*) filter (where lower(${appointments.clientEmail}) = lower(${contact.email}))`.mapWith(
          Number,
        ),
      byPhone:
        sql<number>`count(*) filter (where ${appointments.clientPhone} = ${contact.phone})`.mapWith(
          Number,
        ),
    })
    .from(appointments)
    .where(
      and(
        isNull(appointments.clientId),
        inArray(appointments.status, [...LIVE_APPOINTMENT_STATUSES]),
        gt(appointments.startsAt, now),
        holdNotExpired(now),
        or(
          sql`lower(${appointments.clientEmail}) = lower(${contact.email})`,
          eq(appointments.clientPhone, contact.phone),
        ),
      ),
    );
  return { byEmail: row?.byEmail ?? 0, byPhone: row?.byPhone ?? 0 };
}

/** Visitor bookings made since `since` that their visitor never confirmed from the email. */
export async function countUnconfirmedVisitorBookings(db: Executor, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: countAll() })
    .from(appointments)
    .where(
      and(
        isNull(appointments.clientId),
        isNull(appointments.visitorConfirmedAt),
        gte(appointments.createdAt, since),
      ),
    );
  return row?.count ?? 0;
}

/**
 * The visitor confirms their held booking: only a live hold, and only once (of two confirmations
 * at once, one gets the row).
 */
export async function confirmVisitorHold(
  db: Executor,
  id: string,
  now: Date,
): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .update(appointments)
    .set({ holdExpiresAt: null, visitorConfirmedAt: now })
    .where(
      and(
        eq(appointments.id, id),
        eq(appointments.status, 'scheduled'),
        gt(appointments.holdExpiresAt, now),
      ),
    )
    .returning();
  return row;
}

/**
 * A visitor's booking gets a fresh private link for an email the firm sends (confirmed, moved,
 * reminder): only the link's hash is kept, so the earlier one cannot be re-sent, and the newest
 * email's link is the one that works (ADR 027). Null for a client's booking or a visitor's
 * booking whose link is gone (retention).
 */
export async function reissueVisitorToken(
  db: Executor,
  id: string,
  token: string,
  tokenHash: string,
): Promise<string | null> {
  const rows = await db
    .update(appointments)
    .set({ visitorTokenHash: tokenHash })
    .where(and(eq(appointments.id, id), isNotNull(appointments.visitorTokenHash)))
    .returning({ id: appointments.id });
  return rows.length > 0 ? token : null;
}
