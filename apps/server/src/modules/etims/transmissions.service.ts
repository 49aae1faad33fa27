import {
  ETIMS_CLIENT_EMAIL_WAIT_MS,
  ETIMS_GIVE_UP_AFTER_MS,
  OSCU_ALREADY_HELD,
  etimsSaleOf,
  type EtimsTransmissionKind,
} from '@firm/shared';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { feeNoteLines, feeNotes, users, type FeeNoteRow } from '../../db/schema';
import { isOscuSuccess, OscuUnavailableError } from '../../lib/etims-oscu';
import { writeAudit } from '../audit/audit-log.repository';
import { nowOf, type EtimsDeps } from './etims-deps';
import { announceClientEmail } from './client-email.service';
import { tellAdvocatesOfFailure, tellAdvocatesOfRefusal } from './refusal-notice';
import { cmcKeyOf } from './setup.service';
import {
  claimInvcNo,
  findTransmission,
  insertTransmission,
  lockDevice,
  lowestUnsent,
  updateTransmission,
  type EtimsTransmissionRow,
} from './transmissions.repository';

/** The branch a fee note is sent from, when eTIMS is configured (ADR 049). */
export interface EtimsBranch {
  branchId: string;
  deviceSerial: string;
  /** The firm's KRA PIN (`tin`): with the branch and KRA's signature, KRA's invoice check. */
  pin: string;
}

/** A `sending` transmission whose process died is sent again after this (ADR 049). */
export const SENDING_LEASE_MS = 2 * 60 * 1000;
/** KRA unavailable: 30 seconds, doubling, to 30 minutes between attempts (ADR 049). */
export const retryDelayMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 30 * 60 * 1000);

/**
 * In the issuing (or cancelling) transaction: the fee note's sale (or its credit note's refund)
 * written as the durable job, with the branch's next `invcNo`. A credit note refers to its sale's
 * `invcNo`; a fee note issued before eTIMS was set up was never KRA's, so its credit note is not.
 * A sale's client email then waits for KRA's answer, 24 hours at most (client-email.service.ts):
 * true tells the issuer it was written, and so that the email is not to be queued now.
 */
export async function recordEtimsTransmission(
  tx: Executor,
  branch: EtimsBranch | null,
  feeNoteId: string,
  kind: EtimsTransmissionKind,
  now: Date,
): Promise<boolean> {
  if (!branch) return false;
  let orgInvcNo = 0;
  if (kind === 'credit') {
    const sale = await findTransmission(tx, feeNoteId, 'sale');
    if (!sale) return false;
    orgInvcNo = sale.invcNo;
  }
  const invcNo = await claimInvcNo(tx, branch);
  await insertTransmission(tx, {
    feeNoteId,
    kind,
    branchId: branch.branchId,
    invcNo,
    orgInvcNo,
    nextAttemptAt: now,
    tryingSince: now,
    clientEmailDueAt: kind === 'sale' ? new Date(now.getTime() + ETIMS_CLIENT_EMAIL_WAIT_MS) : null,
  });
  return true;
}

/**
 * Sends the branch's transmissions, lowest `invcNo` first, one at a time, until none is due
 * (ADR 049). Each claim takes the device row `FOR UPDATE`, so claims across processes go one
 * at a time and each sees the last answer recorded; the transmission is marked `sending` in a committed transaction before the POST,
 * so a second sender finds it under its lease and waits. A refusal, or 48 hours without an
 * answer, holds those after it until Retry.
 */
export async function sendDueTransmissions(deps: EtimsDeps, branchId: string): Promise<void> {
  for (;;) {
    const claimed = await claimNext(deps, branchId);
    if (!claimed) return;
    const carriedOn = await sendOne(deps, claimed.row, claimed.cmcKey);
    if (!carriedOn) return;
  }
}

async function claimNext(deps: EtimsDeps, branchId: string) {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const device = await lockDevice(tx, branchId);
    const cmcKey = cmcKeyOf(deps, device);
    if (!cmcKey) return null;
    const next = await lowestUnsent(tx, branchId);
    if (!next || next.state === 'refused' || next.state === 'failed') return null;
    if (next.state === 'awaiting' && next.nextAttemptAt > now) return null;
    if (
      next.state === 'sending' &&
      now.getTime() - next.sendingSince!.getTime() < SENDING_LEASE_MS
    ) {
      return null;
    }
    const row = await updateTransmission(tx, next.id, {
      state: 'sending',
      sendingSince: now,
      attempts: next.attempts + 1,
    });
    await writeAudit(tx, {
      actorId: null,
      action: 'etims.transmitted',
      details: { ...(await describe(tx, row)), attempt: row.attempts },
    });
    return { row, cmcKey };
  });
}

/** What the audit row names: the fee note (or credit note) and KRA's invoice number. */
async function describe(tx: Executor, row: EtimsTransmissionRow) {
  const [note] = await tx
    .select({ number: feeNotes.number, creditNoteNumber: feeNotes.creditNoteNumber })
    .from(feeNotes)
    .where(eq(feeNotes.id, row.feeNoteId));
  return {
    feeNoteId: row.feeNoteId,
    number: row.kind === 'credit' ? note?.creditNoteNumber : note?.number,
    kind: row.kind,
    invcNo: row.invcNo,
  };
}

