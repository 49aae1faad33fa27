import {
  CONTACT_MESSAGES,
  PRIVACY_NOTICE_VERSION,
  formatNairobiDateTime,
  newContactReference,
  type ContactUrgency,
} from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { queueDelivery } from '../deliveries/deliveries.repository';
import type { Outbox } from '../deliveries/outbox';
import { notifyContactMessage } from '../notifications/notify-events';
import { readFirmSettings } from '../settings/firm-settings.service';
import { insertContactMessage } from './contact-messages.repository';
import { UNPROVEN_RECIPIENT_DAILY_CAP, claimUnprovenRecipient } from '../mail-guard/mail-guard';
import type { RequestMeta } from '../../lib/route-kit';

export interface ContactMessageRequest {
  name: string;
  email: string;
  phone?: string | undefined;
  subject: string;
  message: string;
  urgency: ContactUrgency;
  website?: string | undefined;
}

interface Deps {
  db: Db;
  outbox: Pick<Outbox, 'dispatch'>;
  /** FIRM_NOTIFY_EMAIL: where the firm's copy goes unless the firm settings name another. */
  firmNotifyEmail: string;
  logger: FastifyBaseLogger;
}

const URGENCY_LABEL: Record<ContactUrgency, string> = {
  normal: 'Normal',
  urgent: 'URGENT',
  emergency: 'EMERGENCY',
};

/**
 * A header value from what a visitor typed: one line whatever reaches here (the schema already
 * refuses line breaks; this holds if a caller ever skips it), so no header can be added.
 */
function headerValue(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ');
}

/**
 * The visitor's text as a quoted block: every line starts with "> ", so nothing they write can
 * pass for a line of ours (a forged "Email:" or "Reference:" line, say).
 */
function quoted(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => `> ${line}`)
    .join('\n');
}

/**
 * Stores a contact message with the visitor's consent, with an email telling the firm (at the firm
 * settings' notification address) and an automatic reply to the visitor in the outbox: they go
 * once the message is stored, and a mail server that is down delays them, never loses them.
 *
 * The visitor's address is unproven (anyone can type anyone's), so the reply is the fixed text of
 * CONTACT_MESSAGES with the firm's own auto-reply paragraph, the reference and the hotline: nothing
 * the sender typed. And it goes only while the address has today's allowance (mail-guard); past
 * it the message is still kept and the firm still told (ADR 023).
 */
export async function submitContactMessage(
  deps: Deps,
  input: ContactMessageRequest,
  meta: RequestMeta,
  now: Date = new Date(),
): Promise<{ reference: string }> {
  if (input.website) {
    // A bot filled the hidden field: answer as if all went well, keep nothing.
    deps.logger.info('contact message dropped by the honeypot');
    return { reference: newContactReference() };
  }
  const { stored, mayReply, deliveryIds } = await deps.db.transaction(async (tx) => {
    const row = await insertContactMessage(tx, {
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
      urgency: input.urgency,
      consentAt: now,
      noticeVersion: PRIVACY_NOTICE_VERSION,
      ipAddress: meta.ip,
    });
    await notifyContactMessage(tx, { id: row.id, name: row.name, urgency: input.urgency });
    const mayReply = await claimUnprovenRecipient(tx, input.email, now);
    // Both mails are written with the message: they go once it is stored, and are retried until
    // they do (ADR 028), so a mail server that is down loses nothing.
    const settings = await readFirmSettings({ ...deps, db: tx });
    const prefix = input.urgency === 'normal' ? '' : `[${URGENCY_LABEL[input.urgency]}] `;
    const ids = [
      // To the firm itself: it may carry what the visitor wrote.
      await queueDelivery(tx, {
        channel: 'email',
        kind: 'contact_to_firm',
        to: settings.notificationEmail,
        replyTo: input.email,
        subject: headerValue(`${prefix}Website message: ${input.subject}`),
        text: [
          `A message was sent through the website's contact form.`,
          ``,
          `Reference: ${row.reference}`,
          `Name: ${input.name}`,
          `Email: ${input.email}`,
          `Phone: ${input.phone ?? 'not given'}`,
          `Urgency: ${URGENCY_LABEL[input.urgency]}`,
          `Subject: ${input.subject}`,
          `Received: ${formatNairobiDateTime(row.createdAt)} (Nairobi time)`,
          mayReply
            ? `An automatic reply was sent to the visitor.`
            : `No automatic reply was sent: this address has had ${UNPROVEN_RECIPIENT_DAILY_CAP} today.`,
          ``,
          `Their message:`,
          quoted(input.message),
        ].join('\n'),
      }),
    ];
    if (mayReply) {
      ids.push(
        await queueDelivery(tx, {
          channel: 'email',
          kind: 'contact_auto_reply',
          to: input.email,
          replyTo: settings.notificationEmail,
          subject: CONTACT_MESSAGES.autoReplySubject(row.reference),
          text: CONTACT_MESSAGES.autoReplyText({
            firmText: settings.contactAutoReply,
            reference: row.reference,
          }),
        }),
      );
    }
    return { stored: row, mayReply, deliveryIds: ids };
  });
  await deps.outbox.dispatch(deliveryIds);
  if (!mayReply) {
    deps.logger.info(
      { contactMessageId: stored.id },
      "contact auto-reply skipped: the recipient has had today's automatic mails",
    );
  }
  return { reference: stored.reference };
}
