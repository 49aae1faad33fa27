import { PAYBILL_TEXTS as T, can, isAdvocateAccount } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { PaybillPaymentRow } from '../../db/schema';
import type { TransactionStatusResult } from '../../lib/daraja-c2b';
import { notify } from '../notifications/notifications.service';
import { activeStaff } from '../users/users.repository';
import { nowOf, statusResultPath, statusTimeoutPath, type PaybillDeps } from './paybill-deps';
import {
  lockByStatusQuestion,
  lockByTransId,
  lockPaybillPayment,
  updatePaybillPayment,
} from './paybill.repository';

/**
 * A paybill payment is never trusted on Safaricom's confirmation alone (ADR 047): the server
 * asks Transaction Status about its receipt, and only the Result, posted to the secret ResultURL,
 * confirms it (receipt, amount and paybill agree) or marks it forged.
 */

/** When a question with no Result is asked again: further apart each time. */
const ASK_AGAIN_MS = [5, 15, 60, 240].map((minutes) => minutes * 60_000);
/** After this many questions with no Result, the payment waits for staff, unconfirmed. */
const GIVE_UP_AFTER = 8;
/** Daraja's "the initiator information is invalid": the firm's settings, not the payment. */
const INITIATOR_REFUSED = '2001';

const askAgainAt = (now: Date, attempts: number) =>
  new Date(now.getTime() + ASK_AGAIN_MS[Math.min(attempts - 1, ASK_AGAIN_MS.length - 1)]!);

/** Asks Transaction Status about a received payment; nothing without Daraja and an initiator. */
export async function askPaybillStatus(deps: PaybillDeps, id: string): Promise<void> {
  if (!deps.daraja || !deps.canAskStatus || !deps.callbackSecret) return;
  const now = nowOf(deps);
  const asking = await deps.db.transaction(async (tx) => {
    const row = await lockPaybillPayment(tx, id);
    if (row?.status !== 'received' || row.nextCheckAt === null) return null;
    const attempts = row.checkAttempts + 1;
    await updatePaybillPayment(tx, id, {
      checkAttempts: attempts,
      nextCheckAt: attempts >= GIVE_UP_AFTER ? null : askAgainAt(now, attempts),
    });
    return row;
  });
  if (!asking) return;
  try {
    const accepted = await deps.daraja.transactionStatus({
      transactionId: asking.transId,
      resultUrl: `${deps.publicUrl}${statusResultPath(deps.callbackSecret)}`,
      queueTimeoutUrl: `${deps.publicUrl}${statusTimeoutPath(deps.callbackSecret)}`,
      remarks: 'Paybill payment check',
      occasion: asking.transId,
    });
    await deps.db.transaction(async (tx) => {
      const row = await lockPaybillPayment(tx, id);
      if (row?.status === 'received') {
        await updatePaybillPayment(tx, id, {
          statusConversationId: accepted.originatorConversationId,
        });
      }
    });
  } catch (error) {
    // Asked again at the time set above; a settings problem is the firm's to mend.
    deps.logger?.warn({ err: error, paybillPaymentId: id }, 'Transaction Status not asked');
  }
}

export type StatusOutcome = 'confirmed' | 'forged' | 'unknown' | 'done' | 'later';

/**
 * A Transaction Status Result: the payment it answers confirmed or marked forged, in one
 * transaction with the payment locked (a Result posted twice decides once). Answers the outcome
 * and the payment's id.
 */
export async function recordStatusResult(
  deps: PaybillDeps,
  result: TransactionStatusResult,
): Promise<{ outcome: StatusOutcome; id?: string }> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    // By the question's id; a Result that overtook the id's recording, by the receipt it names
    // or the Occasion the question carried (the receipt asked about).
    const row =
      (result.originatorConversationId
        ? await lockByStatusQuestion(tx, result.originatorConversationId)
        : undefined) ??
      (result.receiptNo ? await lockByTransId(tx, result.receiptNo) : undefined) ??
      (result.occasion ? await lockByTransId(tx, result.occasion) : undefined);
    if (!row) return { outcome: 'unknown' };
    if (row.status !== 'received') return { outcome: 'done', id: row.id };
    if (result.resultCode === INITIATOR_REFUSED) {
      deps.logger?.error({ paybillPaymentId: row.id }, 'Transaction Status refused the initiator');
      return { outcome: 'later', id: row.id };
    }
    const reason = forgeryOf(row, result, deps.shortcode);
    if (reason) {
      await updatePaybillPayment(tx, row.id, {
        status: 'forged',
        forgedReason: reason,
        nextCheckAt: null,
      });
      await tellAdvocatesOfForgery(tx, row, reason);
      deps.logger?.warn({ paybillPaymentId: row.id }, 'paybill payment M-Pesa does not confirm');
      return { outcome: 'forged', id: row.id };
    }
    await updatePaybillPayment(tx, row.id, {
      status: 'confirmed',
      confirmedAt: now,
      nextCheckAt: null,
      unallocatedKsh: row.amountKsh,
    });
    return { outcome: 'confirmed', id: row.id };
  });
}

/** Why M-Pesa's own record does not bear the confirmation out, or null when it does. */
function forgeryOf(
  row: PaybillPaymentRow,
  result: TransactionStatusResult,
  shortcode: string | null,
): string | null {
  if (result.resultCode !== '0' || result.receiptNo !== row.transId) return T.forgedUnknown;
  if (result.transactionStatus !== null && result.transactionStatus !== 'Completed') {
    return T.forgedUnknown;
  }
  if (result.amountKsh !== row.amountKsh) {
    return T.forgedAmount(row.amountKsh, result.amountKsh ?? 0);
  }
  const paidTo = result.creditPartyName?.split(' - ', 1)[0]?.trim() ?? null;
  if ((shortcode && row.shortcode !== shortcode) || (paidTo && paidTo !== row.shortcode)) {
    return T.forgedShortcode;
  }
  return null;
}

/** The advocates hear of a forged payment in the bell: someone posted as Safaricom. */
async function tellAdvocatesOfForgery(tx: Executor, row: PaybillPaymentRow, reason: string) {
  const advocates = (await activeStaff(tx)).filter(isAdvocateAccount);
  await notify(tx, advocates, {
    kind: 'payment_flagged',
    type: 'warning',
    title: T.forgedNoticeTitle,
    message: T.forgedNotice(row.transId, reason),
    actionUrl: '/billing',
    subject: { type: 'payment', id: row.id },
    maySee: (person) => can(person, 'payments:record'),
  });
}
