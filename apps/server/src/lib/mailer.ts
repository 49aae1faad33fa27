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
}

export interface Mailer {
  /** Resolves once the message is handed over, with the SMTP server's message id when known. */
  send(mail: OutgoingMail): Promise<void | { messageId?: string }>;
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
 * All email goes through here (docs/product-rules.md#mail): SMTP when `SMTP_URL` is set, otherwise one `.eml`
 * file per message under `DATA_DIR/mail/`, so a fresh install works and tests can read what was sent.
 */
export function createMailer({ smtpUrl, from, mailDir, logger }: MailerOptions): Mailer {
  if (smtpUrl) {
    // A pool keeps a few connections open: a burst (a thousand notices) does not open and close
    // one per message. Idle connections close after the SMTP server's own timeout.
    const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 5 });
    return {
      async send(mail) {
        const info = await transport.sendMail({
          from,
          ...mail,
          subject: neutralSubject(mail.subject),
        });
        // Never the subject or the address: a subject may hold what a visitor typed.
        logger.info({ messageId: info.messageId }, 'mail sent over SMTP');
        return { messageId: info.messageId };
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
    async send(mail) {
      const info = await transport.sendMail({
        from,
        ...mail,
        subject: neutralSubject(mail.subject),
      });
      await mkdir(mailDir, { recursive: true });
      const file = path.join(mailDir, timeOrderedName(randomUUID().slice(0, 8), '.eml'));
      await writeFile(file, info.message as Buffer);
      logger.info({ file }, 'mail written to file (no SMTP_URL set)');
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
