import {
  CLIENT_LEDGER_PAGE_TEXTS as LP,
  CLIENT_MONEY_MESSAGES as M,
  isClientAccount,
  nairobiToday,
  seesAsClient,
  type ClientLedger,
  type ClientMoneyEntry,
  type LedgerBalances,
  type LedgerQueryValues,
  type ListLedgersQuery,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import { findUserById } from '../users/users.repository';
import { nowOf, type ClientMoneyDeps } from './client-money-deps';
import {
  balanceRows,
  entriesOfClient,
  entryView,
  ledgerPage,
  type EntryView,
} from './ledgers.repository';
import { mpesaClientAccount, mpesaDepositsOfClient } from './mpesa-deposits.repository';

/** The ledgers (ADR 045): staff see every client's; a client only their own (another's is 404). */

export function entryOf(view: EntryView): ClientMoneyEntry {
  const { entry } = view;
  return {
    id: entry.id,
    kind: entry.kind,
    receiptNumber: entry.receiptNumber,
    date: entry.entryDate,
    clientId: entry.clientId,
    caseId: entry.caseId,
    caseNumber: view.caseNumber,
    accountId: entry.accountId,
    accountName: view.accountName,
    officeAccountId: entry.officeAccountId,
    amountKsh: entry.amountKsh,
    ledgerEffectKsh: view.ledgerEffectKsh,
    reference: entry.reference,
    narrative: entry.narrative,
    feeNoteId: entry.feeNoteId,
    feeNoteNumber: view.feeNoteNumber,
    reversesId: entry.reversesId,
    reversedById: view.reversedById,
    reason: entry.reason,
    createdAt: entry.createdAt.toISOString(),
  };
}

export async function readEntry(db: Executor, id: string): Promise<ClientMoneyEntry> {
  const view = await entryView(db, id);
  if (!view) throw AppError.notFound(M.entryNotFound);
  return entryOf(view);
}

/** What is held for a client now, in all and per case (case null: on no case). */
export async function heldFor(db: Executor, clientId: string) {
  const rows = await balanceRows(db, { clientId });
  return {
    balanceKsh: rows.reduce((sum, row) => sum + row.balanceKsh, 0),
    cases: rows.map(({ caseId, caseNumber, caseTitle, balanceKsh }) => ({
      caseId,
      caseNumber,
      caseTitle,
      balanceKsh,
    })),
  };
}

/** GET /api/client-money/ledgers */
export async function listLedgers(
  deps: ClientMoneyDeps,
  user: UserRow,
  query: ListLedgersQuery,
): Promise<LedgerBalances> {
  assertCan(user, 'client-money:view');
  const today = nairobiToday(nowOf(deps));
  // A day not yet over is today's balance; the scope is in the query, so a client sees only theirs.
  const asOf = query.asOf && query.asOf < today ? query.asOf : undefined;
  const rows = await balanceRows(deps.db, {
    ...query,
    asOf,
    ...(seesAsClient(user) ? { clientId: user.id } : {}),
  });
  return {
    asOf: asOf ?? today,
    ledgers: rows.map((row) => ({ ...row, clientId: row.clientId! })),
    totalKsh: rows.reduce((sum, row) => sum + row.balanceKsh, 0),
  };
}

/**
 * Whether the portal offers Pay a deposit: M-Pesa is set up and the firm has its M-Pesa client
 * account (ADR 045, "M-Pesa deposits").
 */
async function offersMpesaDeposits(deps: ClientMoneyDeps): Promise<boolean> {
  if (!deps.mpesaShortcode) return false;
  return (await mpesaClientAccount(deps.db, deps.mpesaShortcode)) !== undefined;
}

/**
 * GET /api/client-money/ledgers/{clientId}: its movements, oldest first, each with its running
 * balance counted by the database; every one, or the newest `limit` before `before` (ADR 053).
 */
export async function readLedger(
  deps: ClientMoneyDeps,
  user: UserRow,
  clientId: string,
  query: LedgerQueryValues = {},
): Promise<ClientLedger> {
  const client = await findUserById(deps.db, clientId);
  if (!client || !isClientAccount(client) || !canSeeLedger(user, clientId)) {
    throw AppError.notFound(M.clientNotFound, 'CLIENT_NOT_FOUND');
  }
  const [page, held, mpesaDeposits] = await Promise.all([
    ledgerPage(deps.db, { clientId, ...query }),
    heldFor(deps.db, clientId),
    offersMpesaDeposits(deps),
  ]);
  if (!page) throw AppError.badRequest(LP.cursorInvalid, { before: LP.cursorInvalid });
  const more = query.limit !== undefined && page.length > query.limit;
  const rows = (more ? page.slice(0, query.limit) : page).reverse();
  const first = rows[0];
  return {
    clientId,
    clientName: `${client.firstName} ${client.lastName}`,
    balanceKsh: held.balanceKsh,
    cases: held.cases,
    entries: rows.map((row) => ({ ...entryOf(row), runningBalanceKsh: row.runningBalanceKsh })),
    broughtForwardKsh: first ? first.runningBalanceKsh - first.ledgerEffectKsh : 0,
    nextBefore: more && first ? first.entry.id : null,
    mpesaDeposits,
  };
}

/**
 * "Download my data": a client's own ledger, as the portal shows it to them (docs/product-rules.md#client-money); staff hold
 * no client money of their own, so their file has no such section.
 */
export async function ownClientMoneyForExport(db: Executor, user: UserRow) {
  if (!seesAsClient(user)) return undefined;
  const [views, held, deposits] = await Promise.all([
    entriesOfClient(db, user.id),
    heldFor(db, user.id),
    mpesaDepositsOfClient(db, user.id),
  ]);
  return {
    balanceKsh: held.balanceKsh,
    cases: held.cases,
    entries: views.map(entryOf),
    // The deposits they asked M-Pesa for from the portal, with the phone each went to (ADR 045).
    mpesaDeposits: deposits.map(({ deposit, receiptNumber }) => ({
      id: deposit.id,
      status: deposit.status,
      amountKsh: deposit.amountKsh,
      caseId: deposit.caseId,
      phone: deposit.phone,
      mpesaReceiptNumber: deposit.mpesaReceiptNumber,
      receiptNumber,
      createdAt: deposit.createdAt.toISOString(),
    })),
  };
}

/** A client may know only of their own ledger: another's is not found, never refused. */
function canSeeLedger(user: UserRow, clientId: string): boolean {
  if (seesAsClient(user)) return user.id === clientId;
  assertCan(user, 'client-money:view');
  return true;
}
