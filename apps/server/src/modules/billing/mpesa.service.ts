import {
  APPOINTMENT_MESSAGES,
  BILLING_MESSAGES as M,
  MPESA_TEXTS,
  can,
  formatKsh,
  paybillAccountNumber,
  type MpesaPaymentValues,
  type Payment,
  type VisitorMpesaPaymentValues,
} from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/client';
import type { PaymentRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  DarajaRefused,
  callbackPath,
  type DarajaClient,
  type StkCallback,
  type StkQueryResult,
} from '../../lib/daraja';
import { assertCan } from '../../lib/permissions';
import { notify } from '../notifications/notifications.service';
import { activeStaff } from '../users/users.repository';
import { hashToken } from '../../lib/tokens';
import { paymentAsSeenBy } from './billing-view';
import { pushRefusal, refusePush, type Payer } from './mpesa-limits';
import {
  QUERY_DELAYS_MS,
  givingUpOn,
  nextQueryAt,
  type PushOutcome,
  type StartedPush,
} from './mpesa-push-flow';
import { queueVisitorReceipt } from './visitor-receipt';
import { renderReceipt } from './billing-pdf.service';
import { nowOf } from './billing-deps';
import {
  appointmentIdOfVisitorToken,
  duePendingPushes,
  latestPaidOnAppointment,
  findPayment,
  insertPayment,
  lockPayment,
  lockPaymentByCheckout,
  mpesaReceiptTaken,
  pendingPushOn,
  updatePaymentRow,
  type PaymentScope,
} from './payments.repository';
import {
  lockPaymentTarget,
  paymentNotFound,
  paymentScopeOf,
  settlePayment,
} from './payments.service';

/**
 * Paying by M-Pesa (ADR 034): an STK push to the payer's phone, and a payment recorded only when
 * Safaricom's own STK push query says it succeeded, for the amount asked, with a receipt number
 * not seen before. A callback is only a prompt to ask; a push with no callback is asked about on
 * a schedule (2 minutes, then later), so it settles even across a restart.
 */

