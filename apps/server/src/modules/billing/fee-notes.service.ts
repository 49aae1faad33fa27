import {
  BILLING_MESSAGES as M,
  SMS,
  FEE_NOTE_LIMITS,
  VAT_RATE_PERCENT,
  billingNumber,
  can,
  dueDateMessage,
  dueDateProblem,
  feeNoteSums,
  formatKsh,
  formatNairobiDay,
  isClientAccount,
  nairobiToday,
  paginationOf,
  paybillAccountNumber,
  seesAsClient,
  type CreateFeeNoteValues,
  type FeeNote,
  type FeeNotePage,
  type FeeNoteLineInput,
  type FeeNoteSums,
  type ListFeeNotesQuery,
  type UpdateFeeNoteValues,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { FeeNoteRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isKenyanPublicHoliday } from '../../lib/kenyan-holidays';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit, type AuditAction } from '../audit/audit-log.repository';
import { findCaseOfClient } from '../cases/cases.repository';
import { markWorkBilled, markWorkUnbilled } from '../time/billed-work';
import { notify } from '../notifications/notifications.service';
import { feeNoteEtimsOf } from '../etims/fee-note-etims.service';
import { recordEtimsTransmission } from '../etims/transmissions.service';
import { readFirmSettings } from '../settings/firm-settings.service';
import { findUserById } from '../users/users.repository';
import { nowOf, type BillingDeps } from './billing-deps';
import { feeNoteAsSeenBy, feeNoteSummaryOf } from './billing-view';
import {
  claimBillingNumber,
  deleteFeeNoteRow,
  findFeeNote,
  insertFeeNote,
  listAllFeeNotesOf,
  linesOf,
  listFeeNoteRows,
  lockFeeNote,
  updateFeeNoteRow,
  writeLines,
  type FeeNoteScope,
  type FeeNoteWithParties,
  type NewFeeNoteLine,
} from './fee-notes.repository';
import { paybillSentenceOf, renderCreditNoteOf } from './billing-letterhead';
import { owedByClient } from './owed.repository';
import { paymentsOfFeeNote } from './payments.repository';

/**
 * Fee notes (ADR 035): staff draft them, issue them (a number claimed in the transaction, the
 * client told by email, text and bell) and cancel them by a credit note; a client reads their own
 * issued ones. Every change is audited.
 */

export const feeNoteNotFound = () => AppError.notFound(M.feeNoteNotFound, 'NOT_FOUND');

/** A client reaches their own issued fee notes; staff with `fee-notes:view` every one. */
export const feeNoteScopeOf = (user: UserRow): FeeNoteScope =>
  seesAsClient(user) ? { clientId: user.id, withDrafts: false } : { withDrafts: true };

const nairobiYear = (now: Date) => Number(nairobiToday(now).slice(0, 4));

function linesToRows(lines: readonly FeeNoteLineInput[]): NewFeeNoteLine[] {
  return lines.map((line) => ({
    kind: line.kind,
    description: line.description,
    quantity: line.quantity,
    unitPriceKsh: line.unitPriceKsh,
    amountKsh: line.quantity * line.unitPriceKsh,
  }));
}

/** The stored totals of `lines` at the firm's VAT rate now (a draft follows the settings). */
async function totalsFor(deps: BillingDeps, db: Executor, lines: readonly FeeNoteLineInput[]) {
  const settings = await readFirmSettings({ ...deps, db });
  const sums = feeNoteSums(lines, settings.isVatRegistered ? VAT_RATE_PERCENT : 0);
  if (sums.totalKsh > FEE_NOTE_LIMITS.totalMaxKsh) {
    throw AppError.badRequest(M.totalTooLarge, { lines: M.totalTooLarge });
  }
  return sums;
}

/** The Kenyan holidays the shared schema cannot know (it refuses weekends itself). */
function assertDueOnWorkingDay(dueDate: string) {
  if (dueDateProblem(dueDate, isKenyanPublicHoliday)) {
    const message = dueDateMessage(dueDate, isKenyanPublicHoliday);
    throw AppError.badRequest(message, { dueDate: message });
  }
}

