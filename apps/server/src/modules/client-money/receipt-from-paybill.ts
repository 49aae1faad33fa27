import { nairobiToday } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { ClientMoneyEntryRow } from '../../db/schema';
import { postDepositReceipt } from './mpesa-deposit-receipt';
import { mpesaClientAccount } from './mpesa-deposits.repository';

/**
 * What client money offers paybill payments (ADR 047, named in eslint.config.js): a confirmed
 * payment at the paybill that names a client or one of their cases is money on account, posted as
 * a confirmed M-Pesa deposit is (a CR receipt into the firm's M-Pesa client account, the audit row,
 * the client told), in the caller's transaction.
 */

/** Whether the firm's M-Pesa client account for `shortcode` can take a receipt dated today. */
export async function paybillClientAccount(tx: Executor, shortcode: string, now: Date) {
  const account = await mpesaClientAccount(tx, shortcode);
  return account && account.openingDate <= nairobiToday(now) ? account : null;
}

/**
 * Posts the payment into the client's ledger (on the case, or on none). Null when the firm has no
 * M-Pesa client account for the paybill, or the journal refuses it (a locked month): nothing is
 * posted (the savepoint is undone) and the payment waits for staff.
 */
export async function postPaybillReceipt(
  tx: Executor,
  payment: {
    id: string;
    clientId: string;
    caseId: string | null;
    amountKsh: number;
    transId: string;
    shortcode: string;
  },
  now: Date,
): Promise<ClientMoneyEntryRow | null> {
  const account = await paybillClientAccount(tx, payment.shortcode, now);
  if (!account) return null;
  try {
    return await tx.transaction((savepoint) =>
      postDepositReceipt(
        savepoint,
        {
          id: payment.id,
          clientId: payment.clientId,
          caseId: payment.caseId,
          accountId: account.id,
          amountKsh: payment.amountKsh,
          checkoutRequestId: null,
        },
        payment.transId,
        now,
        'paybill',
      ),
    );
  } catch {
    return null;
  }
}
