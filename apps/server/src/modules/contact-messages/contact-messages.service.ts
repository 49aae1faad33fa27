import { PRIVACY_NOTICE_VERSION, type ContactUrgency } from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { notifyContactMessage } from '../notifications/notify-events';
import { readFirmSettings } from '../firm-settings/firm-settings.service';
import { insertContactMessage } from './contact-messages.repository';
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
  mailer: Mailer;
  /** FIRM_NOTIFY_EMAIL: where the firm's copy goes unless the firm settings name another. */
  firmNotifyEmail: string;
  logger: FastifyBaseLogger;
}

const FIRM_NAME = 'Mwamba & Associates Advocates';

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
 * Stores a contact message with the visitor's consent, then tells the firm by email (at the firm
 * settings' notification address) and answers the visitor with the settings' auto-reply. The
 * message is committed before the emails go: if the mail server is down, nothing is lost.
 */
export async function submitContactMessage(
  deps: Deps,
  input: ContactMessageRequest,
  meta: RequestMeta,
): Promise<void> {
  if (input.website) {
    // A bot filled the hidden field: answer as if all went well, keep nothing.
    deps.logger.info('contact message dropped by the honeypot');
    return;
  }
  const stored = await deps.db.transaction(async (tx) => {
    const row = await insertContactMessage(tx, {
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
      urgency: input.urgency,
      consentAt: new Date(),
      noticeVersion: PRIVACY_NOTICE_VERSION,
      ipAddress: meta.ip,
    });
    await notifyContactMessage(tx, { id: row.id, name: row.name, urgency: input.urgency });
    return row;
  });

  const settings = await readFirmSettings(deps);
  const prefix = input.urgency === 'normal' ? '' : `[${URGENCY_LABEL[input.urgency]}] `;
  try {
    await deps.mailer.send({
      to: settings.notificationEmail,
      replyTo: input.email,
      subject: headerValue(`${prefix}Website message: ${input.subject}`),
      text: [
        `A message was sent through the website's contact form.`,
        ``,
        `Name: ${input.name}`,
        `Email: ${input.email}`,
        `Phone: ${input.phone ?? 'not given'}`,
        `Urgency: ${URGENCY_LABEL[input.urgency]}`,
        `Subject: ${input.subject}`,
        `Received: ${stored.createdAt.toISOString()}`,
        `Reference: ${stored.id}`,
        ``,
        `Their message:`,
        quoted(input.message),
      ].join('\n'),
    });
  } catch (error) {
    deps.logger.error({ err: error, contactMessageId: stored.id }, 'firm notification failed');
  }
  try {
    await deps.mailer.send({
      to: input.email,
      replyTo: settings.notificationEmail,
      subject: headerValue(`We received your message: ${input.subject}`),
      text: [
        `Dear ${input.name},`,
        '',
        settings.contactAutoReply,
        '',
        `Your message (reference ${stored.id}):`,
        quoted(input.message),
        '',
        FIRM_NAME,
      ].join('\n'),
    });
  } catch (error) {
    deps.logger.error({ err: error, contactMessageId: stored.id }, 'contact auto-reply failed');
  }
}