async function assertClientAndCase(db: Executor, clientId: string, caseId: string | null) {
  const client = await findUserById(db, clientId);
  if (!client || !isClientAccount(client)) {
    throw AppError.badRequest(M.clientNotFound, { clientId: M.clientNotFound });
  }
  if (caseId && !(await findCaseOfClient(db, caseId, clientId))) {
    throw AppError.badRequest(M.caseNotTheClients, { caseId: M.caseNotTheClients });
  }
  return client;
}

/** What a draft's form sets, with its totals. */
const draftColumns = (input: UpdateFeeNoteValues, sums: FeeNoteSums) => ({
  caseId: input.caseId ?? null,
  dueDate: input.dueDate,
  buyerKraPin: input.buyerKraPin ?? null,
  ...sums,
});

const auditFeeNote = (
  tx: Executor,
  actor: UserRow,
  action: Extract<AuditAction, `fee_note.${string}`>,
  note: FeeNoteRow,
  meta: RequestMeta,
  details: Record<string, unknown> = {},
) =>
  writeAudit(tx, {
    actorId: actor.id,
    action,
    targetUserId: note.clientId,
    ip: meta.ip,
    details: { feeNoteId: note.id, number: note.number, totalKsh: note.totalKsh, ...details },
  });

/** The whole fee note as `user` may read it, or 404. */
export async function readFeeNote(deps: BillingDeps, user: UserRow, id: string): Promise<FeeNote> {
  const row = await findFeeNote(deps.db, id, feeNoteScopeOf(user));
  if (!row) throw feeNoteNotFound();
  const [lines, payments, etims] = await Promise.all([
    linesOf(deps.db, id),
    paymentsOfFeeNote(deps.db, id),
    feeNoteEtimsOf(deps.db, id, seesAsClient(user), deps.etims?.branch?.pin ?? null),
  ]);
  return { ...feeNoteAsSeenBy(user, row, lines, payments, nairobiToday(nowOf(deps))), etims };
}

/** GET /api/fee-notes: a page, newest first; a client's own carries their balance. */
export async function listFeeNotes(
  deps: BillingDeps,
  user: UserRow,
  query: ListFeeNotesQuery,
): Promise<FeeNotePage> {
  const scope = feeNoteScopeOf(user);
  const today = nairobiToday(nowOf(deps));
  const balanceFor = scope.clientId ?? query.clientId;
  const [{ rows, total, sums }, balanceKsh] = await Promise.all([
    listFeeNoteRows(deps.db, { ...query, today }, scope),
    // The one rule of what a client owes (owed.repository): the dashboard states the same sum.
    balanceFor ? owedByClient(deps.db, balanceFor).then((owed) => owed.totalKsh) : null,
  ]);
  return {
    feeNotes: rows.map((row) => feeNoteSummaryOf(row, today)),
    pagination: paginationOf(query, total),
    total,
    sums,
    balanceKsh,
  };
}

/** POST /api/fee-notes: a draft, its totals at the firm's VAT rate. */
export async function createFeeNote(
  deps: BillingDeps,
  user: UserRow,
  input: CreateFeeNoteValues,
  meta: RequestMeta,
): Promise<FeeNote> {
  assertCan(user, 'fee-notes:manage');
  const id = await deps.db.transaction((tx) => draftFeeNoteIn(deps, tx, user, input, meta));
  return readFeeNote(deps, user, id);
}

/**
 * A draft written inside the caller's transaction: POST /api/fee-notes, and "Bill this" from
 * unbilled time (ADR 050), which marks its entries in the same transaction and says so in the
 * audit row (`auditDetails`). Returns its id.
 */
export async function draftFeeNoteIn(
  deps: BillingDeps,
  tx: Executor,
  user: UserRow,
  input: CreateFeeNoteValues,
  meta: RequestMeta,
  auditDetails: Record<string, unknown> = {},
): Promise<string> {
  assertCan(user, 'fee-notes:manage');
  assertDueOnWorkingDay(input.dueDate);
  await assertClientAndCase(tx, input.clientId, input.caseId ?? null);
  const sums = await totalsFor(deps, tx, input.lines);
  const note = await insertFeeNote(tx, {
    clientId: input.clientId,
    ...draftColumns(input, sums),
    createdById: user.id,
  });
  await writeLines(tx, note.id, linesToRows(input.lines));
  await auditFeeNote(tx, user, 'fee_note.drafted', note, meta, auditDetails);
  return note.id;
}

