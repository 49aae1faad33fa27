import {
  APPOINTMENT_MESSAGES,
  BILLING_MESSAGES as M,
  MPESA_TEXTS,
  can,
  formatKsh,
  type MpesaPaymentValues,
  type Payment,
  type VisitorMpesaPaymentValues,
} from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  ACCOUNT_REFERENCE_MAX,
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
import { nowOf } from './billing-deps';
import {
  appointmentIdOfVisitorToken,
  duePendingPushes,
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
  logger?: FastifyBaseLogger;
  now?: () => Date;
}

/** When a pending push is asked about again: 2 minutes after it, then further apart. */
const QUERY_DELAYS_MS = [2, 3, 5, 10, 20, 60].map((minutes) => minutes * 60_000);
/** After this, a push nobody answered is given up as failed (the phone never saw it). */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

const nextQueryAt = (from: Date, attempts: number) =>
  new Date(from.getTime() + QUERY_DELAYS_MS[Math.min(attempts, QUERY_DELAYS_MS.length - 1)]!);

/** The account reference a payer sees on their phone: the fee note's number, or the booking's. */
const accountReferenceOf = (label: string) =>
  label.replace(/^fee note /, '').slice(0, ACCOUNT_REFERENCE_MAX);

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
  return pushToPhone(deps, input, paymentScopeOf(user));
}

/**
 * POST /api/payments/mpesa/visitor: a visitor pays their booking's fee from the page of their
 * emailed link (no account: the link's token names the one appointment it may pay).
 */
export async function startVisitorMpesaPayment(
  deps: MpesaDeps,
  input: VisitorMpesaPaymentValues,
): Promise<StartedPush> {
  const appointmentId = await appointmentOfVisitorLink(deps, input.token);
  return pushToPhone(deps, { appointmentId, phone: input.phone, amountKsh: input.amountKsh }, {});
}

/** POST /api/payments/mpesa/visitor/status: one of the link's booking's payments, followed. */
export async function visitorPaymentStatus(
  deps: MpesaDeps,
  input: { token: string; paymentId: string },
): Promise<Payment> {
  const appointmentId = await appointmentOfVisitorLink(deps, input.token);
  const row = await findPayment(deps.db, input.paymentId, {});
  if (!row || row.payment.appointmentId !== appointmentId) throw paymentNotFound();
  // The visitor sees it as a client would: no staff field.
  return paymentAsSeenBy({ role: 'client' }, row);
}

async function appointmentOfVisitorLink(deps: MpesaDeps, token: string): Promise<string> {
  const id = await appointmentIdOfVisitorToken(deps.db, hashToken(token), nowOf(deps));
  if (!id) throw AppError.notFound(APPOINTMENT_MESSAGES.linkInvalid, 'INVALID_BOOKING_LINK');
  return id;
}

interface StartedPush {
  id: string;
  checkoutRequestId: string;
}

/** A pending payment on what `target` names, then the push to `phone`. */
async function pushToPhone(
  deps: MpesaDeps,
  input: MpesaPaymentValues,
  scope: PaymentScope,
): Promise<StartedPush> {
  if (!deps.daraja || !deps.callbackSecret) throw AppError.conflict(MPESA_TEXTS.notSetUp);
  const now = nowOf(deps);
  const { payment, reference } = await deps.db.transaction(async (tx) => {
    const target = await lockPaymentTarget(tx, input, scope);
    const amountKsh = input.amountKsh ?? target.balanceKsh;
    if (amountKsh > target.balanceKsh) {
      const message = M.amountOverBalance(formatKsh(target.balanceKsh));
      throw AppError.badRequest(message, { amountKsh: message });
    }
    // One push at a time on one fee note: a second tap must not ask the phone twice.
    if (await pendingPushOn(tx, target, new Date(now.getTime() - QUERY_DELAYS_MS[0]!))) {
      throw AppError.conflict(MPESA_TEXTS.alreadyAsked);
    }
    const row = await insertPayment(tx, {
      clientId: target.clientId,
      feeNoteId: target.kind === 'fee_note' ? target.id : null,
      appointmentId: target.kind === 'appointment' ? target.id : null,
      amountKsh,
      method: 'mpesa',
      status: 'pending',
      phone: input.phone,
      nextQueryAt: nextQueryAt(now, 0),
    });
    return { payment: row, reference: accountReferenceOf(target.label) };
  });
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
 * callback and the scheduled query, record it once.
 */
export async function settleFromSafaricom(
  deps: MpesaDeps,
  checkoutRequestId: string,
  callback: StkCallback | null,
): Promise<'succeeded' | 'failed' | 'pending' | 'flagged' | 'unknown' | 'done'> {
  if (!deps.daraja) return 'unknown';
  const known = await deps.db.transaction((tx) => lockPaymentByCheckout(tx, checkoutRequestId));
  if (!known) return 'unknown';
  if (known.status !== 'pending') return 'done';
  const answer: StkQueryResult = await deps.daraja.stkQuery(checkoutRequestId);
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const payment = await lockPaymentByCheckout(tx, checkoutRequestId);
    if (!payment || payment.status !== 'pending') return 'done';
    if (answer.state === 'pending') {
      const attempts = payment.queryAttempts + 1;
      const givingUp = now.getTime() - payment.createdAt.getTime() > GIVE_UP_AFTER_MS;
      await updatePaymentRow(tx, payment.id, {
        queryAttempts: attempts,
        ...(givingUp
          ? { status: 'failed', resultDesc: 'No answer from M-Pesa', nextQueryAt: null }
          : { nextQueryAt: nextQueryAt(now, attempts) }),
      });
      return givingUp ? 'failed' : 'pending';
    }
    if (answer.state === 'failed') {
      await updatePaymentRow(tx, payment.id, {
        status: 'failed',
        resultCode: answer.resultCode,
        resultDesc: answer.resultDesc,
        nextQueryAt: null,
      });
      return 'failed';
    }
    const flag = async (reason: string) => {
      await updatePaymentRow(tx, payment.id, {
        status: 'failed',
        resultCode: 0,
        resultDesc: answer.resultDesc,
        flaggedReason: reason,
        nextQueryAt: null,
        ...(receipt && !(await mpesaReceiptTaken(tx, receipt))
          ? { mpesaReceiptNumber: receipt }
          : {}),
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
    const receipt = callback?.resultCode === 0 ? callback.mpesaReceiptNumber : null;
    if (callback?.resultCode === 0 && callback.amountKsh !== payment.amountKsh) {
      return flag(
        M.flagAmountDiffers(formatKsh(callback.amountKsh ?? 0), formatKsh(payment.amountKsh)),
      );
    }
    if (receipt && (await mpesaReceiptTaken(tx, receipt))) {
      return flag(M.flagReceiptSeen(receipt));
    }
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
    await settlePayment(tx, payment, target, now, {
      resultCode: 0,
      resultDesc: answer.resultDesc,
      mpesaReceiptNumber: receipt,
    });
    return 'succeeded';
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
