import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const DELIVERY_CHANNELS = ['email', 'sms'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DeliveryAttachment {
  filename: string;
  /** The file's text, or its bytes in base64 when `encoding` says so (a receipt's PDF). */
  content: string;
  contentType: string;
  /** 'base64' for a binary file (a credit note's PDF); absent: `content` is the text itself. */
  encoding?: 'base64';
}

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The outbox (ADR 028): every email and SMS the product sends, written in the transaction of the
 * event that causes it and delivered by the job queue. It holds what is sent and nothing more;
 * a message carrying a secret link is blanked once it has gone or given up (`isConfidential`).
 * `claimedUntil` is a delivery's lease: a worker sets it with a conditional update before it
 * hands the message to a transport, so no two workers send the same row.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    channel: text().$type<DeliveryChannel>().notNull(),
    /** What the message is (a password-reset link, the contact form's auto-reply …). */
    kind: text().notNull(),
    /** An email address, or a Kenyan number in E.164. */
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    replyTo: text(),
    attachments: jsonb().$type<DeliveryAttachment[]>(),
    /** The body holds a secret (a sign-in link): blanked once the message has gone or failed. */
    isConfidential: boolean().notNull().default(false),
    status: text().$type<DeliveryStatus>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    /** The provider's reason for the last failure, as it gave it. */
    lastError: text(),
    /** Africa's Talking's message id; for an email the SMTP server's queue id, if its 250 named one. */
    providerMessageId: text(),
    /**
     * Africa's Talking's delivery report (Success, Failed, Rejected …), once it posts one; for an
     * email the SMTP server's 250 reply to the end of DATA, recorded the moment it came (ADR 028).
     */
    providerStatus: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    /**
     * When an advocate last sent a failed message again (System Settings → Deliveries): its 24
     * hours of retries count from here, not from `createdAt`, or a retried message would be given
     * up on at its first failure. Null: never retried by hand.
     */
    retriedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check('deliveries_channel_check', sql`${table.channel} in (${quoted(DELIVERY_CHANNELS)})`),
    check('deliveries_status_check', sql`${table.status} in (${quoted(DELIVERY_STATUSES)})`),
    check(
      'deliveries_email_subject_check',
      sql`${table.channel} <> 'email' or ${table.subject} is not null`,
    ),
    check('deliveries_attempts_check', sql`${table.attempts} >= 0`),
    index('deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'queued'`),
    index('deliveries_provider_message_id_idx').on(table.providerMessageId),
    index('deliveries_created_at_idx').on(table.createdAt),
  ],
);

export type Delivery = typeof deliveries.$inferSelect;
