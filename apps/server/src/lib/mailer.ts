import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where `.eml` files go when no SMTP server is configured. */
  mailDir: string;
  logger: FastifyBaseLogger;
}

/**
 * All email goes through here (DECISIONS "Mail"): SMTP when `SMTP_URL` is set, otherwise one `.eml`
 * file per message under `DATA_DIR/mail/`, so a fresh install works and tests can read what was sent.
 */
export function createMailer({ smtpUrl, from, mailDir, logger }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from, ...mail });
        logger.info({ messageId: info.messageId, subject: mail.subject }, 'mail sent over SMTP');
      },
    };
  }

  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(mailDir, { recursive: true });
      // Sortable by time, unique within the millisecond.
      const file = path.join(
        mailDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      logger.info({ file, subject: mail.subject }, 'mail written to file (no SMTP_URL set)');
    },
  };
}
