import { ETIMS_TEXTS as T } from '@firm/shared';
import type { DomainEventBus, DomainEventHandler } from '../../lib/domain-events';
import { emailOwedNotifications } from '../notifications/owed-emails';
import { findUserById } from '../users/users.repository';
import type { BillingDeps } from './billing-deps';
import { feeNotePdf } from './billing-pdf.service';
import { findFeeNote } from './fee-notes.repository';

/**
 * The client's fee note email when KRA eTIMS is set up (ADR 049): issuing wrote the bell's entry
 * and the text at once and left the email owed (`emailLater`); eTIMS says when it is due, once,
 * and it is written here in that transaction, through the outbox, with the fee note's PDF:
 * - `signed`: KRA has answered; the PDF is the one KRA's answer completes.
 * - `provisional`: 24 hours without KRA's answer; the PDF as it stands, and a sentence that the
 *   signed one follows.
 * - `signed_after_provisional`: it does follow, as an email of its own.
 * A fee note cancelled meanwhile is not sent: its credit note's email has told the client.
 */
function emailWhenDue(deps: BillingDeps): DomainEventHandler<'feeNoteEmailDue'> {
  return async (tx, { feeNoteId, copy }) => {
    const row = await findFeeNote(tx, feeNoteId, { withDrafts: true });
    if (!row || !row.note.number || row.note.status === 'cancelled') return;
    const client = await findUserById(tx, row.note.clientId);
    if (!client) return;
    const number = row.note.number;
    const pdf = await feeNotePdf({ ...deps, db: tx }, client, feeNoteId);
    await emailOwedNotifications(
      tx,
      { kind: 'fee_note_issued', subjectId: feeNoteId },
      {
        attachments: [
          {
            filename: pdf.filename,
            content: pdf.bytes.toString('base64'),
            contentType: 'application/pdf',
            encoding: 'base64',
          },
        ],
        reword: (notice) => {
          if (copy === 'provisional') {
            return { title: notice.title, message: `${notice.message} ${T.signedCopyFollows}` };
          }
          if (copy === 'signed_after_provisional') {
            return { title: T.signedCopyTitle(number), message: T.signedCopyMessage(number) };
          }
          return undefined;
        },
      },
    );
  };
}

/** Subscribed when the app is built, with billing's deps (the PDF's letterhead and M-Pesa). */
export function followFeeNoteEmails(events: DomainEventBus, deps: BillingDeps): void {
  events.on('feeNoteEmailDue', emailWhenDue(deps));
}