/** Locks a staff-reachable fee note, or 404. */
async function lockForStaff(tx: Executor, id: string): Promise<FeeNoteRow> {
  const note = await lockFeeNote(tx, id);
  if (!note) throw feeNoteNotFound();
  return note;
}

/** PUT /api/fee-notes/{id}: a draft only; an issued note is cancelled, never edited. */
export async function updateFeeNote(
  deps: BillingDeps,
  user: UserRow,
  id: string,
  input: UpdateFeeNoteValues,
  meta: RequestMeta,
): Promise<FeeNote> {
  assertCan(user, 'fee-notes:manage');
  await deps.db.transaction(async (tx) => {
    const note = await lockForStaff(tx, id);
    if (note.status !== 'draft') throw AppError.conflict(M.onlyDraftsChange);
    assertDueOnWorkingDay(input.dueDate);
    await assertClientAndCase(tx, note.clientId, input.caseId ?? null);
    const sums = await totalsFor(deps, tx, input.lines);
    const saved = await updateFeeNoteRow(tx, id, draftColumns(input, sums));
    await writeLines(tx, id, linesToRows(input.lines));
    await auditFeeNote(tx, user, 'fee_note.updated', saved, meta);
  });
  return readFeeNote(deps, user, id);
}

/** DELETE /api/fee-notes/{id}: a draft only (it was never the client's). */
export async function deleteFeeNote(
  deps: BillingDeps,
  user: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  assertCan(user, 'fee-notes:manage');
  await deps.db.transaction(async (tx) => {
    const note = await lockForStaff(tx, id);
    if (note.status !== 'draft') throw AppError.conflict(M.onlyDraftsChange);
    await deleteFeeNoteRow(tx, id);
    await auditFeeNote(tx, user, 'fee_note.deleted', note, meta);
  });
}

/**
 * POST /api/fee-notes/{id}/issue: the next FN number of the Nairobi year, claimed in this
 * transaction (gap-free); VAT at the rate in force now; the client told by bell, email and text.
 */
export async function issueFeeNote(
  deps: BillingDeps,
  user: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<FeeNote> {
  assertCan(user, 'fee-notes:manage');
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const note = await lockForStaff(tx, id);
    if (note.status !== 'draft') throw AppError.conflict(M.alreadyIssued);
    // A draft saved before the rule, or before a holiday was gazetted, is not issued on it.
    if (dueDateProblem(note.dueDate, isKenyanPublicHoliday)) {
      throw AppError.conflict(dueDateMessage(note.dueDate, isKenyanPublicHoliday));
    }
    const lines = await linesOf(tx, id);
    const sums = await totalsFor(deps, tx, lines);
    if (sums.totalKsh < 1) throw AppError.conflict(M.emptyNoteCannotIssue);
    const year = nairobiYear(now);
    const number = billingNumber('FN', year, await claimBillingNumber(tx, 'FN', year));
    const issued = await updateFeeNoteRow(tx, id, {
      status: 'issued',
      number,
      issuedAt: now,
      issuedById: user.id,
      ...sums,
    });
    await auditFeeNote(tx, user, 'fee_note.issued', issued, meta);
    // The time and expenses drafted onto it are billed with it, in this transaction (ADR 050).
    await markWorkBilled(tx, id, now);
    // KRA's copy is written with it and sent after the commit, never awaited (ADR 049); the
    // client's email then waits for KRA's answer (24 hours at most), the bell and text do not.
    const toKra = await recordEtimsTransmission(tx, deps.etims?.branch ?? null, id, 'sale', now);
    const client = await findUserById(tx, issued.clientId);
    if (client) {
      const paybill = await paybillSentenceOf(deps, tx, paybillAccountNumber(issued.number!));
      await tellClientOfIssue(tx, client, issued, paybill, toKra);
    }
  });
  deps.etims?.afterCommit();
  return readFeeNote(deps, user, id);
}

async function tellClientOfIssue(
  tx: Executor,
  client: UserRow,
  note: FeeNoteRow,
  paybill: string | null,
  emailLater: boolean,
) {
  const amount = formatKsh(note.totalKsh);
  const due = formatNairobiDay(note.dueDate);
  await notify(tx, [client], {
    kind: 'fee_note_issued',
    type: 'info',
    title: M.issuedNoticeTitle(note.number!),
    message: M.issuedNotice(note.number!, amount, due, paybill),
    actionUrl: `/billing/${note.id}`,
    subject: { type: 'fee_note', id: note.id },
    emailLater,
    sms: {
      kind: 'billing',
      deliveryKind: 'fee_note_issued',
      text: SMS.feeNoteIssued(note.number!, amount, due, paybill),
    },
    maySee: (person) => can(person, 'fee-notes:view', { clientId: note.clientId }),
  });
}

