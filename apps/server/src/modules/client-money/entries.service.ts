import {
  CLIENT_MONEY_MESSAGES as M,
  billingNumber,
  formatKsh,
  formatNairobiDay,
  isClientAccount,
  ledgerEffect,
  nairobiToday,
  type Action,
  type ClientMoneyEntryKind,
  type RecordClientMoneyEntryValues,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { ClientMoneyEntryRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import {
  lockFeeNoteOfClient,
  settleFeeNoteFromClientMoney,
} from '../billing/settle-from-client-money';
import { findUserById } from '../users/users.repository';
import { nowOf, type ClientMoneyDeps } from './client-money-deps';
import { asClientMoneyRefusal } from './db-refusals';
import {
  caseNumberOfClient,
  claimReceiptNumber,
  findAccount,
  insertEntry,
  linesOf,
  lockBalance,
  lockEntry,
  reversalOf,
  type NewLine,
} from './journal.repository';
import { heldFor } from './ledgers.service';

/**
 * POST /api/client-money/entries (ADR 045): one journal entry, its lines, its audit row and, for a
 * transfer to office, the fee note's payment, in one transaction. The rules are checked here for a
 * precise answer and again by the database, which has the last word (db-refusals.ts).
 */

const ACTION_OF: Record<ClientMoneyEntryKind, Action> = {
  receipt: 'client-money:record',
  payment: 'client-money:record',
  refund: 'client-money:record',
  transfer_to_office: 'client-money:transfer',
  reversal: 'client-money:reverse',
};

const bad = (field: string, message: string) => AppError.badRequest(message, { [field]: message });

type Line = Omit<NewLine, 'entryId'>;

/** What an entry writes, decided with its money locked. */
interface Plan {
  entry: Omit<ClientMoneyEntryRow, 'id' | 'createdAt' | 'receiptNumber' | 'paymentId'>;
  lines: Line[];
  /** What the client's ledger (on the entry's case) gains or loses. */
  effectKsh: number;
  feeNote?: Awaited<ReturnType<typeof lockFeeNoteOfClient>>;
  /** For the audit sentence. */
  caseNumber: string | null;
}

async function accountFor(
  tx: Executor,
  id: string,
  kind: 'client' | 'office',
  field: string,
  date: string,
) {
  const account = await findAccount(tx, id);
  if (!account) throw bad(field, M.accountNotFound);
  if (account.kind !== kind) {
    throw bad(field, kind === 'client' ? M.notAClientAccount : M.notAnOfficeAccount);
  }
  if (date < account.openingDate) {
    throw bad('date', M.dateBeforeOpening(formatNairobiDay(account.openingDate)));
  }
  return account;
}

async function planMovement(
  tx: Executor,
  input: RecordClientMoneyEntryValues,
  user: UserRow,
): Promise<Plan> {
  const clientId = input.clientId!;
  const client = await findUserById(tx, clientId);
  if (!client || !isClientAccount(client)) throw bad('clientId', M.clientNotFound);
  const caseId = input.caseId ?? null;
  const caseNumber = caseId ? ((await caseNumberOfClient(tx, caseId, clientId)) ?? null) : null;
  if (caseId && !caseNumber) throw bad('caseId', M.caseNotTheClients);
  const account = await accountFor(tx, input.accountId!, 'client', 'accountId', input.date);
  const office =
    input.kind === 'transfer_to_office'
      ? await accountFor(tx, input.officeAccountId!, 'office', 'officeAccountId', input.date)
      : null;
  const amount = input.amountKsh!;
  const effectKsh = ledgerEffect(input.kind, amount);
  // Debits positive: money into the client account, and the client's ledger credited with it.
  const lines: Line[] = [
    { postsTo: 'account', accountId: account.id, accountKind: 'client', amountKsh: effectKsh },
    { postsTo: 'client_ledger', clientId, caseId, amountKsh: -effectKsh },
  ];
  let feeNote: Plan['feeNote'];
  if (office) {
    feeNote = await lockFeeNoteOfClient(tx, input.feeNoteId!, clientId);
    if (amount > feeNote.balanceKsh) {
      throw AppError.conflict(
        M.overFeeNoteBalance(formatKsh(feeNote.balanceKsh)),
        'CLIENT_MONEY_OVER_FEE_NOTE',
      );
    }
    lines.push(
      { postsTo: 'account', accountId: office.id, accountKind: 'office', amountKsh: amount },
      { postsTo: 'fee_note', feeNoteId: feeNote.id, amountKsh: -amount },
    );
  }
  return {
    entry: {
      kind: input.kind,
      entryDate: input.date,
      clientId,
      caseId,
      accountId: account.id,
      accountKind: 'client',
      officeAccountId: office?.id ?? null,
      officeAccountKind: office ? 'office' : null,
      amountKsh: amount,
      reference: input.reference!,
      narrative: input.narrative!,
      feeNoteId: feeNote?.id ?? null,
      reversesId: null,
      reason: null,
      recordedById: user.id,
    },
    lines,
    effectKsh,
    feeNote,
    caseNumber,
  };
}

async function planReversal(
  tx: Executor,
  input: RecordClientMoneyEntryValues,
  user: UserRow,
): Promise<Plan> {
  const original = await lockEntry(tx, input.reversesId!);
  if (!original) throw AppError.notFound(M.entryNotFound);
  if (original.kind === 'reversal') {
    throw AppError.conflict(M.reversalNotReversed, 'CLIENT_MONEY_NOT_REVERSIBLE');
  }
  if (original.kind === 'transfer_to_office') {
    throw AppError.conflict(M.transferNotReversible, 'CLIENT_MONEY_NOT_REVERSIBLE');
  }
  if (await reversalOf(tx, original.id)) {
    throw AppError.conflict(M.alreadyReversed, 'CLIENT_MONEY_ALREADY_REVERSED');
  }
  if (input.date < original.entryDate) {
    throw bad('date', M.reversalBeforeEntry(formatNairobiDay(original.entryDate)));
  }
  const lines = (await linesOf(tx, original.id)).map(
    ({ id: _line, entryId: _entry, ...line }): Line => ({ ...line, amountKsh: -line.amountKsh }),
  );
  const caseNumber = original.caseId
    ? ((await caseNumberOfClient(tx, original.caseId, original.clientId)) ?? null)
    : null;
  return {
    entry: {
      kind: 'reversal',
      clientId: original.clientId,
      caseId: original.caseId,
      accountId: original.accountId,
      accountKind: original.accountKind,
      amountKsh: original.amountKsh,
      reference: original.reference,
      entryDate: input.date,
      officeAccountId: null,
      officeAccountKind: null,
      feeNoteId: null,
      reversesId: original.id,
      reason: input.reason!,
      narrative: input.narrative ?? original.narrative,
      recordedById: user.id,
    },
    lines,
    effectKsh: ledgerEffect('reversal', original.amountKsh, original.kind),
    caseNumber,
  };
}

/** Refuses what would take the ledger (the client's, on the entry's case or on none) below zero. */
async function assertEnoughHeld(tx: Executor, plan: Plan) {
  if (plan.effectKsh >= 0) return;
  const held = await lockBalance(tx, plan.entry.clientId, plan.entry.caseId);
  if (held + plan.effectKsh < 0) {
    const where = plan.caseNumber ? M.onTheCase(plan.caseNumber) : M.notOnACase;
    throw AppError.conflict(M.insufficient(formatKsh(held), where), 'CLIENT_MONEY_INSUFFICIENT');
  }
}

/** The moment a receipt names: now for today's entry, else midday of the day it is dated. */
const receivedAtOf = (date: string, now: Date) =>
  date === nairobiToday(now) ? now : new Date(`${date}T12:00:00+03:00`);

export async function recordEntry(
  deps: ClientMoneyDeps,
  user: UserRow,
  input: RecordClientMoneyEntryValues,
  meta: RequestMeta,
  /** Done in the entry's transaction once it is written: a statement line matched to it. */
  andThen?: (tx: Executor, entry: ClientMoneyEntryRow) => Promise<void>,
) {
  assertCan(user, ACTION_OF[input.kind]);
  const now = nowOf(deps);
  if (input.date > nairobiToday(now)) throw bad('date', M.dateInFuture);
  let recorded: { id: string; clientId: string; caseId: string | null };
  try {
    recorded = await deps.db.transaction(async (tx) => {
      const plan =
        input.kind === 'reversal'
          ? await planReversal(tx, input, user)
          : await planMovement(tx, input, user);
      await assertEnoughHeld(tx, plan);
      const year = Number(input.date.slice(0, 4));
      const receiptNumber =
        plan.entry.kind === 'receipt'
          ? billingNumber('CR', year, await claimReceiptNumber(tx, year))
          : null;
      // The fee note's payment first: the entry names it, and an entry is never changed after.
      const payment = plan.feeNote
        ? await settleFeeNoteFromClientMoney(tx, plan.feeNote, {
            amountKsh: plan.entry.amountKsh,
            reference: plan.entry.reference,
            receivedAt: receivedAtOf(input.date, now),
            recordedById: user.id,
          })
        : null;
      const entry = await insertEntry(
        tx,
        { ...plan.entry, receiptNumber, paymentId: payment?.id ?? null },
        plan.lines,
      );
      await writeAudit(tx, {
        actorId: user.id,
        action: entry.kind === 'reversal' ? 'client_money.reversed' : 'client_money.recorded',
        targetUserId: entry.clientId,
        ip: meta.ip,
        details: {
          entryId: entry.id,
          kind: entry.kind,
          amountKsh: entry.amountKsh,
          date: entry.entryDate,
          reference: entry.reference,
          receiptNumber,
          caseId: entry.caseId,
          caseNumber: plan.caseNumber,
          accountId: entry.accountId,
          feeNoteId: entry.feeNoteId,
          feeNoteNumber: plan.feeNote?.reference ?? null,
          paymentReceiptNumber: payment?.receiptNumber ?? null,
          reversesId: entry.reversesId,
          reason: entry.reason,
        },
      });
      await andThen?.(tx, entry);
      return { id: entry.id, clientId: entry.clientId, caseId: entry.caseId };
    });
  } catch (error) {
    throw asClientMoneyRefusal(error, input.date);
  }
  const held = await heldFor(deps.db, recorded.clientId);
  return {
    entryId: recorded.id,
    balanceKsh: held.balanceKsh,
    caseBalanceKsh: held.cases.find((each) => each.caseId === recorded.caseId)?.balanceKsh ?? 0,
  };
}
