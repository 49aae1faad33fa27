import { readAccountNumber, type PaybillValidationMode } from '@firm/shared';
import {
  C2B_ACCEPTED,
  C2B_INVALID_ACCOUNT,
  C2B_INVALID_AMOUNT,
  instantOfNairobiStamp,
  parseC2bBody,
  type C2bAnswer,
} from '../../lib/daraja-c2b';
import { readFirmSettings } from '../settings/firm-settings.service';
import { nowOf, type PaybillDeps } from './paybill-deps';
import { balanceOwedOn, insertOnce, recordsNamed } from './paybill.repository';

/**
 * Safaricom's two C2B calls (ADR 047). Both are answered at once and never with an error: a
 * malformed body is logged by its kind of problem only (a body names a person and a phone) and
 * answered as Safaricom expects.
 */

/** When the first Transaction Status question is due again if its job was lost (the sweep's). */
export const FIRST_CHECK_RETRY_MS = 2 * 60_000;

/**
 * The validation: Accepted, unless the firm turned validation on and the account number names
 * nothing (C2B00012), or, refusing overpayments, the amount is more than the one fee note it
 * names still owes (C2B00013).
 */
export async function validatePaybillPayment(deps: PaybillDeps, body: unknown): Promise<C2bAnswer> {
  const settings = await readFirmSettings({ db: deps.db, firmNotifyEmail: deps.firmNotifyEmail });
  const mode: PaybillValidationMode = settings.paybillValidation ?? 'off';
  if (mode === 'off') return C2B_ACCEPTED;
  const parsed = parseC2bBody(body);
  if (parsed.problem) {
    deps.logger?.warn({ problem: parsed.problem }, 'paybill validation that is not a payment');
    return parsed.problem === 'bad_amount' ? C2B_INVALID_AMOUNT : C2B_INVALID_ACCOUNT;
  }
  const named = await recordsNamed(deps.db, readAccountNumber(parsed.payment.billRefNumber));
  if (named.length === 0) return C2B_INVALID_ACCOUNT;
  if (mode === 'accounts_and_amounts' && named.length === 1 && named[0]!.kind === 'fee_note') {
    const owed = await balanceOwedOn(deps.db, named[0]!.id);
    if (parsed.payment.amountKsh > owed) return C2B_INVALID_AMOUNT;
  }
  return C2B_ACCEPTED;
}

/**
 * The confirmation: the payment recorded once per M-Pesa receipt, `received`, with its first
 * Transaction Status question due now. Answers the new row's id (to ask at once, after the
 * commit), or null when it was already known or is no payment.
 */
export async function recordPaybillConfirmation(
  deps: PaybillDeps,
  body: unknown,
): Promise<string | null> {
  const parsed = parseC2bBody(body);
  if (parsed.problem) {
    deps.logger?.warn({ problem: parsed.problem }, 'paybill confirmation that is not a payment');
    return null;
  }
  const now = nowOf(deps);
  const row = await deps.db.transaction((tx) =>
    insertOnce(tx, parsed.payment, {
      paidAt: instantOfNairobiStamp(parsed.payment.transTime) ?? now,
      // The row is the durable request to ask: the job sent after the commit asks now, and if it
      // is lost the sweep asks at this time (docs/decisions/047-paybill-payments.md).
      nextCheckAt: new Date(now.getTime() + FIRST_CHECK_RETRY_MS),
    }),
  );
  if (!row) deps.logger?.info({ transId: parsed.payment.transId }, 'paybill confirmation again');
  return row?.id ?? null;
}