/**
 * The client holds a text and an email saying the fee note is due: they are told it is not, in
 * the cancelling transaction (ADR 028), the credit note attached to the email, the text under
 * their "billing" choice (ADR 033).
 */
async function tellClientOfCancel(
  deps: BillingDeps,
  tx: Executor,
  client: UserRow,
  row: FeeNoteWithParties,
) {
  const { note } = row;
  const creditNote = await renderCreditNoteOf(deps, tx, row);
  await notify(tx, [client], {
    kind: 'fee_note_cancelled',
    type: 'info',
    title: M.cancelledNoticeTitle(note.number!),
    message: M.cancelledNotice(
      note.number!,
      formatKsh(note.totalKsh),
      note.creditNoteNumber!,
      note.cancelReason!,
    ),
    actionUrl: `/billing/${note.id}`,
    subject: { type: 'fee_note', id: note.id },
    // The same switch as the fee note's own email: whoever gets fee notes by email hears of this.
    emailAs: 'fee_note_issued',
    ...(creditNote
      ? {
          attachments: [
            {
              filename: creditNote.filename,
              content: creditNote.bytes.toString('base64'),
              contentType: 'application/pdf',
              encoding: 'base64' as const,
            },
          ],
        }
      : {}),
    sms: {
      kind: 'billing',
      deliveryKind: 'fee_note_cancelled',
      text: SMS.feeNoteCancelled(note.number!, note.creditNoteNumber!),
    },
    maySee: (person) => can(person, 'fee-notes:view', { clientId: note.clientId }),
  });
}

/**
 * POST /api/fee-notes/{id}/cancel: a numbered credit note (CN) with the reason. A note with money
 * on it is not cancelled (that is a refund, outside this product).
 */
export async function cancelFeeNote(
  deps: BillingDeps,
  user: UserRow,
  id: string,
  reason: string,
  meta: RequestMeta,
): Promise<FeeNote> {
  assertCan(user, 'fee-notes:manage');
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const note = await lockForStaff(tx, id);
    if (note.status === 'partly_paid' || note.status === 'paid') {
      throw AppError.conflict(M.paidCannotCancel);
    }
    if (note.status !== 'issued') throw AppError.conflict(M.onlyIssuedCancel);
    const year = nairobiYear(now);
    const creditNoteNumber = billingNumber('CN', year, await claimBillingNumber(tx, 'CN', year));
    const cancelled = await updateFeeNoteRow(tx, id, {
      status: 'cancelled',
      creditNoteNumber,
      cancelledAt: now,
      cancelReason: reason,
      cancelledById: user.id,
    });
    await auditFeeNote(tx, user, 'fee_note.cancelled', cancelled, meta, {
      creditNoteNumber,
      reason,
    });
    // Its time and expenses are unbilled again, to be billed afresh (ADR 050).
    await markWorkUnbilled(tx, id);
    const withParties = await findFeeNote(tx, id, { withDrafts: true });
    const client = await findUserById(tx, cancelled.clientId);
    // Recorded before the email's credit note is drawn, so that copy says it awaits KRA.
    await recordEtimsTransmission(tx, deps.etims?.branch ?? null, id, 'credit', now);
    if (withParties && client) await tellClientOfCancel(deps, tx, client, withParties);
  });
  deps.etims?.afterCommit();
  return readFeeNote(deps, user, id);
}

/**
 * "Download my data": a client's issued fee notes with their lines and payments, as the Billing
 * screen shows them to the client (no draft, no staff field). Staff have none of their own.
 */
export async function ownBillingForExport(db: Executor, user: UserRow) {
  if (!seesAsClient(user)) return undefined;
  const today = nairobiToday();
  const notes = await listAllFeeNotesOf(db, user.id);
  return Promise.all(
    notes.map(async (row) => {
      const [lines, payments] = await Promise.all([
        linesOf(db, row.note.id),
        paymentsOfFeeNote(db, row.note.id),
      ]);
      return feeNoteAsSeenBy(user, row, lines, payments, today);
    }),
  );
}
