import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { settleFromSafaricom, type MpesaDeps } from './mpesa.service';

/**
 * What billing offers the paybill's daily sweep (ADR 054, named in eslint.config.js): a push
 * still pending long after it was made (its callback lost, its next scheduled question hours
 * away) is asked about now, by the STK push query that settles every push (ADR 034), so the
 * morning's figures hold no payment the phone completed yesterday. Answers how many were settled
 * (paid or failed); a push M-Pesa still calls in progress is left to its own schedule.
 */
export async function settleStalePushes(
  deps: MpesaDeps,
  olderThan: Date,
  limit = 200,
): Promise<number> {
  const stale = await deps.db
    .select({ checkoutRequestId: payments.checkoutRequestId })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        isNotNull(payments.checkoutRequestId),
        lte(payments.createdAt, olderThan),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(limit);
  let settled = 0;
  for (const { checkoutRequestId } of stale) {
    try {
      const outcome = await settleFromSafaricom(deps, checkoutRequestId!, null);
      if (outcome === 'succeeded' || outcome === 'failed' || outcome === 'flagged') settled += 1;
    } catch (error) {
      // Asked again by its own schedule; the next sweep asks again too.
      deps.logger?.warn({ err: error }, 'M-Pesa push not settled by the sweep');
    }
  }
  return settled;
}
