import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  paybillPayments,
  paybillPullRegistrations,
  paybillSweeps,
  type PaybillPaymentRow,
} from '../../db/schema';
import type { C2bPayment } from '../../lib/daraja-c2b';

/** The daily sweep's queries (ADR 054); its rules are sweep.service.ts's. */

/** A claim older than this, never finished, belongs to a process that stopped: taken again. */
export const SWEEP_CLAIM_STALE_MS = 50 * 60_000;

/**
 * Claims the sweep of one Nairobi day, once across processes: the first to insert the day's row
 * runs it. The row is taken again when its run failed or stopped (unfinished: an error, or a claim
 * older than SWEEP_CLAIM_STALE_MS), and, when `again` (run by hand), once it finished. Answers
 * whether this process holds the claim.
 */
export async function claimSweepDay(
  db: Executor,
  day: string,
  now: Date,
  window: { start: Date; end: Date },
  again: boolean,
): Promise<boolean> {
  const fresh = {
    claimedAt: now,
    finishedAt: null,
    windowStart: window.start,
    windowEnd: window.end,
    listed: 0,
    recorded: 0,
    reversed: 0,
    pushesSettled: 0,
    error: null,
  };
  const stale = new Date(now.getTime() - SWEEP_CLAIM_STALE_MS);
  const unfinished = and(
    isNull(paybillSweeps.finishedAt),
    or(isNotNull(paybillSweeps.error), lt(paybillSweeps.claimedAt, stale)),
  );
  const rows = await db
    .insert(paybillSweeps)
    .values({ day, ...fresh })
    .onConflictDoUpdate({
      target: paybillSweeps.day,
      set: fresh,
      setWhere: again ? or(unfinished, isNotNull(paybillSweeps.finishedAt)) : unfinished,
    })
    .returning({ day: paybillSweeps.day });
  return rows.length === 1;
}

export async function finishSweepDay(
  db: Executor,
  day: string,
  values: Partial<typeof paybillSweeps.$inferInsert>,
): Promise<void> {
  await db.update(paybillSweeps).set(values).where(eq(paybillSweeps.day, day));
}

export async function isPullRegistered(db: Executor, shortcode: string): Promise<boolean> {
  const [row] = await db
    .select({ shortcode: paybillPullRegistrations.shortcode })
    .from(paybillPullRegistrations)
    .where(eq(paybillPullRegistrations.shortcode, shortcode));
  return row !== undefined;
}

export async function recordPullRegistration(
  db: Executor,
  shortcode: string,
  responseDescription: string,
): Promise<void> {
  await db
    .insert(paybillPullRegistrations)
    .values({ shortcode, responseDescription })
    .onConflictDoNothing();
}

/**
 * A payment M-Pesa lists that the firm never heard of: recorded once per receipt, already
 * `confirmed` (Safaricom's own list is M-Pesa's answer), `found_by` sweep. Null when the receipt
 * was known (its confirmation came, or came at this very moment): that row is the payment.
 */
export async function insertSwept(
  tx: Executor,
  payment: C2bPayment,
  values: { paidAt: Date; confirmedAt: Date },
): Promise<PaybillPaymentRow | null> {
  const [row] = await tx
    .insert(paybillPayments)
    .values({
      ...payment,
      ...values,
      status: 'confirmed',
      foundBy: 'sweep',
      nextCheckAt: null,
      unallocatedKsh: payment.amountKsh,
    })
    .onConflictDoNothing({ target: paybillPayments.transId })
    .returning();
  return row ?? null;
}
