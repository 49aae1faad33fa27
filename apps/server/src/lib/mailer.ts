import { randomUUID } from 'node:crypto';
import { lstat, mkdir, readdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
// The file itself: Node's ESM loader takes no directory import, and nodemailer has no exports map.
import mimeFuncs from 'nodemailer/lib/mime-funcs/index.js';
import type { FastifyBaseLogger } from 'fastify';
import { timeOrderedName } from './time-ordered-name';

export interface MailAttachment {
  filename: string;
  /** The file's text, or its bytes in base64 when `encoding` says so (a PDF). */
  content: string;
  contentType: string;
  /** 'base64' for a binary file (a credit note's PDF); absent: `content` is the text itself. */
  encoding?: 'base64';
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Files sent with the message (an appointment's `.ics`, a credit note's PDF). */
  attachments?: MailAttachment[];
  /**
   * What makes the Message-ID (`<key@the sender's domain>`): the outbox row's id, so every attempt
   * at one message carries the same Message-ID, and a copy sent twice (a process killed between
   * the SMTP server's acceptance and its record, ADR 028) is one message to the mail client.
   * Absent: nodemailer makes a random one.
   */
  messageKey?: string;
}

/** What the SMTP server said when it took the message: its 250 reply to the end of DATA. */
export interface MailAccepted {
  /** The Message-ID header the message went with. */
  messageId?: string;
  /** The server's reply as it gave it ("250 2.0.0 Ok: queued as 4BcD1x"); absent for a file. */
  reply?: string;
  /** The server's queue id, when its reply names one; else null. */
  queueId?: string | null;
}

export interface Mailer {
  /** Resolves once the message is handed over (the SMTP server's 250, or the file written). */
  send(mail: OutgoingMail): Promise<void | MailAccepted>;
  /** Closes what the mailer keeps open (the SMTP pool's connections). */
  close?(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where `.eml` files go when no SMTP server is configured. */
  mailDir: string;
  logger: FastifyBaseLogger;
}

/** Where `.eml` files go without SMTP_URL; the retention purge deletes old ones from there too. */
export function mailDirectory(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

/**
 * A subject as sent: one holding "=?…?=" goes as MIME encoded words itself (ADR 012).
 * Nodemailer leaves an ASCII subject as it is, so a typed `=?utf-8?q?…=0ABcc:…?=` reached the
 * mail client as an encoded word, and the client decoded it into a forged "Bcc:" line inside the
 * subject. Encoded, the client decodes it once, to the very text that was typed. (Subject fields
 * refuse such text; this holds for text stored before that rule, and for any other subject.)
 */
export function neutralSubject(subject: string): string {
  return /=\?[\s\S]*\?=/.test(subject) ? mimeFuncs.encodeWord(subject, 'Q', 52) : subject;
}

/**
 * The queue id in an SMTP server's 250 reply to the end of DATA: Postfix's "queued as 4BcD1x",
 * Exim's "id=1rAbCd-000Ab1-2x"; null when the reply names none (the reply itself is kept).
 */
export function queueIdOf(reply: string | undefined): string | null {
  if (!reply) return null;
  const match = /\bqueued as\s+([^\s;,)]+)/i.exec(reply) ?? /\bid=([^\s;,)]+)/i.exec(reply);
  return match?.[1] ?? null;
}

/** `<key@domain>`, the domain that of MAIL_FROM's address (a Message-ID's right side, RFC 5322). */
export function messageIdFor(key: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${key}@${domain}>`;
}

/**
 * All email goes through here (docs/product-rules.md#mail): SMTP when `SMTP_URL` is set, otherwise one `.eml`
 * file per message under `DATA_DIR/mail/`, so a fresh install works and tests can read what was sent.
 */
export function createMailer({ smtpUrl, from, mailDir, logger }: MailerOptions): Mailer {
  if (smtpUrl) {
    // A pool keeps a few connections open: a burst (a thousand notices) does not open and close
    // one per message. Idle connections close after the SMTP server's own timeout.
    const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 5 });
    return {
      async send({ messageKey, ...mail }) {
        const info = await transport.sendMail({
          from,
          ...mail,
          ...(messageKey ? { messageId: messageIdFor(messageKey, from) } : {}),
          subject: neutralSubject(mail.subject),
        });
        // Straight back to the caller, which records the acceptance before anything else (the
        // outbox logs it after): nothing, not even a log line, between the 250 and its record.
        const reply = typeof info.response === 'string' ? info.response : undefined;
        return { messageId: info.messageId, reply, queueId: queueIdOf(reply) };
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send({ messageKey, ...mail }) {
      const info = await transport.sendMail({
        from,
        ...mail,
        ...(messageKey ? { messageId: messageIdFor(messageKey, from) } : {}),
        subject: neutralSubject(mail.subject),
      });
      await mkdir(mailDir, { recursive: true });
      const file = path.join(mailDir, timeOrderedName(randomUUID().slice(0, 8), '.eml'));
      await writeFile(file, info.message as Buffer);
      logger.info({ file }, 'mail written to file (no SMTP_URL set)');
      return { messageId: info.messageId };
    },
  };
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Deletes the `.eml` files in `mailDir` last modified at or before `writtenBefore` (the retention
 * purge: they hold what people wrote to the firm). A file that cannot be deleted is skipped and
 * named in `failed`, so one stray file cannot stop the purge of the others.
 */
export async function deleteMailFilesWrittenBefore(
  mailDir: string,
  writtenBefore: Date,
  /** `.eml` for mail; `.txt` for the text messages of lib/sms.ts's file sender. */
  extension = '.eml',
): Promise<{ deleted: number; failed: string[] }> {
  let entries;
  try {
    entries = await readdir(mailDir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return { deleted: 0, failed: [] }; // no mail written yet
    throw error;
  }
  let deleted = 0;
  const failed: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(extension)) continue;
    const file = path.join(mailDir, entry.name);
    try {
      if ((await lstat(file)).mtime > writtenBefore) continue;
      await unlink(file);
      deleted += 1;
    } catch (error) {
      if (!isMissing(error)) failed.push(entry.name);
    }
  }
  return { deleted, failed };
}