export interface MpesaDeps {
  db: Db;
  daraja: DarajaClient | undefined;
  /** PUBLIC_URL: Safaricom posts its callback there. */
  publicUrl: string;
  callbackSecret: string | undefined;
  /** FIRM_NOTIFY_EMAIL: the letterhead's address on a visitor's emailed receipt. */
  firmNotifyEmail?: string;
  /** Sends a visitor's receipt email once its transaction has committed (ADR 028). */
  outbox?: { dispatch(ids: string | string[]): Promise<unknown> };
  /** The paybill the pushes pay (MPESA_SHORTCODE), for paying by hand; null for a till. */
  paybill?: string | null;
  logger?: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * POST /api/payments/mpesa: a pending payment, then the push. Answers with the payment to follow;
 * nothing is paid until Safaricom confirms it.
 */
export async function startMpesaPayment(
  deps: MpesaDeps,
  user: UserRow,
  input: MpesaPaymentValues,
): Promise<StartedPush> {
  assertCan(user, 'payments:pay');
  return pushToPhone(deps, input, paymentScopeOf(user), { kind: 'client' });
}

/**
 * POST /api/payments/mpesa/visitor: a visitor pays their booking's fee from the page of their
 * emailed link (no account: the link's token names the one appointment it may pay), once the
 * booking is confirmed, to the phone it was booked with (or one other number, once).
 */
export async function startVisitorMpesaPayment(
  deps: MpesaDeps,
  input: VisitorMpesaPaymentValues,
): Promise<StartedPush> {
  const appointmentId = await appointmentOfVisitorLink(deps, input.token);
  return pushToPhone(
    deps,
    { appointmentId, phone: input.phone, amountKsh: input.amountKsh },
    {},
    { kind: 'visitor' },
  );
}

/** POST /api/payments/mpesa/visitor/status: one of the link's booking's payments, followed. */
export async function visitorPaymentStatus(
  deps: MpesaDeps,
  input: { token: string; paymentId: string },
): Promise<Payment> {
  const row = await visitorPayment(deps, input);
  // The visitor sees it as a client would: no staff field.
  return paymentAsSeenBy({ role: 'client' }, row);
}

/** One of the payments of the booking the link's token names (another's: not found). */
export async function visitorPayment(deps: MpesaDeps, input: { token: string; paymentId: string }) {
  const appointmentId = await appointmentOfVisitorLink(deps, input.token);
  const row = await findPayment(deps.db, input.paymentId, {});
  if (!row || row.payment.appointmentId !== appointmentId) throw paymentNotFound();
  return row;
}

/**
 * POST /api/payments/mpesa/visitor/receipt: the receipt of one of the link's booking's payments,
 * once it has succeeded; the token proves the booking, so only that booking's receipts.
 */
export async function visitorReceiptPdf(
  deps: MpesaDeps,
  input: { token: string; paymentId?: string | undefined },
) {
  const row = input.paymentId
    ? await visitorPayment(deps, { token: input.token, paymentId: input.paymentId })
    : await latestPaidOnAppointment(deps.db, await appointmentOfVisitorLink(deps, input.token));
  if (row?.payment.status !== 'succeeded') throw paymentNotFound();
  return renderReceipt(
    { db: deps.db, firmNotifyEmail: deps.firmNotifyEmail ?? '', logger: deps.logger },
    row,
  );
}

async function appointmentOfVisitorLink(deps: MpesaDeps, token: string): Promise<string> {
  const id = await appointmentIdOfVisitorToken(deps.db, hashToken(token), nowOf(deps));
  if (!id) throw AppError.notFound(APPOINTMENT_MESSAGES.linkInvalid, 'INVALID_BOOKING_LINK');
  return id;
}

/** A pending payment on what `target` names, then the push to `phone`. */
async function pushToPhone(
  deps: MpesaDeps,
  input: MpesaPaymentValues,
  scope: PaymentScope,
  payer: Payer,
): Promise<StartedPush> {
  if (!deps.daraja || !deps.callbackSecret) throw AppError.conflict(MPESA_TEXTS.notSetUp);
  const now = nowOf(deps);
  const started = await deps.db.transaction(async (tx) => {
    const target = await lockPaymentTarget(tx, input, scope);
    if (payer.kind === 'visitor' && target.appointmentStatus !== 'confirmed') {
      throw AppError.conflict(MPESA_TEXTS.bookingNotConfirmed);
    }
    const amountKsh = input.amountKsh ?? target.balanceKsh;
    if (amountKsh > target.balanceKsh) {
      const message = M.amountOverBalance(formatKsh(target.balanceKsh));
      throw AppError.badRequest(message, { amountKsh: message });
    }
    // One push at a time on one fee note: a second tap must not ask the phone twice.
    if (await pendingPushOn(tx, target, new Date(now.getTime() - QUERY_DELAYS_MS[0]!))) {
      throw AppError.conflict(MPESA_TEXTS.alreadyAsked);
    }
    const refusal = await pushRefusal(tx, target, payer, input.phone, now);
    if (refusal) return { refused: true as const, refusal, target };
    const row = await insertPayment(tx, {
      clientId: target.clientId,
      feeNoteId: target.kind === 'fee_note' ? target.id : null,
      appointmentId: target.kind === 'appointment' ? target.id : null,
      amountKsh,
      method: 'mpesa',
      source: 'stk_push',
      status: 'pending',
      phone: input.phone,
      nextQueryAt: nextQueryAt(now, 0),
    });
    return {
      refused: false as const,
      payment: row,
      reference: paybillAccountNumber(target.reference),
    };
  });
  if (started.refused) {
    return refusePush(deps.db, started.target, started.refusal, deps.paybill ?? null, now);
  }
  const { payment, reference } = started;
  try {
    const accepted = await deps.daraja.stkPush({
      phone: input.phone,
      amountKsh: payment.amountKsh,
      accountReference: reference,
      description: 'Legal fees',
      callbackUrl: `${deps.publicUrl}${callbackPath(deps.callbackSecret)}`,
    });
    await updatePaymentRow(deps.db, payment.id, {
      checkoutRequestId: accepted.checkoutRequestId,
      merchantRequestId: accepted.merchantRequestId,
    });
    return { id: payment.id, checkoutRequestId: accepted.checkoutRequestId };
  } catch (error) {
    // Nothing reached the phone: the payment is over before it began.
    await updatePaymentRow(deps.db, payment.id, {
      status: 'failed',
      resultDesc: error instanceof Error ? error.message.slice(0, 200) : 'push failed',
      nextQueryAt: null,
    });
    if (error instanceof DarajaRefused) throw AppError.conflict(MPESA_TEXTS.refused);
    deps.logger?.warn({ err: error, paymentId: payment.id }, 'M-Pesa push failed');
    throw AppError.conflict(MPESA_TEXTS.unavailable);
  }
}

/**
 * What Safaricom says of one push, asked by its query (a callback's claims are not enough), then
 * settled in one transaction with the payment locked: two callbacks racing on two processes, or a
 * callback and the scheduled query, record it once. The query's answer decides; a callback only
 * lends its receipt number, and only when its amount is the one asked (a forged callback sent
 * first must not fail a real payment, nor put its words on the client's receipt).
 */
export async function settleFromSafaricom(
  deps: MpesaDeps,
  checkoutRequestId: string,
  callback: StkCallback | null,
): Promise<PushOutcome> {
  if (!deps.daraja) return 'unknown';
  const known = await deps.db.transaction((tx) => lockPaymentByCheckout(tx, checkoutRequestId));
  if (!known) return 'unknown';
  if (known.status !== 'pending') {
    if (known.status === 'succeeded' && callback) await lendReceipt(deps, known.id, callback);
    return 'done';
  }
  let answer: StkQueryResult;
  try {
    answer = await deps.daraja.stkQuery(checkoutRequestId);
  } catch (error) {
    // Whatever went wrong, the push waits its turn again; a refusal counts towards giving up.
    await askLater(deps, checkoutRequestId, error instanceof DarajaRefused);
    throw error;
  }
  if (answer.state === 'pending') return askLater(deps, checkoutRequestId, false);
  const now = nowOf(deps);
  const settledOutcome = await deps.db.transaction(async (tx) => {
    const payment = await lockPaymentByCheckout(tx, checkoutRequestId);
    if (!payment || payment.status !== 'pending') return 'done';
    if (answer.state === 'failed') {
      await updatePaymentRow(tx, payment.id, {
        status: 'failed',
        resultCode: answer.resultCode,
        resultDesc: answer.resultDesc,
        nextQueryAt: null,
      });
      return 'failed';
    }
    const receipt = await receiptOf(tx, payment, callback, deps);
    const flag = async (reason: string) => {
      await updatePaymentRow(tx, payment.id, {
        status: 'failed',
        resultCode: 0,
        resultDesc: answer.resultDesc,
        flaggedReason: reason,
        nextQueryAt: null,
        mpesaReceiptNumber: receipt,
      });
      deps.logger?.warn({ paymentId: payment.id, reason }, 'M-Pesa payment flagged for staff');
      // Those who record payments hear of it in the bell: money reached the firm unrecorded.
      await notify(tx, await activeStaff(tx), {
        kind: 'payment_flagged',
        type: 'warning',
        title: M.flaggedNoticeTitle,
        message: reason,
        actionUrl: payment.feeNoteId ? `/billing/${payment.feeNoteId}` : '/appointments',
        subject: { type: 'payment', id: payment.id },
        maySee: (person) => can(person, 'payments:record'),
      });
      return 'flagged' as const;
    };
    let target;
    try {
      target = await lockPaymentTarget(
        tx,
        payment.feeNoteId
          ? { feeNoteId: payment.feeNoteId }
          : { appointmentId: payment.appointmentId! },
        {},
      );
    } catch {
      return flag(M.flagNothingOwed);
    }
    if (payment.amountKsh > target.balanceKsh) return flag(M.flagNothingOwed);
    const settled = await settlePayment(tx, payment, target, now, {
      resultCode: 0,
      resultDesc: answer.resultDesc,
      mpesaReceiptNumber: receipt,
    });
    const mail = await queueVisitorReceipt(
      tx,
      { firmNotifyEmail: deps.firmNotifyEmail ?? '', logger: deps.logger },
      settled,
      target,
    );
    return { outcome: 'succeeded' as const, mail };
  });
  if (typeof settledOutcome === 'string') return settledOutcome;
  if (settledOutcome.mail) await deps.outbox?.dispatch(settledOutcome.mail);
  return settledOutcome.outcome;
}

/**
 * The receipt number a callback offers for a push the query confirmed, or null: only a success
 * for the amount asked, in M-Pesa's format (parseStkCallback), not already on another payment.
 * A callback that claims another amount is not Safaricom's (a push's amount is fixed): ignored.
 */
async function receiptOf(
  tx: Executor,
  payment: PaymentRow,
  callback: StkCallback | null,
  deps: MpesaDeps,
): Promise<string | null> {
  if (!callback || callback.resultCode !== 0 || !callback.mpesaReceiptNumber) return null;
  if (callback.amountKsh !== payment.amountKsh) {
    deps.logger?.warn(
      { paymentId: payment.id, claimedKsh: callback.amountKsh },
      'M-Pesa callback with another amount than the push asked: ignored',
    );
    return null;
  }
  if (await mpesaReceiptTaken(tx, callback.mpesaReceiptNumber)) {
    deps.logger?.warn({ paymentId: payment.id }, 'M-Pesa callback with a receipt already recorded');
    return null;
  }
  return callback.mpesaReceiptNumber;
}

/**
 * A callback for a push the query already confirmed without one (the scheduled query came first,
 * or a forged callback did): its receipt number is kept, for matching the M-Pesa statement.
 */
async function lendReceipt(deps: MpesaDeps, paymentId: string, callback: StkCallback) {
  await deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (payment?.status !== 'succeeded' || payment.mpesaReceiptNumber) return;
    const receipt = await receiptOf(tx, payment, callback, deps);
    if (receipt) await updatePaymentRow(tx, payment.id, { mpesaReceiptNumber: receipt });
  });
}

