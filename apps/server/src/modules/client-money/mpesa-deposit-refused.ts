import {
  MPESA_DEPOSIT_REFUSED_TEXTS as R,
  can,
  formatKsh,
  isAdvocateAccount,
  nairobiToday,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { ClientMoneyMpesaDepositRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { notify } from '../notifications/notifications.service';
import { activeStaff, findUserById } from '../users/users.repository';
import { asClientMoneyRefusal } from './db-refusals';

/**
 * M-Pesa confirmed a deposit but the journal refused its receipt (a month locked since, the
 * account no longer a client account, …): the money is in the M-Pesa account and on no client's
 * ledger, and the deposit stays pending to be tried again (ADR 045). The advocates, answerable for
 * the client account, are told in the bell once per deposit: the notification's dedupe key is the
 * deposit's, and the caller holds the deposit's row lock, so retries and a second server add none
 * (ADR 053).
 */
export async function tellAdvocatesDepositRefused(
  tx: Executor,
  deposit: ClientMoneyMpesaDepositRow,
  mpesaCode: string | null,
  error: unknown,
  now: Date,
) {
  const refusal = asClientMoneyRefusal(error, nairobiToday(now));
  const why =
    refusal instanceof AppError && refusal.statusCode < 500
      ? `${refusal.message.replace(/[.!]$/, '')}.`
      : R.whyUnknown;
  const client = await findUserById(tx, deposit.clientId);
  const name = client ? `${client.firstName} ${client.lastName}` : '';
  const advocates = (await activeStaff(tx)).filter(isAdvocateAccount);
  await notify(tx, advocates, {
    kind: 'payment_flagged',
    type: 'warning',
    title: R.title,
    message: R.message(
      formatKsh(deposit.amountKsh),
      name,
      mpesaCode ?? deposit.checkoutRequestId ?? deposit.id,
      why,
    ),
    actionUrl: '/system-settings',
    dedupeKey: `mpesa_deposit_refused:${deposit.id}`,
    maySee: (person) => can(person, 'client-money:view', { clientId: deposit.clientId }),
  });
}
