import {
  CLIENT_MONEY_ENTRY_KIND_LABELS,
  CLIENT_MONEY_MESSAGES as M,
  clientPaymentReference,
  isClientAccount,
  kshInWords,
  nairobiToday,
  seesAsClient,
} from '@firm/shared';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import {
  clientLedgerPdf,
  clientMoneyPartyOf,
  clientMoneyReceiptPdf,
} from '../billing/client-money-pdfs';
import { findUserById } from '../users/users.repository';
import { nowOf, type ClientMoneyDeps } from './client-money-deps';
import { findAccount } from './journal.repository';
import { entriesOfClient, entryView, type EntryView } from './ledgers.repository';
import { readLedger } from './ledgers.service';

/**
 * What the client receives on paper from client money (ADR 045): a receipt marked "client
 * account" for each receipt into it, and their statement. Built here from the same rows and the
 * same rule of who may see them as the ledger screens; drawn and kept by billing's PDF pool and
 * cache (billing/client-money-pdfs.ts), so they read as one set with the fee notes.
 */

const caseLabelOf = (title: string | null, number: string | null) =>
  title && number ? `${title} (${number})` : null;

/** GET /api/client-money/entries/{id}/receipt.pdf: staff any; a client their own; else 404. */
export async function receiptPdf(deps: ClientMoneyDeps, user: UserRow, id: string) {
  assertCan(user, 'client-money:view');
  const notFound = () => AppError.notFound(M.receiptNotFound, 'NOT_FOUND');
  const views = await entriesOfEntryClient(deps, id);
  if (!views) throw notFound();
  const { client, ledger } = views;
  if (seesAsClient(user) && user.id !== client.id) throw notFound();
  let held = 0;
  let view: EntryView | undefined;
  for (const row of ledger) {
    held += row.ledgerEffectKsh;
    if (row.entry.id === id) {
      view = row;
      break;
    }
  }
  const entry = view?.entry;
  if (!view || !entry || entry.kind !== 'receipt' || !entry.receiptNumber) throw notFound();
  const account = await findAccount(deps.db, entry.accountId);
  return clientMoneyReceiptPdf({ ...deps, db: deps.db }, entry.id, {
    number: entry.receiptNumber,
    date: entry.entryDate,
    client: clientMoneyPartyOf(client, null),
    caseLabel: caseLabelOf(view.caseTitle, view.caseNumber),
    amountKsh: entry.amountKsh,
    amountWords: kshInWords(entry.amountKsh),
    accountLabel: account
      ? `${account.name} (${account.institution}, ${account.number})`
      : view.accountName,
    reference: entry.reference,
    narrative: entry.narrative,
    heldAfterKsh: held,
    reversed: view.reversedById !== null,
  });
}

/** The entry's client and their whole ledger in order (the receipt's balance after it). */
async function entriesOfEntryClient(deps: ClientMoneyDeps, id: string) {
  const owner = await entryView(deps.db, id);
  if (!owner) return undefined;
  const client = await findUserById(deps.db, owner.entry.clientId);
  if (!client || !isClientAccount(client)) return undefined;
  return { client, ledger: await entriesOfClient(deps.db, client.id) };
}

/** GET /api/client-money/ledgers/{clientId}/pdf: the ledger screen's rows, on paper. */
export async function ledgerPdf(deps: ClientMoneyDeps, user: UserRow, clientId: string) {
  // readLedger answers 404 for a client not found and for another client's ledger.
  const ledger = await readLedger(deps, user, clientId);
  const client = (await findUserById(deps.db, clientId))!;
  return clientLedgerPdf({ ...deps, db: deps.db }, clientId, {
    client: clientMoneyPartyOf(client, null),
    asOf: nairobiToday(nowOf(deps)),
    paybillAccount:
      client.paymentReference === null ? null : clientPaymentReference(client.paymentReference),
    heldKsh: ledger.balanceKsh,
    cases: ledger.cases.map((held) => ({
      label: caseLabelOf(held.caseTitle, held.caseNumber),
      balanceKsh: held.balanceKsh,
    })),
    entries: ledger.entries.map((entry) => ({
      date: entry.date,
      what: [
        entry.receiptNumber
          ? `${CLIENT_MONEY_ENTRY_KIND_LABELS[entry.kind]} (${entry.receiptNumber})`
          : CLIENT_MONEY_ENTRY_KIND_LABELS[entry.kind],
        entry.feeNoteNumber ? `fee note ${entry.feeNoteNumber}` : null,
        entry.narrative,
      ]
        .filter(Boolean)
        .join(': '),
      reference: entry.reference,
      caseNumber: entry.caseNumber,
      inKsh: Math.max(entry.ledgerEffectKsh, 0),
      outKsh: Math.max(-entry.ledgerEffectKsh, 0),
      runningBalanceKsh: entry.runningBalanceKsh,
    })),
  });
}
