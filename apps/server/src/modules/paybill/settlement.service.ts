import { PAYBILL_TEXTS as T, can, readAccountNumber } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { PaybillPaymentRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit/audit-log.repository';
import { lockFeeNoteForPaybill, settleFeeNoteFromPaybill } from '../billing/settle-from-paybill';
import { postPaybillReceipt } from '../client-money/receipt-from-paybill';
import { notify } from '../notifications/notifications.service';
import { activeStaff } from '../users/users.repository';
import { type PaybillDeps } from './paybill-deps';
import {
  feeNoteNumberOf,
  lockPaybillPayment,
  recordsNamed,
  updatePaybillPayment,
  type NamedRecord,
} from './paybill.repository';

/**
 * A confirmed paybill payment settled, in its own transaction (ADR 047): the account number read
 * forgivingly (readAccountNumber) must name exactly one record. An issued fee note with a balance
 * is paid (billing's own path: RC receipt, the client told), the excess of an overpayment left
 * unallocated; anything else waits, whole, for staff to allocate.
 */
export async function settlePaybillPayment(deps: PaybillDeps, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockPaybillPayment(tx, id);
    if (row?.status !== 'confirmed') return;
    const named = await recordsNamed(tx, readAccountNumber(row.billRefNumber));
    const only = named.length === 1 ? named[0]! : null;
    if (only?.kind === 'fee_note' && (await payFeeNote(tx, row, only.id))) return;
    if (
      (only?.kind === 'client' || only?.kind === 'case') &&
      (await holdForClient(tx, row, only))
    ) {
      return;
    }
    await leaveUnallocated(tx, row, only);
  });
}

/** Pays what the fee note owes (at most); false when it owes nothing or cannot be paid. */
async function payFeeNote(tx: Executor, row: PaybillPaymentRow, feeNoteId: string) {
  let target;
  try {
    target = await lockFeeNoteForPaybill(tx, feeNoteId);
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
  const paidKsh = Math.min(row.amountKsh, target.balanceKsh);
  if (paidKsh <= 0) return false;
  const payment = await settleFeeNoteFromPaybill(tx, target, {
    amountKsh: paidKsh,
    mpesaReceiptNumber: row.transId,
    phone: null,
    receivedAt: row.paidAt,
    recordedById: null,
    // Where it came from (ADR 048): the daily sweep found it when its confirmation never came.
    source: row.foundBy === 'sweep' ? 'sweep' : 'paybill',
  });
  const leftKsh = row.amountKsh - paidKsh;
  const settled = await updatePaybillPayment(tx, row.id, {
    status: leftKsh > 0 ? 'unallocated' : 'settled',
    settledTo: 'fee_note',
    feeNoteId,
    billingPaymentId: payment.id,
    clientId: target.clientId,
    unallocatedKsh: leftKsh,
    settledAt: new Date(),
  });
  const feeNoteNumber = await feeNoteNumberOf(tx, feeNoteId);
  await writeAudit(tx, {
    actorId: null,
    action: 'paybill_payment.settled',
    targetUserId: target.clientId,
    details: {
      paybillPaymentId: row.id,
      transId: row.transId,
      amountKsh: paidKsh,
      to: 'fee_note',
      feeNoteId,
      feeNoteNumber,
      number: feeNoteNumber,
    },
  });
  if (leftKsh > 0) await tellStaffOfUnallocated(tx, settled);
  return true;
}

/**
 * A client's reference or a case number: money on account in the client's ledger (on that case),
 * received into the firm's M-Pesa client account as a confirmed M-Pesa deposit is. False when the
 * firm has no such account for the paybill, or the journal refuses the receipt (a locked month).
 */
async function holdForClient(
  tx: Executor,
  row: PaybillPaymentRow,
  named: Extract<NamedRecord, { kind: 'client' | 'case' }>,
) {
  const clientId = named.kind === 'client' ? named.id : named.clientId;
  const caseId = named.kind === 'case' ? named.id : null;
  const entry = await postPaybillReceipt(
    tx,
    {
      id: row.id,
      clientId,
      caseId,
      amountKsh: row.amountKsh,
      transId: row.transId,
      shortcode: row.shortcode,
    },
    new Date(),
  );
  if (!entry) return false;
  await updatePaybillPayment(tx, row.id, {
    status: 'settled',
    settledTo: 'client_money',
    clientId,
    caseId,
    clientMoneyEntryId: entry.id,
    unallocatedKsh: 0,
    settledAt: new Date(),
  });
  await writeAudit(tx, {
    actorId: null,
    action: 'paybill_payment.settled',
    targetUserId: clientId,
    details: {
      paybillPaymentId: row.id,
      transId: row.transId,
      amountKsh: row.amountKsh,
      to: 'client_money',
      entryId: entry.id,
      receiptNumber: entry.receiptNumber,
    },
  });
  return true;
}

/**
 * Nothing (or more than one record) named, or a client or case named while client money cannot
 * take it: the whole payment waits for staff, with the client or case it named kept as a hint.
 */
async function leaveUnallocated(tx: Executor, row: PaybillPaymentRow, only: NamedRecord | null) {
  const named =
    only?.kind === 'client'
      ? { clientId: only.id }
      : only?.kind === 'case'
        ? { clientId: only.clientId, caseId: only.id }
        : {};
  const waiting = await updatePaybillPayment(tx, row.id, {
    status: 'unallocated',
    unallocatedKsh: row.amountKsh,
    ...named,
  });
  await writeAudit(tx, {
    actorId: null,
    action: 'paybill_payment.settled',
    targetUserId: named.clientId ?? null,
    details: { paybillPaymentId: row.id, transId: row.transId, amountKsh: row.amountKsh },
  });
  await tellStaffOfUnallocated(tx, waiting);
}

/** Those who record payments hear of money that waits for them. */
async function tellStaffOfUnallocated(tx: Executor, row: PaybillPaymentRow) {
  await notify(tx, await activeStaff(tx), {
    kind: 'payment_flagged',
    type: 'info',
    title: T.unallocatedNoticeTitle,
    message: T.unallocatedNotice(row.transId, row.unallocatedKsh, row.billRefNumber),
    actionUrl: '/billing',
    subject: { type: 'payment', id: row.id },
    maySee: (person) => can(person, 'payments:record'),
  });
}
