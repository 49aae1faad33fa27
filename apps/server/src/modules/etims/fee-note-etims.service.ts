import {
  BILLING_MESSAGES,
  ETIMS_TEXTS as T,
  etimsVerificationUrl,
  type EtimsTransmissionKind,
  type FeeNoteEtims,
} from '@firm/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { feeNotes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { EtimsDeps } from './etims-deps';
import {
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
  return { state: 'awaiting' };
}

/**
 * POST /api/fee-notes/{id}/etims/retry (advocates): the refused transmission is due again at
 * once; the ones it held follow it once KRA takes it.
 */
export async function retryFeeNoteEtims(deps: EtimsDeps, feeNoteId: string): Promise<FeeNoteEtims> {
  const [note] = await deps.db
    .select({ id: feeNotes.id })
    .from(feeNotes)
    .where(eq(feeNotes.id, feeNoteId));
  if (!note) throw AppError.notFound(BILLING_MESSAGES.feeNoteNotFound);
  const refused = (await transmissionsOf(deps.db, feeNoteId)).find(
    (row) => row.state === 'refused',
  );
  if (!refused) throw AppError.conflict(T.nothingToRetry);
  await updateTransmission(deps.db, refused.id, {
    state: 'awaiting',
    nextAttemptAt: new Date(),
    resultCd: null,
    resultMsg: null,
  });
  return { state: 'awaiting' };
}
