import type { Executor } from '../../db/client';
import { nowOf, type EtimsDeps } from './etims-deps';
import {
  claimClientEmail,
  dueClientEmails,
  type EtimsTransmissionRow,
} from './transmissions.repository';

/**
 * The client's fee note email when eTIMS is set up (ADR 049): it waits for KRA's answer, so that
 * it carries the PDF KRA signed; after 24 hours without one it goes with the copy not yet signed
 * and a sentence that the signed one follows, which it then does. Each moment is claimed once on
 * the transmission row, in the transaction that writes the email (billing writes it, told by the
 * `feeNoteEmailDue` event): the sender and the sweep may both reach it, and only one writes.
 */
export async function announceClientEmail(
  tx: Executor,
  deps: Pick<EtimsDeps, 'events' | 'logger'>,
  row: EtimsTransmissionRow,
  copy: 'signed' | 'provisional',
  now: Date,
): Promise<boolean> {
  // In a savepoint: an email that cannot be written now (its PDF not drawn) must not undo KRA's
  // answer recorded beside it, or the sale would be posted again. The claim goes back with it,
  // and the minute's sweep tries again.
  try {
    return await tx.transaction(async (savepoint) => {
      const claimed = await claimClientEmail(savepoint, row.id, copy, now);
      if (!claimed) return false;
      await deps.events.publish(savepoint, 'feeNoteEmailDue', {
        feeNoteId: claimed.feeNoteId,
        copy:
          copy === 'provisional'
            ? 'provisional'
            : claimed.provisionalEmailedAt
              ? 'signed_after_provisional'
              : 'signed',
      });
      return true;
    });
  } catch (error) {
    deps.logger.error(
      { err: error, feeNoteId: row.feeNoteId, copy },
      "the client's fee note email could not be written; the sweep tries again",
    );
    return false;
  }
}

/**
 * The sweep's part (each minute): every client email owed now, whether a sender's process died
 * after KRA answered, or the 24 hours have passed. Returns how many were written.
 */
export async function sendDueClientEmails(deps: EtimsDeps): Promise<number> {
  const now = nowOf(deps);
  let written = 0;
  for (const row of await dueClientEmails(deps.db, now)) {
    const copy = row.state === 'sent' || row.state === 'kra_has_it' ? 'signed' : 'provisional';
    const done = await deps.db.transaction((tx) => announceClientEmail(tx, deps, row, copy, now));
    if (done) written += 1;
  }
  return written;
}
