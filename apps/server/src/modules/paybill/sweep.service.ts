import { nairobiToday, type PaybillSweep } from '@firm/shared';
import { isReversal, pullStamp, type PulledTransaction } from '../../lib/daraja-pull';
import { nowOf, type PaybillDeps } from './paybill-deps';
import { lockByTransId, updatePaybillPayment } from './paybill.repository';
import { reversePaybillPayment } from './reversals.service';
import { settlePaybillPayment } from './settlement.service';
import {
  claimSweepDay,
  finishSweepDay,
  insertSwept,
  isPullRegistered,
  recordPullRegistration,
} from './sweep.repository';

/**
 * The daily sweep, "nothing missed" (ADR 054): once a Nairobi morning, claimed by one process,
 * it reads Safaricom's own list of the paybill's transactions (Pull Transactions) for the last
 * day with an overlap, records every payment whose confirmation never came (confirmed at once:
 * the list is M-Pesa's own word) and settles it like any confirmation, applies the reversals the
 * list shows, and asks about M-Pesa prompts still pending long after they were made.
 */

/** A day, and two hours more: a payment made during yesterday's sweep is read again today. */
export const SWEEP_WINDOW_MS = 26 * 60 * 60_000;
/** A push still pending this long after it was made is asked about by the sweep. */
export const STALE_PUSH_MS = 30 * 60_000;
/** Pages read at most in one run (a paybill's day is far fewer rows; a loop cannot run away). */
const MAX_PAGES = 200;

export interface SweepDeps extends PaybillDeps {
  /** Settles pushes pending since before `olderThan` (billing's query); answers how many. */
  settleStalePushes?: (olderThan: Date) => Promise<number>;
}

const NOTHING: PaybillSweep = { ran: false, listed: 0, recorded: 0, reversed: 0, pushesSettled: 0 };

/**
 * One run. `again` (an advocate asked): runs even if today's sweep already finished, but never
 * beside a run under way. Answers what it did; `ran` false when another process holds the day.
 */
export async function runPaybillSweep(
  deps: SweepDeps,
  options: { again?: boolean } = {},
): Promise<PaybillSweep> {
  const { daraja, shortcode } = deps;
  if (!daraja || !shortcode) return NOTHING;
  const now = nowOf(deps);
  const day = nairobiToday(now);
  // To the minute after now: Daraja reads whole seconds, and a payment made as the sweep starts
  // belongs to it.
  const window = {
    start: new Date(now.getTime() - SWEEP_WINDOW_MS),
    end: new Date(now.getTime() + 60_000),
  };
  if (!(await claimSweepDay(deps.db, day, now, window, options.again === true))) return NOTHING;
  const done = { ...NOTHING, ran: true };
  try {
    await registerOnce(deps);
    const listed = await listWindow(deps, window);
    done.listed = listed.length;
    // A payment reversed within the window is not recorded only to be undone a moment later.
    const reversed = new Set(listed.filter(isReversal).map((each) => each.transId));
    for (const transaction of listed) {
      if (isReversal(transaction)) {
        if (await reversePaybillPayment(deps, transaction.transId)) done.reversed += 1;
      } else if (!reversed.has(transaction.transId)) {
        if (await recordMissed(deps, transaction, now)) done.recorded += 1;
      }
    }
    if (deps.settleStalePushes) {
      done.pushesSettled = await deps.settleStalePushes(new Date(now.getTime() - STALE_PUSH_MS));
    }
    await finishSweepDay(deps.db, day, { ...counts(done), finishedAt: nowOf(deps) });
    deps.logger?.info({ ...counts(done) }, 'paybill daily sweep done');
    return done;
  } catch (error) {
    // Unfinished with its error: the next tick (or a restart, or an advocate) takes the day again.
    const reason = error instanceof Error ? error.message : 'failed';
    await finishSweepDay(deps.db, day, { ...counts(done), error: reason.slice(0, 500) });
    throw error;
  }
}

