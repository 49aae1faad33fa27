import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer, neutralSubject, queueIdOf } from './mailer';

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

  it('gives every copy of one outbox row the same Message-ID, in the sender’s domain', async () => {
    const mailDir = path.join(mkdtempSync(path.join(tmpdir(), 'firm-mail-')), 'mail');
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Firm <no-reply@firm.test>',
      mailDir,
      logger: pino({ level: 'silent' }),
    });
    const row = '0b6f3c1e-7a51-4d5e-9a43-2f1f7c2a9b10';
    for (let copy = 0; copy < 2; copy += 1) {
      await mailer.send({ to: 'a@example.test', subject: 'Once', text: 'Hi', messageKey: row });
    }
    const ids = readdirSync(mailDir).map(
      (file) => /^Message-ID: (.+)$/m.exec(readFileSync(path.join(mailDir, file), 'utf8'))?.[1],
    );
    expect(ids).toEqual([`<${row}@firm.test>`, `<${row}@firm.test>`]);
  });
});

describe('queueIdOf', () => {
  it('reads the queue id an SMTP server names in its 250 reply, or none', () => {
    expect(queueIdOf('250 2.0.0 Ok: queued as 4BcD1x2yZ')).toBe('4BcD1x2yZ');
    expect(queueIdOf('250 OK id=1rAbCd-000Ab1-2x')).toBe('1rAbCd-000Ab1-2x');
    expect(queueIdOf('250 2.0.0 OK  1700000000 a1-2b.3 - gsmtp')).toBeNull();
    expect(queueIdOf(undefined)).toBeNull();
  });
});

/** The text of a header made of RFC 2047 Q-encoded words (what a mail client shows). */
function decodeQWords(header: string): string {
  const bytes: number[] = [];
  for (const [, text] of header.matchAll(/=\?UTF-8\?Q\?(.*?)\?=/gi)) {
    for (let i = 0; i < text!.length; i += 1) {
      const char = text![i]!;
      if (char === '=') {
        bytes.push(parseInt(text!.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(char === '_' ? 32 : char.charCodeAt(0));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

describe('subjects holding encoded words', () => {
  const typed = 'Website message: Hi =?utf-8?q?x=0ABcc=3A_evil=40example.test?= there';

  it('are sent encoded, so a mail client shows the typed text and decodes nothing of it', async () => {
    const mailDir = path.join(mkdtempSync(path.join(tmpdir(), 'firm-mail-')), 'mail');
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Firm <no-reply@firm.test>',
      mailDir,
      logger: pino({ level: 'silent' }),
    });
    await mailer.send({ to: 'a@example.test', subject: typed, text: 'Hello' });
    const eml = readFileSync(path.join(mailDir, readdirSync(mailDir)[0]!), 'utf8');
    const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(eml)![1]!.replace(/\r?\n[ \t]/g, ' ');
    expect(subject).not.toContain('=?utf-8?q?x');
    expect(decodeQWords(subject)).toBe(typed);
    expect(decodeQWords(subject)).not.toContain('\n');
  });

  it('other subjects are left as they are', () => {
    expect(neutralSubject('Reset your password: Mwamba & Associates Advocates')).toBe(
      'Reset your password: Mwamba & Associates Advocates',
    );
    expect(neutralSubject('Is 2 + 2 =? 4')).toBe('Is 2 + 2 =? 4');
  });
});
