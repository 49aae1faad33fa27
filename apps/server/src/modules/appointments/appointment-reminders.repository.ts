import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appointments } from '../../db/schema';
import { userNamesByIds } from '../users/user-lookups.repository';
import type { AppointmentWithAdvocate } from './appointments.repository';

/**
 * Claims the confirmed appointments starting within `windowMs` whose reminder has not gone, and
 * marks them sent, in one statement: of two server processes running this at once, each row goes
 * to one (SKIP LOCKED passes over rows the other holds; the outer `reminder_sent_at is null` is
 * checked again on the row as committed). A restart finds sent rows marked.
 */
export async function claimDueReminders(
  db: Executor,
  now: Date,
  windowMs: number,
): Promise<AppointmentWithAdvocate[]> {
  const due = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, 'confirmed'),
        isNull(appointments.reminderSentAt),
        gt(appointments.startsAt, now),
        lt(appointments.startsAt, new Date(now.getTime() + windowMs)),
      ),
    )
    .limit(100)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(appointments)
    .set({ reminderSentAt: now })
    .where(and(inArray(appointments.id, due), isNull(appointments.reminderSentAt)))
    .returning();
  if (claimed.length === 0) return [];
  const nameOf = await userNamesByIds(
    db,
    claimed.map((row) => row.advocateId),
  );
  return claimed.map((row) => ({
    ...row,
    advocateName: row.advocateId ? (nameOf.get(row.advocateId) ?? null) : null,
  }));
}

/** Gives a claimed reminder back (its email failed), so the next run tries again. */
export async function releaseReminder(db: Executor, id: string): Promise<void> {
  await db.update(appointments).set({ reminderSentAt: null }).where(eq(appointments.id, id));
}

/**
 * Claims, in the caller's transaction, the confirmed appointments of clients that start between
 * `from` and `to` and have not had their text of the day (2 hours before, ADR 033): as the
 * day-before claim, each row goes to one process, and a rollback gives it back.
 */
export async function claimDueSoonReminders(tx: Executor, from: Date, to: Date) {
  const due = tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, 'confirmed'),
        isNull(appointments.soonReminderSentAt),
        isNotNull(appointments.clientId),
        gt(appointments.startsAt, from),
        lte(appointments.startsAt, to),
      ),
    )
    .limit(100)
    .for('update', { skipLocked: true });
  return tx
    .update(appointments)
    .set({ soonReminderSentAt: sql`now()` })
    .where(and(inArray(appointments.id, due), isNull(appointments.soonReminderSentAt)))
    .returning();
}
