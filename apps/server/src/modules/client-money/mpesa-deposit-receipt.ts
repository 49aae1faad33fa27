import {
  MPESA_DEPOSIT_TEXTS as D,
  billingNumber,
  can,
  formatKsh,
  formatNairobiDate,
  nairobiToday,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { ClientMoneyEntryRow, ClientMoneyMpesaDepositRow } from '../../db/schema';
import { writeAudit } from '../audit/audit-log.repository';
import { notify } from '../notifications/notifications.service';
import { findUserById } from '../users/users.repository';
import { caseNumberOfClient, claimReceiptNumber, insertEntry } from './journal.repository';

/**
 * The client-money receipt a confirmed M-Pesa deposit posts (ADR 045, "M-Pesa deposits"), in the
 * transaction that marks the deposit succeeded: a `receipt` entry dated Nairobi's today into the
 * firm's M-Pesa client account, its CR number, the audit row (no one signed in behind it: M-Pesa
 * confirmed it), and the client told in the bell, by email and by text (their billing choice), as
 * a fee note's M-Pesa payment is. A payment made at the paybill that names the client or one of
 * their cases is posted the same way (`via: 'paybill'`, ADR 047): `deposit` is then that payment.
 */
export async function postDepositReceipt(
  tx: Executor,
  deposit: Pick<
    ClientMoneyMpesaDepositRow,
    'id' | 'clientId' | 'caseId' | 'accountId' | 'amountKsh' | 'checkoutRequestId'
  >,
  mpesaReceipt: string | null,
  now: Date,
  via: 'deposit' | 'paybill' = 'deposit',
): Promise<ClientMoneyEntryRow> {
  const today = nairobiToday(now);
  const year = Number(today.slice(0, 4));
  const receiptNumber = billingNumber('CR', year, await claimReceiptNumber(tx, year));
  const caseNumber = deposit.caseId
    ? ((await caseNumberOfClient(tx, deposit.caseId, deposit.clientId)) ?? null)
    : null;
  // The statement's line carries M-Pesa's code; without a callback's, the push's own id.
  const reference = mpesaReceipt ?? deposit.checkoutRequestId!;
  const entry = await insertEntry(
    tx,
    {
      kind: 'receipt',
      entryDate: today,
      clientId: deposit.clientId,
      caseId: deposit.caseId,
      accountId: deposit.accountId,
      accountKind: 'client',
      officeAccountId: null,
      officeAccountKind: null,
      amountKsh: deposit.amountKsh,
      reference,
      narrative: via === 'paybill' ? D.paybillNarrative : D.narrative,
      receiptNumber,
      feeNoteId: null,
      paymentId: null,
      reversesId: null,
      reason: null,
      recordedById: null,
    },
    [
      {
        postsTo: 'account',
        accountId: deposit.accountId,
        accountKind: 'client',
        amountKsh: deposit.amountKsh,
      },
      {
        postsTo: 'client_ledger',
        clientId: deposit.clientId,
        caseId: deposit.caseId,
        amountKsh: -deposit.amountKsh,
      },
    ],
  );
  await writeAudit(tx, {
    actorId: null,
    action: 'client_money.recorded',
    targetUserId: deposit.clientId,
    details: {
      entryId: entry.id,
      kind: 'receipt',
      amountKsh: entry.amountKsh,
      date: entry.entryDate,
      reference,
      receiptNumber,
      caseId: entry.caseId,
      caseNumber,
      accountId: entry.accountId,
      ...(via === 'paybill' ? { paybillPaymentId: deposit.id } : { mpesaDepositId: deposit.id }),
    },
  });
  const client = await findUserById(tx, deposit.clientId);
  if (client) {
    const amount = formatKsh(deposit.amountKsh);
    await notify(tx, [client], {
      kind: 'payment_received',
      type: 'success',
      title: D.noticeTitle(receiptNumber),
      message: D.notice(amount, receiptNumber, caseNumber),
      actionUrl: '/client-money',
      sms: {
        kind: 'billing',
        deliveryKind: 'payment_receipt',
        text: D.sms(amount, formatNairobiDate(now), mpesaReceipt ?? receiptNumber, caseNumber),
      },
      maySee: (person) => can(person, 'client-money:view', { clientId: client.id }),
    });
  }
  return entry;
}
