import type { Executor } from '../../db/client';
import type { DeliveryAttachment, NotificationRow, UserRow } from '../../db/schema';
import { invitationLines, issueInvitation } from '../auth/invitations';
import { queueDelivery, type DeliveryKind } from '../deliveries/deliveries.repository';
import { PORTAL_ORIGIN } from '../deliveries/outbox';

/**
 * The emails that go with a client's case notifications, written to the outbox in the
 * transaction of the notification itself (ADR 028): the email exists exactly when the bell's
 * entry does, and the outbox delivers it once, retrying until it goes. Appointment emails are
 * composed by appointment-mail.ts (with the calendar file).
 */

const FIRM_NAME = 'Mwamba & Associates Advocates';

/** The outbox's name for each notification kind a client is emailed of. */
const DELIVERY_KIND: Partial<Record<NotificationRow['kind'], DeliveryKind>> = {
  case_opened: 'case_opened',
  case_status_changed: 'case_status_changed',
  case_document_added: 'case_document_added',
  case_note_added: 'case_document_added',
  court_date_set: 'court_date_set',
  court_date_reminder: 'court_date_reminder',
  fee_note_issued: 'fee_note_issued',
  fee_note_cancelled: 'fee_note_cancelled',
  payment_received: 'payment_receipt',
};

/**
 * Queues the email of each of `rows` (notifications owing one) to its person, in `tx`; returns
 * the deliveries' ids, to dispatch once `tx` has committed.
 */
export async function queueNotificationEmails(
  tx: Executor,
  rows: readonly NotificationRow[],
  people: ReadonlyMap<string, UserRow>,
  attachments?: DeliveryAttachment[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows) {
    const person = people.get(row.userId);
    const kind = DELIVERY_KIND[row.kind];
    if (!person || !kind) continue;
    // A client who has never signed in has no way through a portal link: their first case
    // email carries a fresh invitation instead (ADR 024). Earlier links stay valid. The link is
    // a secret, so the message is blanked once it has gone.
    const invitation =
      row.kind === 'case_opened' && person.lastLogin === null
        ? await issueInvitation(tx, person.id, PORTAL_ORIGIN)
        : null;
    const link = `${PORTAL_ORIGIN}${row.actionUrl ?? '/dashboard'}`;
    ids.push(
      await queueDelivery(tx, {
        channel: 'email',
        kind,
        to: person.email,
        subject: `${row.title}: ${FIRM_NAME}`,
        text: [
          `Dear ${person.firstName},`,
          '',
          row.message,
          '',
          ...(invitation
            ? [`You can follow it in the client portal.`, ...invitationLines(invitation)]
            : [`See it in the client portal: ${link}`]),
          '',
          `You can choose which of these emails you receive under Profile Settings: ${PORTAL_ORIGIN}/profile`,
          '',
          FIRM_NAME,
        ].join('\n'),
        isConfidential: invitation !== null,
        ...(attachments ? { attachments } : {}),
      }),
    );
  }
  return ids;
}