const counts = (done: PaybillSweep) => ({
  listed: done.listed,
  recorded: done.recorded,
  reversed: done.reversed,
  pushesSettled: done.pushesSettled,
});

/**
 * Safaricom asks each shortcode to register for Pull Transactions once; it is done on the first
 * sweep when the firm named its nominated number (MPESA_PULL_NOMINATED_NUMBER), and remembered.
 * Without it the paybill may have been registered by hand: the list is read all the same.
 */
async function registerOnce(deps: SweepDeps) {
  const { daraja, shortcode, pullNominatedNumber, callbackSecret } = deps;
  if (!daraja || !shortcode || !pullNominatedNumber || !callbackSecret) return;
  if (await isPullRegistered(deps.db, shortcode)) return;
  // Safaricom may post about the registration: to the confirmation address, which answers
  // anything as Safaricom expects and records only a real payment (ADR 047).
  const answer = await daraja.registerPull({
    nominatedNumber: pullNominatedNumber,
    callbackUrl: `${deps.publicUrl}/api/payments/c2b/confirmation/${callbackSecret}`,
  });
  await recordPullRegistration(deps.db, shortcode, answer.responseDescription);
}

/** Every transaction of the window, page after page (OffSetValue is a row, not a page number). */
async function listWindow(deps: SweepDeps, window: { start: Date; end: Date }) {
  const all: PulledTransaction[] = [];
  let offset = 0;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await deps.daraja!.pullTransactions({
      from: window.start,
      to: window.end,
      offset,
    });
    const rows = answer.transactions.length + answer.unreadable;
    if (answer.unreadable > 0) {
      deps.logger?.warn({ unreadable: answer.unreadable }, 'Pull Transactions rows unread');
    }
    all.push(...answer.transactions);
    if (rows === 0) break;
    offset += rows;
  }
  return all;
}

/**
 * A payment M-Pesa made that the firm has no record of: recorded `confirmed` and settled as a
 * confirmation is. When its confirmation did come (the row exists, perhaps at this very moment),
 * the unique receipt keeps one row; one still waiting for Transaction Status is confirmed by the
 * list when the list says the same amount and paybill. Answers whether it was new.
 */
async function recordMissed(deps: SweepDeps, item: PulledTransaction, now: Date) {
  if (item.amountKsh === null) {
    deps.logger?.warn({ transId: item.transId }, 'Pull Transactions row with no whole amount');
    return false;
  }
  const amountKsh = item.amountKsh;
  const outcome = await deps.db.transaction(async (tx) => {
    const inserted = await insertSwept(
      tx,
      {
        transactionType: 'Pay Bill',
        transId: item.transId,
        transTime: pullStamp(item.paidAt).replace(/[- :]/g, ''),
        amountKsh,
        shortcode: deps.shortcode!,
        billRefNumber: item.billReference,
        invoiceNumber: '',
        orgAccountBalance: '',
        thirdPartyTransId: '',
        msisdn: item.msisdn,
        payerName: item.sender,
      },
      { paidAt: item.paidAt, confirmedAt: now },
    );
    if (inserted) return { id: inserted.id, isNew: true };
    const known = await lockByTransId(tx, item.transId);
    if (
      known?.status === 'received' &&
      known.amountKsh === amountKsh &&
      known.shortcode === deps.shortcode
    ) {
      await updatePaybillPayment(tx, known.id, {
        status: 'confirmed',
        confirmedAt: now,
        nextCheckAt: null,
        unallocatedKsh: known.amountKsh,
      });
      return { id: known.id, isNew: false };
    }
    return null;
  });
  // Its own transaction, as every settlement (ADR 047); if it fails, the minute's sweep retries.
  if (outcome) {
    try {
      await settlePaybillPayment(deps, outcome.id);
    } catch (error) {
      deps.logger?.error({ err: error, paybillPaymentId: outcome.id }, 'swept payment not settled');
    }
  }
  return outcome?.isNew === true;
}