/**
 * No final answer yet: the push is asked about again later, further apart each time, and given
 * up (failed: the phone never paid) after a day, or after a few queries Daraja refused (it does
 * not know the push: it never reached a phone).
 */
async function askLater(
  deps: MpesaDeps,
  checkoutRequestId: string,
  refused: boolean,
): Promise<'pending' | 'failed' | 'done'> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const payment = await lockPaymentByCheckout(tx, checkoutRequestId);
    if (!payment || payment.status !== 'pending') return 'done';
    const attempts = payment.queryAttempts + 1;
    const refusals = payment.queryRefusals + (refused ? 1 : 0);
    const givingUp = givingUpOn(payment, refusals, now);
    await updatePaymentRow(tx, payment.id, {
      queryAttempts: attempts,
      queryRefusals: refusals,
      ...(givingUp
        ? {
            status: 'failed',
            resultDesc: refused ? 'M-Pesa does not know this request' : 'No answer from M-Pesa',
            nextQueryAt: null,
          }
        : { nextQueryAt: nextQueryAt(now, attempts) }),
    });
    return givingUp ? 'failed' : 'pending';
  });
}

/** The scheduled run: every pending push whose next question is due (callbacks may never come). */
export async function queryDuePushes(deps: MpesaDeps, now: Date): Promise<number> {
  const due = await duePendingPushes(deps.db, now, 50);
  let settled = 0;
  for (const push of due) {
    if (!push.checkoutRequestId) {
      // The push never went (the process stopped between the row and Safaricom's answer).
      await deps.db.transaction(async (tx) => {
        const payment = await lockPayment(tx, push.id);
        if (payment?.status === 'pending' && !payment.checkoutRequestId) {
          await updatePaymentRow(tx, push.id, {
            status: 'failed',
            resultDesc: 'The request never reached M-Pesa',
            nextQueryAt: null,
          });
        }
      });
      continue;
    }
    try {
      const outcome = await settleFromSafaricom(deps, push.checkoutRequestId, null);
      if (outcome !== 'pending') settled += 1;
    } catch (error) {
      deps.logger?.warn({ err: error, paymentId: push.id }, 'M-Pesa status query failed');
    }
  }
  return settled;
}
