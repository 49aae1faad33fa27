import {
  CLIENT_MONEY_MESSAGES as M,
  MPESA_DEPOSIT_TEXTS as D,
  MPESA_TEXTS,
  isClientAccount,
  mpesaFailureText,
  nairobiToday,
  paybillAccountOf,
  seesAsClient,
  type MpesaDeposit,
  type MpesaPaymentValues,
} from '@firm/shared';
import { lockRecordForTransaction } from '../../db/advisory-locks';
import type { Executor } from '../../db/client';
import type { ClientMoneyMpesaDepositRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { DarajaRefused, type StkCallback, type StkQueryResult } from '../../lib/daraja';
import { assertCan } from '../../lib/permissions';
import {
  QUERY_DELAYS_MS,
  givingUpOn,
  mpesaReceiptTaken,
  nextQueryAt,
  type MpesaDepositDesk,
  type PushDeps,
  type PushOutcome,
  type StartedPush,
} from '../billing/mpesa-push-flow';
import { findUserById } from '../users/users.repository';
import { nowOf, type ClientMoneyDeps } from './client-money-deps';
import { caseNumberOfClient } from './journal.repository';
import { postDepositReceipt } from './mpesa-deposit-receipt';
import { tellAdvocatesDepositRefused } from './mpesa-deposit-refused';
import {
  dueMpesaDeposits,
  findMpesaDeposit,
  insertMpesaDeposit,
  lockMpesaDeposit,
  mpesaClientAccount,
  recentMpesaDeposits,
  updateMpesaDeposit,
} from './mpesa-deposits.repository';

/**
 * A client pays a deposit on account by M-Pesa from the portal (ADR 045, "M-Pesa deposits"),
 * exactly as a fee note is paid (ADR 034): an STK push to their phone, and nothing posted until
 * Safaricom's own STK push query says it succeeded. A callback only prompts the query and lends
 * its receipt number; a push with no callback is asked about on the fee notes' schedule. The
 * confirmed push posts a client-money receipt into the firm's M-Pesa client account, once: the
 * deposit's row is locked and its `entry_id` set in the receipt's transaction.
 */

/** Pushes one client may ask for in 24 hours (a fee note's limit, ADR 034 "How many prompts"). */
const PUSHES_PER_DAY = 5;

/**
 * The push's AccountReference (letters and digits, at most 12: Daraja): the case's number as a
 * client types it at the paybill (docs/product-rules.md#paying-by-paybill, `MWA20260147`), so the
 * statement line names the case; on no case, the deposit's own short reference.
 */
function depositReference(id: string, caseNumber: string | undefined): string {
  const ofCase = caseNumber ? paybillAccountOf(caseNumber) : '';
  return ofCase && ofCase.length <= 12
    ? ofCase
    : `DEP${id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

/** POST /api/payments/mpesa with `purpose: "deposit"`: a pending deposit, then the push. */
export async function startMpesaDeposit(
  deps: PushDeps,
  user: UserRow,
  input: MpesaPaymentValues,
): Promise<StartedPush> {
  assertCan(user, 'payments:pay');
  const clientId = input.clientId!;
  const notFound = () => AppError.notFound(M.clientNotFound, 'CLIENT_NOT_FOUND');
  // A client pays a deposit for themself only: another client's id is not found. Whoever else
  // `payments:pay` lets push a fee note to a client's phone (the advocates) may push a deposit.
  if (seesAsClient(user) && clientId !== user.id) throw notFound();
  const now = nowOf(deps);
  const deposit = await deps.db.transaction(async (tx) => {
    const client = clientId === user.id ? user : await findUserById(tx, clientId);
    if (!client || !isClientAccount(client) || !client.isActive) throw notFound();
    const account = await mpesaClientAccount(tx, deps.shortcode);
    // Its receipt is dated today, so an account whose records start later cannot take it yet.
    if (!account || account.openingDate > nairobiToday(now)) {
      throw AppError.conflict(D.noMpesaAccount);
    }
    const caseId = input.caseId ?? null;
    const caseNumber = caseId ? await caseNumberOfClient(tx, caseId, clientId) : undefined;
    if (caseId && !caseNumber) {
      throw AppError.notFound(seesAsClient(user) ? D.caseNotYours : M.caseNotTheClients);
    }
    // Two taps at once (or on two servers) take turns, so the second sees the first's push.
    await lockRecordForTransaction(tx, 'clientMpesaDeposits', clientId);
    const recent = await recentMpesaDeposits(
      tx,
      clientId,
      new Date(now.getTime() - 24 * 60 * 60_000),
      new Date(now.getTime() - QUERY_DELAYS_MS[0]!),
    );
    // One push at a time: a second tap must not ask the phone twice.
    if (recent.pendingRecently) throw AppError.conflict(MPESA_TEXTS.alreadyAsked);
    if (recent.asked >= PUSHES_PER_DAY) {
      throw AppError.conflict(D.capReached);
    }
    const row = await insertMpesaDeposit(tx, {
      clientId,
      caseId,
      accountId: account.id,
      amountKsh: input.amountKsh!,
      phone: input.phone,
      status: 'pending',
      nextQueryAt: nextQueryAt(now, 0),
    });
    return { ...row, reference: depositReference(row.id, caseNumber) };
  });
  try {
    const accepted = await deps.daraja.stkPush({
      phone: input.phone,
      amountKsh: deposit.amountKsh,
      accountReference: deposit.reference,
      description: 'Deposit',
      callbackUrl: deps.callbackUrl,
    });
    await updateMpesaDeposit(deps.db, deposit.id, {
      checkoutRequestId: accepted.checkoutRequestId,
      merchantRequestId: accepted.merchantRequestId,
    });
    return { id: deposit.id, checkoutRequestId: accepted.checkoutRequestId };
  } catch (error) {
    // Nothing reached the phone: the deposit is over before it began.
    await updateMpesaDeposit(deps.db, deposit.id, {
      status: 'failed',
      resultDesc: error instanceof Error ? error.message.slice(0, 200) : 'push failed',
      nextQueryAt: null,
    });
    if (error instanceof DarajaRefused) throw AppError.conflict(MPESA_TEXTS.refused);
    deps.logger?.warn({ err: error, depositId: deposit.id }, 'M-Pesa deposit push failed');
    throw AppError.conflict(MPESA_TEXTS.unavailable);
  }
}

/**
 * What Safaricom says of a deposit's push, asked by its query, then settled with the deposit
 * locked: a callback twice, or a callback and the scheduled query on two processes, post one
 * receipt. 'unknown' when the push is no deposit's.
 */
export async function settleMpesaDeposit(
  deps: PushDeps,
  checkoutRequestId: string,
  callback: StkCallback | null,
): Promise<PushOutcome> {
  const known = await deps.db.transaction((tx) => lockMpesaDeposit(tx, { checkoutRequestId }));
  if (!known) return 'unknown';
  if (known.status !== 'pending') {
    if (known.status === 'succeeded' && callback) await lendReceipt(deps, known.id, callback);
    return 'done';
  }
  let answer: StkQueryResult;
  try {
    answer = await deps.daraja.stkQuery(checkoutRequestId);
  } catch (error) {
    await askLater(deps, known.id, error instanceof DarajaRefused);
    throw error;
  }
  if (answer.state === 'pending') return askLater(deps, known.id, false);
  const now = nowOf(deps);
  try {
    return await confirm(deps, known.id, answer, callback, now);
  } catch (error) {
    // M-Pesa took the money but the receipt could not be posted (a month locked since, the
    // database refusing): the deposit stays pending and is tried again later, never given up
    // as failed; the log says why, and the advocates are told once in the bell.
    deps.logger?.error({ err: error, depositId: known.id }, 'M-Pesa deposit not posted');
    await deps.db.transaction(async (tx) => {
      const deposit = await lockMpesaDeposit(tx, { id: known.id });
      if (deposit?.status !== 'pending') return;
      const attempts = deposit.queryAttempts + 1;
      await updateMpesaDeposit(tx, known.id, {
        queryAttempts: attempts,
        nextQueryAt: nextQueryAt(now, attempts),
      });
      const code = callback?.resultCode === 0 ? (callback.mpesaReceiptNumber ?? null) : null;
      await tellAdvocatesDepositRefused(tx, deposit, code, error, now);
    });
    throw error;
  }
}

/** The query's final answer, settled with the deposit locked: failed, or its receipt posted. */
async function confirm(
  deps: PushDeps,
  id: string,
  answer: Exclude<StkQueryResult, { state: 'pending' }>,
  callback: StkCallback | null,
  now: Date,
): Promise<PushOutcome> {
  return deps.db.transaction(async (tx) => {
    const deposit = await lockMpesaDeposit(tx, { id });
    if (!deposit || deposit.status !== 'pending') return 'done';
    if (answer.state === 'failed') {
      await updateMpesaDeposit(tx, deposit.id, {
        status: 'failed',
        resultCode: answer.resultCode,
        resultDesc: answer.resultDesc,
        nextQueryAt: null,
      });
      return 'failed';
    }
    const receipt = await receiptOf(tx, deposit, callback, deps);
    const entry = await postDepositReceipt(tx, deposit, receipt, now);
    await updateMpesaDeposit(tx, deposit.id, {
      status: 'succeeded',
      entryId: entry.id,
      resultCode: 0,
      resultDesc: answer.resultDesc,
      mpesaReceiptNumber: receipt,
      nextQueryAt: null,
    });
    return 'succeeded';
  });
}

/**
 * The receipt number a callback offers for a push the query confirmed, or null: a success for
 * the amount asked, not already on a payment or another deposit (ADR 034, the trust rule).
 */
async function receiptOf(
  tx: Executor,
  deposit: ClientMoneyMpesaDepositRow,
  callback: StkCallback | null,
  deps: PushDeps,
): Promise<string | null> {
  if (!callback || callback.resultCode !== 0 || !callback.mpesaReceiptNumber) return null;
  if (callback.amountKsh !== deposit.amountKsh) {
    deps.logger?.warn(
      { depositId: deposit.id, claimedKsh: callback.amountKsh },
      'M-Pesa callback with another amount than the deposit asked: ignored',
    );
    return null;
  }
  if (await mpesaReceiptTaken(tx, callback.mpesaReceiptNumber)) return null;
  return callback.mpesaReceiptNumber;
}

/** A later callback for a deposit already confirmed without one: its receipt number is kept. */
async function lendReceipt(deps: PushDeps, id: string, callback: StkCallback) {
  await deps.db.transaction(async (tx) => {
    const deposit = await lockMpesaDeposit(tx, { id });
    if (deposit?.status !== 'succeeded' || deposit.mpesaReceiptNumber) return;
    const receipt = await receiptOf(tx, deposit, callback, deps);
    if (receipt) await updateMpesaDeposit(tx, id, { mpesaReceiptNumber: receipt });
  });
}

/** No final answer yet: asked again later, given up after a day or a few refused queries. */
async function askLater(deps: PushDeps, id: string, refused: boolean) {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx): Promise<PushOutcome> => {
    const deposit = await lockMpesaDeposit(tx, { id });
    if (!deposit || deposit.status !== 'pending') return 'done';
    const attempts = deposit.queryAttempts + 1;
    const refusals = deposit.queryRefusals + (refused ? 1 : 0);
    const givingUp = givingUpOn(deposit, refusals, now);
    await updateMpesaDeposit(tx, id, {
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

/** The scheduled run: every pending deposit push whose next question is due. */
export async function queryDueMpesaDeposits(deps: PushDeps, now: Date): Promise<number> {
  let settled = 0;
  for (const push of await dueMpesaDeposits(deps.db, now, 50)) {
    if (!push.checkoutRequestId) {
      // The push never went (the process stopped between the row and Safaricom's answer).
      await deps.db.transaction(async (tx) => {
        const deposit = await lockMpesaDeposit(tx, { id: push.id });
        if (deposit?.status === 'pending' && !deposit.checkoutRequestId) {
          await updateMpesaDeposit(tx, push.id, {
            status: 'failed',
            resultDesc: 'The request never reached M-Pesa',
            nextQueryAt: null,
          });
        }
      });
      continue;
    }
    try {
      const outcome = await settleMpesaDeposit(deps, push.checkoutRequestId, null);
      if (outcome !== 'pending') settled += 1;
    } catch (error) {
      deps.logger?.warn({ err: error, depositId: push.id }, 'M-Pesa deposit query failed');
    }
  }
  return settled;
}

/** What the M-Pesa routes are handed for deposits (app composition, api.routes.ts). */
export const mpesaDepositDesk: MpesaDepositDesk = {
  start: startMpesaDeposit,
  settle: settleMpesaDeposit,
  queryDue: queryDueMpesaDeposits,
};

/** GET /api/client-money/mpesa-deposits/{id}: the payer's own (staff who see ledgers: any). */
export async function readMpesaDeposit(
  deps: ClientMoneyDeps,
  user: UserRow,
  id: string,
): Promise<MpesaDeposit> {
  assertCan(user, 'client-money:view');
  const found = await findMpesaDeposit(deps.db, id, seesAsClient(user) ? user.id : undefined);
  if (!found) throw AppError.notFound(D.depositNotFound);
  const { deposit: row, receiptNumber } = found;
  return {
    id: row.id,
    status: row.status,
    amountKsh: row.amountKsh,
    caseId: row.caseId,
    receiptNumber,
    entryId: row.entryId,
    mpesa: {
      phone: row.phone,
      receiptNumber: row.mpesaReceiptNumber,
      resultCode: row.resultCode,
      failureText: row.status === 'failed' ? mpesaFailureText(row.resultCode) : null,
    },
    createdAt: row.createdAt.toISOString(),
  };
}
