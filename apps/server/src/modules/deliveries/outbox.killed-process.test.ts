import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTarget, TEST_DB_PREFIX } from '../../../test/database-target';
import { freePort, messageIdOf, startSmtpServer } from '../../../test/outbox-fakes';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';

/**
 * A server process killed with SIGKILL while it hands a message to the SMTP server (no shutdown,
 * no chance to record anything), on the real SMTP wire to a local SMTP server: the message the
 * server had accepted (its 250) was recorded before the next one was sent, so it is never sent
 * again, however often its job comes back; the one it had not accepted is sent again once the
 * dead process's lease runs out, with the same Message-ID (ADR 028). A real child process, on the
 * embedded database (its DATA_DIR, opened here once the child is dead) or on PostgreSQL.
 */

const target = postgresTarget();
const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../server.ts');
const repositoryRoot = path.resolve(import.meta.dirname, '../../../../..');
const FIRM = 'reception@mwamba.test';
const VISITOR = 'wanjiru.kamau-njoroge@example.co.ke';

async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

interface Row {
  id: string;
  recipient: string;
  status: string;
  attempts: number;
  provider_message_id: string | null;
  provider_status: string | null;
  is_held: boolean;
}

describe('a process killed mid-delivery', () => {
  let maintenanceUrl: string | undefined;
  let databaseUrl: string | undefined;
  let name: string | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'firm-api-data-'));
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let smtpPort: number;
  let child: ChildProcess | undefined;
  let database: Database | undefined;
  let app: App | undefined;

  const onMaintenance = async (statement: string) => {
    const admin = new pg.Client({ connectionString: maintenanceUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  const rows = async () =>
    (
      (await database!.db.execute(sql`
        select id, recipient, status, attempts, provider_message_id, provider_status,
               coalesce(claimed_until > now(), false) as is_held
        from deliveries order by recipient`)) as unknown as { rows: Row[] }
    ).rows;
  const startApp = async () => {
    app = await buildApp({
      config: loadConfig({ ...env(), DATA_DIR: dataDir }),
      database: database!,
      logger: false,
      retentionSchedule: false,
      appointmentReminders: false,
      messageNotices: false,
      storedFilesSweep: false,
    });
    await app.ready();
    return app;
  };
  const env = () => ({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://portal.test',
    FIRM_NOTIFY_EMAIL: FIRM,
    MAIL_FROM: 'Mwamba & Associates Advocates <no-reply@mwamba.test>',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LOG_LEVEL: 'silent',
  });

  beforeAll(async () => {
    if (target) {
      const base = new URL(target.url);
      name = `${target.name}${TEST_DB_PREFIX}killed_${randomBytes(6).toString('hex')}`;
      base.pathname = '/postgres';
      maintenanceUrl = base.toString();
      await onMaintenance(`create database "${name}"`);
      const url = new URL(target.url);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    smtpPort = await freePort();
    smtp = await startSmtpServer(smtpPort);
  }, 60_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await app?.close();
    await database?.close();
    await smtp?.close();
    if (name) await onMaintenance(`drop database if exists "${name}" with (force)`);
  }, 60_000);

  it('never sends again what the SMTP server accepted, and sends again what it had not', async () => {
    // The first server: the SMTP server accepts the first message and leaves the next unanswered.
    smtp.state.holdAfter = 1;
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        ...env(),
        HOST: '127.0.0.1',
        PORT: String(port),
        NODE_ENV: 'production',
      },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(
      async () => (await fetch(`${base}/api/health`).catch(() => null))?.status === 200,
      90_000,
      'the first server to start',
    );

    // A contact message: the firm's copy and the auto-reply, written with it, one job, in turn.
    const sent = await fetch(`${base}/api/contact-messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Wanjiru Kamau-Njoroge',
        email: VISITOR,
        phone: '0712 982 369',
        subject:
          'Corrections to the draft petition for the matrimonial property, Njoroge v Njoroge',
        message: 'Please call me about the hearing date at the Milimani Law Courts.',
        urgency: 'urgent',
        consent: true,
      }),
    });
    expect(sent.status).toBe(201);
    await waitFor(() => smtp.state.held === 1, 30_000, 'the second message to reach SMTP');

    // Killed in the middle of the second SMTP conversation, its DATA sent and unanswered.
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    child = undefined;

    database = await openDatabase({ dataDir, databaseUrl });
    const [accepted] = smtp.received;
    const [unanswered] = smtp.heldMail;
    expect(smtp.received).toHaveLength(1);
    const acceptedRow = (await rows()).find((row) => row.recipient === accepted!.to[0])!;
    const heldRow = (await rows()).find((row) => row.recipient === unanswered!.to[0])!;
    // What the server said with its 250 is on the row: its queue id and its reply.
    expect(acceptedRow).toMatchObject({
      status: 'sent',
      attempts: 1,
      provider_message_id: 'Q000001',
      provider_status: '250 Ok: queued as Q000001',
      is_held: false,
    });
    expect(heldRow).toMatchObject({ status: 'queued', attempts: 1, is_held: true });
    // One Message-ID per outbox row, named after it.
    expect(messageIdOf(accepted!.raw)).toBe(`<${acceptedRow.id}@mwamba.test>`);
    expect(messageIdOf(unanswered!.raw)).toBe(`<${heldRow.id}@mwamba.test>`);

    // The dead process's lease (15 minutes) runs out, as it would while the firm restarts.
    const leasesRunOut = sql`update deliveries set claimed_until = now() - interval '1 second',
      next_attempt_at = now() - interval '15 minutes'`;
    await database.db.execute(leasesRunOut);
    smtp.state.holdAfter = undefined;
    smtp.state.hold = false;
    // Its start-up sweep finds the unanswered one.
    await startApp();
    await waitFor(() => smtp.received.length >= 2, 30_000, 'the unanswered message again');
    await app!.outbox.settle();
    await app!.close();
    app = undefined;

    // And again: a new worker, every row due, a job naming both: the accepted one stays sent.
    await database.db.execute(leasesRunOut);
    await startApp();
    await app!.outbox.dispatch([acceptedRow.id, heldRow.id]);
    await app!.outbox.settle();
    await sleep(500);

    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([VISITOR, FIRM].sort());
    const again = smtp.received[1]!;
    expect(again.to).toEqual(unanswered!.to);
    // The copy sent again is, to a mail client, the same message as the one left unanswered.
    expect(messageIdOf(again.raw)).toBe(messageIdOf(unanswered!.raw));
    expect(smtp.state.held).toBe(1);
    const after = await rows();
    expect(after.map((row) => [row.recipient, row.status, row.attempts])).toEqual(
      [
        [acceptedRow.recipient, 'sent', 1],
        [heldRow.recipient, 'sent', 2],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(after.find((row) => row.id === heldRow.id)!.provider_message_id).toBe('Q000002');
  }, 180_000);
});