async function saleOf(deps: EtimsDeps, row: EtimsTransmissionRow) {
  const [note] = await deps.db.select().from(feeNotes).where(eq(feeNotes.id, row.feeNoteId));
  const feeNote = note as FeeNoteRow;
  const credit = row.kind === 'credit';
  const nameOf = async (id: string | null) => {
    if (!id) return null;
    const [user] = await deps.db.select().from(users).where(eq(users.id, id));
    return user ? { id: user.id, name: `${user.firstName} ${user.lastName}` } : null;
  };
  const client = await nameOf(feeNote.clientId);
  const by = (await nameOf(credit ? feeNote.cancelledById : feeNote.issuedById)) ?? {
    id: 'server',
    name: 'Mwamba server',
  };
  const lines = await deps.db
    .select()
    .from(feeNoteLines)
    .where(eq(feeNoteLines.feeNoteId, feeNote.id))
    .orderBy(asc(feeNoteLines.position));
  return etimsSaleOf({
    invcNo: row.invcNo,
    orgInvcNo: row.orgInvcNo,
    trdInvcNo: (credit ? feeNote.creditNoteNumber : feeNote.number) ?? '',
    kind: credit ? 'credit' : 'sale',
    buyerPin: feeNote.buyerKraPin,
    buyerName: client?.name ?? '',
    isVatRegistered: feeNote.vatRatePercent > 0,
    issuedAt: (credit ? feeNote.cancelledAt : feeNote.issuedAt) ?? row.createdAt,
    lines,
    issuedBy: by,
  });
}

/** One POST and its answer recorded; whether the next one may follow (this one was sent). */
async function sendOne(
  deps: EtimsDeps,
  row: EtimsTransmissionRow,
  cmcKey: string,
): Promise<boolean> {
  const sale = await saleOf(deps, row);
  let outcome: Awaited<ReturnType<NonNullable<EtimsDeps['oscu']>['call']>> | null = null;
  try {
    outcome = await deps.oscu!.call('saveTrnsSalesOsdc', sale, cmcKey);
  } catch (error) {
    if (!(error instanceof OscuUnavailableError)) throw error;
    deps.logger.warn({ reason: error.reason, invcNo: row.invcNo }, 'KRA eTIMS unavailable');
  }
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const details = await describe(tx, row);
    if (!outcome) {
      // 48 hours of KRA unavailable since the first attempt (or Retry): stop, and say so once.
      const gaveUp = now.getTime() - row.tryingSince.getTime() >= ETIMS_GIVE_UP_AFTER_MS;
      await updateTransmission(tx, row.id, {
        state: gaveUp ? 'failed' : 'awaiting',
        sendingSince: null,
        failedAt: gaveUp ? now : null,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
      });
      await writeAudit(tx, {
        actorId: null,
        action: 'etims.answered',
        details: { ...details, outcome: gaveUp ? 'failed' : 'unavailable' },
      });
      if (gaveUp) {
        await tellAdvocatesOfFailure(tx, {
          feeNoteId: row.feeNoteId,
          invcNo: row.invcNo,
          tryingSince: row.tryingSince,
          number: String(details.number ?? ''),
        });
      }
      return false;
    }
    const receipt = (outcome.data ?? {}) as Record<string, unknown>;
    // 994: KRA already holds this invcNo (a sender died after posting it, its answer lost). It
    // is KRA's, never sent again as a new sale; KRA's numbers are kept if the answer has them.
    const alreadyHeld = outcome.resultCd === OSCU_ALREADY_HELD;
    if (alreadyHeld && !hasReceipt(receipt)) {
      const held = await updateTransmission(tx, row.id, {
        state: 'kra_has_it',
        sendingSince: null,
        resultCd: outcome.resultCd,
        resultMsg: outcome.resultMsg,
      });
      await writeAudit(tx, {
        actorId: null,
        action: 'etims.answered',
        details: { ...details, outcome: 'kra_has_it', message: outcome.resultMsg },
      });
      await announceClientEmail(tx, deps, held, 'signed', now);
      return true;
    }
    if (isOscuSuccess(outcome) || alreadyHeld) {
      const sent = await updateTransmission(tx, row.id, {
        state: 'sent',
        sendingSince: null,
        curRcptNo: Number(receipt.curRcptNo),
        totRcptNo: Number(receipt.totRcptNo),
        intrlData: String(receipt.intrlData ?? ''),
        rcptSign: String(receipt.rcptSign ?? ''),
        sdcDateTime: String(receipt.sdcDateTime ?? ''),
        resultCd: outcome.resultCd,
        resultMsg: outcome.resultMsg,
        sentAt: now,
      });
      await writeAudit(tx, {
        actorId: null,
        action: 'etims.answered',
        details: { ...details, outcome: 'sent', curRcptNo: Number(receipt.curRcptNo) },
      });
      await announceClientEmail(tx, deps, sent, 'signed', now);
      return true;
    }
    await updateTransmission(tx, row.id, {
      state: 'refused',
      sendingSince: null,
      resultCd: outcome.resultCd,
      resultMsg: outcome.resultMsg,
    });
    await writeAudit(tx, {
      actorId: null,
      action: 'etims.answered',
      details: { ...details, outcome: 'refused', message: outcome.resultMsg },
    });
    await tellAdvocatesOfRefusal(tx, {
      feeNoteId: row.feeNoteId,
      invcNo: row.invcNo,
      attempt: row.attempts,
      number: String(details.number ?? ''),
      message: outcome.resultMsg,
    });
    return false;
  });
}

/** Whether KRA's answer carries its receipt (a 994 may, or may not). */
function hasReceipt(receipt: Record<string, unknown>): boolean {
  return (
    Number.isInteger(Number(receipt.curRcptNo)) &&
    receipt.curRcptNo != null &&
    typeof receipt.rcptSign === 'string' &&
    typeof receipt.sdcDateTime === 'string'
  );
}
