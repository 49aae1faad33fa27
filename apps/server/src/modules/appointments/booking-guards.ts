import { APPOINTMENT_MESSAGES as M, VISITOR_OPEN_BOOKINGS_MAX, nairobiToday } from '@firm/shared';
import type { Executor } from '../../db/client';
import { lockForTransaction, lockRecordForTransaction } from '../../db/advisory-locks';
import { AppError } from '../../lib/app-error';
import { dayBounds } from './slot-engine';
import {
  countOpenVisitorBookings,
  countUnconfirmedVisitorBookings,
} from './visitor-holds.repository';

/**
 * What keeps two bookings apart: the locks writes into a diary take turns under, the caps on
 * visitors' bookings, and the answers to an exclusion constraint that refused a write.
 */

/**
 * Bookings into one advocate's diary take turns. The exclusion constraint alone keeps them from
 * overlapping, but PostgreSQL checks it by waiting on each other's uncommitted rows, and
 * overlapping (not identical) inserts then deadlock one another; under a burst of 100 the waits
 * and the deadlock detector held every pooled connection until requests failed (500 and 503).
 * Queued behind this lock, each insert takes a millisecond and meets only committed rows.
 */
export function lockDiary(tx: Executor, advocateId: string): Promise<void> {
  return lockRecordForTransaction(tx, 'advocateDiary', advocateId);
}

/** A client's own bookings take turns too: a person holds one appointment at a time (ADR 022). */
export function lockClientDiary(tx: Executor, clientId: string): Promise<void> {
  return lockRecordForTransaction(tx, 'clientDiary', clientId);
}

/**
 * The caps on visitor bookings (ADR 022), counted under one firm-wide lock so that
 * requests racing each other cannot pass them together: a few open bookings per email and per
 * phone, and a ceiling a day on bookings their visitors never confirmed (a firm setting).
 */
export async function checkVisitorCaps(
  tx: Executor,
  contact: { email: string; phone: string },
  now: Date,
  dailyCeiling: number,
): Promise<void> {
  await lockForTransaction(tx, 'visitorBookings');
  const open = await countOpenVisitorBookings(tx, contact, now);
  if (open.byEmail >= VISITOR_OPEN_BOOKINGS_MAX || open.byPhone >= VISITOR_OPEN_BOOKINGS_MAX) {
    throw AppError.conflict(M.tooManyOpenBookings, 'VISITOR_BOOKING_LIMIT');
  }
  const [today] = dayBounds(nairobiToday(now));
  if ((await countUnconfirmedVisitorBookings(tx, today)) >= dailyCeiling) {
    throw AppError.tooManyRequests(M.dailyCeilingReached, 'VISITOR_BOOKINGS_PAUSED');
  }
}

/**
 * Which exclusion constraint refused a write (SQLSTATE 23P01), if one did: the advocate's diary
 * (`appointments_no_overlap`), or the client's or visitor email's own (ADR 022).
 */
function overlapConstraint(error: unknown): string | null {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === '23P01') {
      return typeof e.constraint === 'string' ? e.constraint : 'appointments_no_overlap';
    }
    e = e.cause as typeof e;
  }
  return null;
}

/**
 * After a refused write into a diary: throws unless the advocate's diary was taken then (another
 * advocate, or another time, may still be free). The person already having a live appointment
 * overlapping that time answers 409 PERSON_BUSY, worded for staff or for the person; any other
 * error goes on as it was.
 */
export function rethrowUnlessDiaryTaken(error: unknown, forStaff: boolean): void {
  const constraint = overlapConstraint(error);
  if (
    constraint === 'appointments_client_no_overlap' ||
    constraint === 'appointments_visitor_email_no_overlap'
  ) {
    throw AppError.conflict(forStaff ? M.clientOverlapForStaff : M.clientOverlap, 'PERSON_BUSY');
  }
  if (constraint !== 'appointments_no_overlap') throw error;
}

/** 409: the time was taken meanwhile; `times` are those still free that day, for the screen. */
export function slotTaken(times: string[]): AppError {
  return AppError.conflict(M.slotTaken, 'SLOT_TAKEN', { times });
}
