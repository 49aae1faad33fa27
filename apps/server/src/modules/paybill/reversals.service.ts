import { PAYBILL_TEXTS as T, can, isAdvocateAccount } from '@firm/shared';
import { writeAudit } from '../audit/audit-log.repository';
import { reverseFeeNotePaymentFromPaybill } from '../billing/settle-from-paybill';
import { notify } from '../notifications/notifications.service';
import { activeStaff } from '../users/users.repository';
import { nowOf, type PaybillDeps } from './paybill-deps';
import { lockByTransId, updatePaybillPayment } from './paybill.repository';

/**
 * M-Pesa reversed a paybill payment (ADR 054): what it paid is undone here, in one transaction
 * with the payment locked, so a reversal seen twice (two sweeps, the overlap of two days) undoes
 * it once. A fee note it paid owes the amount again (billing's path: the receipt marked
 * reversed, the note issued or partly paid once more); money held as client money is left for an
 * advocate to reverse in client money (a ledger entry is theirs to reverse, ADR 045, and reversing
 * it may overdraw the client's ledger); what waited unallocated waits no more. The advocates hear
 * of it in the bell and the audit log says it. Answers whether it was reversed now.
 */
export async function reversePaybillPayment(deps: PaybillDeps, transId: string): Promise<boolean> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const row = await lockByTransId(tx, transId);
    // Unknown here (never recorded: nothing to undo), forged (nothing moved) or done already.
    if (!row || row.status === 'reversed' || row.status === 'forged') return false;
    let to: 'fee_note' | 'client_money' | null = null;
    let feeNoteNumber: string | null = null;
    if (row.billingPaymentId) {
      const undone = await reverseFeeNotePaymentFromPaybill(tx, row.billingPaymentId);
      if (undone) {
        to = 'fee_note';
        feeNoteNumber = undone.feeNoteNumber;
      }
    } else if (row.clientMoneyEntryId) {
      to = 'client_money';
    }
    await updatePaybillPayment(tx, row.id, {
      status: 'reversed',
      reversedAt: now,
      unallocatedKsh: 0,
      nextCheckAt: null,
    });
    await writeAudit(tx, {
      actorId: null,
      action: 'paybill_payment.reversed',
      targetUserId: row.clientId,
      details: {
        paybillPaymentId: row.id,
        transId: row.transId,
        amountKsh: row.amountKsh,
        ...(to ? { to } : {}),
        ...(feeNoteNumber ? { number: feeNoteNumber, feeNoteId: row.feeNoteId } : {}),
      },
    });
    const message =
      to === 'fee_note'
        ? T.reversedFeeNote(row.transId, row.amountKsh, feeNoteNumber ?? '')
        : to === 'client_money'
          ? T.reversedClientMoney(row.transId, row.amountKsh)
          : T.reversedUnsettled(row.transId, row.amountKsh);
    const advocates = (await activeStaff(tx)).filter(isAdvocateAccount);
    await notify(tx, advocates, {
      kind: 'payment_flagged',
      type: 'warning',
      title: T.reversedNoticeTitle,
      message,
      actionUrl: to === 'fee_note' && row.feeNoteId ? `/billing/${row.feeNoteId}` : '/billing',
      subject: { type: 'payment', id: row.id },
      maySee: (person) => can(person, 'payments:record'),
    });
    deps.logger?.warn({ paybillPaymentId: row.id }, 'paybill payment reversed by M-Pesa');
    return true;
  });
}
