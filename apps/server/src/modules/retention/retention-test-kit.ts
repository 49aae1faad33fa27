import pino from 'pino';
import { afterEach, beforeEach } from 'vitest';
import { mailDirectory } from '../../lib/mailer';
import { smsDirectory } from '../../lib/sms';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { insertContactMessage } from '../contact-messages/contact-messages.repository';

/**
 * What the purge tests (retention.purge-*.test.ts) share: a fresh app for each test, and
 * purgeExpiredData's dependencies and records to purge.
 */

export const HOUR = 60 * 60 * 1000;
export let ctx: TestContext;

export const deps = () => ({
  db: ctx.database.db,
  mailDir: mailDirectory(ctx.config.dataDir),
  smsDir: smsDirectory(ctx.config.dataDir),
  logger: pino({ level: 'silent' }),
});

export const addMessage = (subject: string, createdAt: Date) =>
  insertContactMessage(ctx.database.db, {
    name: 'Achieng Otieno',
    email: 'achieng@example.co.ke',
    subject,
    message: 'I would like advice on a land matter.',
    consentAt: createdAt,
    noticeVersion: '2026-11-01',
    ipAddress: '10.0.0.1',
    createdAt,
  });

/** A fresh app before each test, closed after it. */
export function useRetentionTestContext() {
  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(() => ctx.close());
}
