import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

describe('mailer without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const mailDir = path.join(mkdtempSync(path.join(tmpdir(), 'firm-mail-')), 'mail');
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Firm <no-reply@firm.test>',
      mailDir,
      logger: pino({ level: 'silent' }),
    });

    await mailer.send({ to: 'a@example.test', subject: 'First', text: 'Hello there' });
    await mailer.send({ to: 'b@example.test', subject: 'Second', text: 'Again' });

    const files = readdirSync(mailDir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const first = readFileSync(path.join(mailDir, files[0]!), 'utf8');
    expect(first).toContain('To: a@example.test');
    expect(first).toContain('From: Firm <no-reply@firm.test>');
    expect(first).toContain('Subject: First');
    expect(first).toContain('Hello there');
  });
});
