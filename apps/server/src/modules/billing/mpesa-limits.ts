import {
  BILLING_MESSAGES as M,
  MPESA_PUSH_LIMITS as LIMITS,
  MPESA_TEXTS,
  can,
  nairobiToday,
  paybillAccountNumber,
} from '@firm/shared';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { notify } from '../notifications/notifications.service';
import { activeStaff } from '../users/users.repository';
import { pushesOn } from './payments.repository';
import type { PaymentTarget } from './payments.service';

/**
 * How many M-Pesa PIN prompts one fee note or booking may have (ADR 034, "How many prompts"). A
 * prompt rings whatever phone is typed, and a declined one frees the next at once, so the limits
 * are on what is paid, not on who asks (an address limit falls to a proxy's rotating addresses):
 * counted in the database with the fee note or appointment locked, so they hold across servers.
 */

const DAY_MS = 24 * 60 * 60_000;

/** Who asks: a signed-in client (any number, a few in all) or a visitor's link (the booked one). */
export type Payer = { kind: 'client' } | { kind: 'visitor' };

export type PushRefusal = { reason: string };

/**
 * Why no push may go to `phone` for `target` now, or null when one may. Run in the transaction
 * that locked the target.
 */
export async function pushRefusal(
  tx: Executor,
  target: PaymentTarget,
  payer: Payer,
  phone: string,
  now: Date,
): Promise<PushRefusal | null> {
  const ownPhone = payer.kind === 'visitor' ? (target.bookedPhone ?? null) : null;
  const made = await pushesOn(tx, target, new Date(now.getTime() - DAY_MS), ownPhone);
  if (made.recent >= LIMITS.perPayablePerDay) {
    return { reason: M.pushCapReasonDaily(made.recent) };
  }
  if (payer.kind === 'visitor') {
    // The phone the booking gave, and one other number once (a borrowed phone), no more.
    if (phone !== ownPhone && made.toOthers >= LIMITS.otherPhonesPerBooking) {
      return { reason: M.pushCapReasonPhones };
    }
  } else if (!made.phones.includes(phone) && made.phones.length >= LIMITS.phonesPerPayable) {
    return { reason: M.pushCapReasonPhones };
  }
  return null;
}

/**
 * The payer is told how to pay without a prompt (the paybill, and the account number to type),
 * and those who record payments hear of it once a day per fee note or booking: someone may be
 * ringing strangers' phones in the firm's name.
 */
export async function refusePush(
  db: Db,
  target: PaymentTarget,
  refusal: PushRefusal,
  paybill: string | null,
  now: Date,
): Promise<never> {
  await db.transaction(async (tx) => {
    await notify(tx, await activeStaff(tx), {
      kind: 'payment_flagged',
      type: 'warning',
      title: M.pushCapNoticeTitle,
      message: M.pushCapNotice(
        target.kind === 'fee_note' ? target.label : `booking ${target.reference}`,
        refusal.reason,
      ),
      actionUrl: target.kind === 'fee_note' ? `/billing/${target.id}` : '/appointments',
      dedupeKey: `mpesa_push_cap:${target.id}:${nairobiToday(now)}`,
      maySee: (person) => can(person, 'payments:record'),
    });
  });
  throw AppError.conflict(MPESA_TEXTS.capReached(paybill, paybillAccountNumber(target.reference)));
}
