import {
  BILLING_MESSAGES,
  ETIMS_TEXTS as T,
  etimsVerificationUrl,
  type EtimsTransmissionKind,
  type EtimsProblems,
  type FeeNoteEtims,
} from '@firm/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { feeNotes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../../db/schema';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { nowOf, type EtimsDeps } from './etims-deps';
import {
  problemTransmissions,
  transmissionsOf,
  updateTransmission,
  type EtimsTransmissionRow,
} from './transmissions.repository';

/**
 * A fee note's KRA state as its answer carries it (ADR 049): its credit note's transmission once
 * cancelled, else its sale's; `sending` reads as awaiting. KRA's message of a refusal is staff's;
 * a client sees only the state. `pin` (the firm's, while eTIMS is set up) makes KRA's invoice
 * check address of a sent one.
 */
export async function feeNoteEtimsOf(
  db: Executor,
  feeNoteId: string,
  asClient: boolean,
  pin: string | null = null,
): Promise<FeeNoteEtims> {
  const rows = await transmissionsOf(db, feeNoteId);
  const row = rows.find((each) => each.kind === 'credit') ?? rows[0];
  return row ? etimsOfRow(row, asClient, pin) : { state: 'not_configured' };
}

/**
 * What a fee note's PDF (its sale) or its credit note's PDF (the credit) prints of KRA (ADR 049):
 * null when that document was never KRA's (eTIMS not set up when it was issued). The paper is
 * the client's: a refusal prints as awaiting, without KRA's message.
 */
export async function documentEtimsOf(
  db: Executor,
  feeNoteId: string,
  kind: EtimsTransmissionKind,
  pin: string | null,
): Promise<FeeNoteEtims | null> {
  const row = (await transmissionsOf(db, feeNoteId)).find((each) => each.kind === kind);
  if (!row) return null;
  const etims = etimsOfRow(row, true, pin);
  return etims.state === 'sent' ? etims : { state: 'awaiting' };
}

function etimsOfRow(
  row: EtimsTransmissionRow,
  asClient: boolean,
  pin: string | null,
): FeeNoteEtims {
  if (row.state === 'sent') {
    return {
      state: 'sent',
      curRcptNo: row.curRcptNo!,
      totRcptNo: row.totRcptNo!,
      rcptSign: row.rcptSign!,
      sdcDateTime: row.sdcDateTime!,
      ...(row.intrlData ? { intrlData: row.intrlData } : {}),
      ...(pin ? { verificationUrl: etimsVerificationUrl(pin, row.branchId, row.rcptSign!) } : {}),
    };
  }
  if (row.state === 'refused') {
    return { state: 'refused', ...(asClient ? {} : { message: T.refusedBecause(row.resultMsg!) }) };
  }
  if (row.state === 'failed') {
    return { state: 'failed', ...(asClient ? {} : { message: T.failedMessage }) };
  }
  // KRA's 994 without its receipt: KRA has the sale, we lack its numbers (ADR 049).
  if (row.state === 'kra_has_it') return { state: 'kra_has_it' };
  return { state: 'awaiting' };
}

/**
 * POST /api/fee-notes/{id}/etims/retry (advocates): the refused transmission, or the one KRA did
 * not answer for 48 hours, is due again at once with another 48 hours; the ones it held follow it
 * once KRA takes it. Audited, as every staff change.
 */
export async function retryFeeNoteEtims(
  deps: EtimsDeps,
  user: UserRow,
  feeNoteId: string,
  meta: RequestMeta,
): Promise<FeeNoteEtims> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const [note] = await tx
      .select({
        id: feeNotes.id,
        number: feeNotes.number,
        creditNoteNumber: feeNotes.creditNoteNumber,
      })
      .from(feeNotes)
      .where(eq(feeNotes.id, feeNoteId));
    if (!note) throw AppError.notFound(BILLING_MESSAGES.feeNoteNotFound);
    const stopped = (await transmissionsOf(tx, feeNoteId)).find(
      (row) => row.state === 'refused' || row.state === 'failed',
    );
    if (!stopped) throw AppError.conflict(T.nothingToRetry);
    await updateTransmission(tx, stopped.id, {
      state: 'awaiting',
      nextAttemptAt: now,
      tryingSince: now,
      failedAt: null,
      resultCd: null,
      resultMsg: null,
    });
    await writeAudit(tx, {
      actorId: user.id,
      action: 'etims.retried',
      details: {
        feeNoteId,
        number: stopped.kind === 'credit' ? note.creditNoteNumber : note.number,
        kind: stopped.kind,
        invcNo: stopped.invcNo,
        was: stopped.state,
      },
      ip: meta.ip,
    });
    return { state: 'awaiting' as const };
  });
}

/**
 * GET /api/settings/etims/transmissions (advocates): what did not reach KRA, with KRA's message
 * (or that it did not answer) in plain words, lowest KRA invoice number first.
 */
export async function etimsProblems(db: Executor): Promise<EtimsProblems> {
  const rows = await problemTransmissions(db);
  const transmissions = [];
  for (const row of rows) {
    const [note] = await db
      .select({ number: feeNotes.number, creditNoteNumber: feeNotes.creditNoteNumber })
      .from(feeNotes)
      .where(eq(feeNotes.id, row.feeNoteId));
    transmissions.push({
      feeNoteId: row.feeNoteId,
      number: (row.kind === 'credit' ? note?.creditNoteNumber : note?.number) ?? '',
      kind: row.kind,
      invcNo: row.invcNo,
      state: row.state as 'refused' | 'failed',
      message: row.state === 'failed' ? T.failedMessage : T.refusedBecause(row.resultMsg ?? ''),
      // When it stopped for 48 hours unanswered; a refusal's row was written at issue.
      since: (row.failedAt ?? row.createdAt).toISOString(),
    });
  }
  return { transmissions };
}
