import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_PREFIX } from '../../../test/database-target';
import { freePort, startSmtpServer } from '../../../test/outbox-fakes';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { usePostgres, type Database } from '../../db/client';

/**
 * A server process killed with SIGKILL while it hands a message to the SMTP server (no shutdown,
 * no chance to record anything): once its claim's lease has run out, the next process to start
 * delivers what it held and what it had not reached, each once (ADR 028). A real child process
 * on PostgreSQL; the embedded database is one process's alone.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../server.ts');
const repositoryRoot = path.resolve(import.meta.dirname, '../../../../..');

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

describe.runIf(serverUrl)('a process killed mid-delivery', () => {
  let maintenanceUrl: string;
  let databaseUrl: string;
  let name: string;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let smtpPort: number;
  let child: ChildProcess | undefined;
  let restarted: { app: App; database: Database } | undefined;

  const onMaintenance = async (statement: string) => {
    const admin = new pg.Client({ connectionString: maintenanceUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    const base = new URL(serverUrl!);
    name = `${decodeURIComponent(base.pathname.slice(1))}${TEST_DB_PREFIX}killed_${randomBytes(6).toString('hex')}`;
    base.pathname = '/postgres';
    maintenanceUrl = base.toString();
    await onMaintenance(`create database "${name}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    smtpPort = await freePort();
    smtp = await startSmtpServer(smtpPort);
  }, 60_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await restarted?.app.close();
    await restarted?.database.close();
    await smtp?.close();
    if (name) await onMaintenance(`drop database if exists "${name}" with (force)`);
  }, 60_000);

  it('delivers what it held and what it had not reached, once each, after a restart', async () => {
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'firm-api-data-')),
      PUBLIC_URL: 'http://portal.test',
      FIRM_NOTIFY_EMAIL: 'reception@mwamba.test',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: 'silent',
    };
    // The first server: the SMTP server reads its first message and never answers.
    smtp.state.hold = true;
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        ...env,
        HOST: '127.0.0.1',
        PORT: String(port),
        NODE_ENV: 'production',
      },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(
      async () => (await fetch(`${base}/api/health`).catch(() => null))?.status === 200,
      60_000,
      'the first server to start',
    );

    // A contact message: the firm's copy and the auto-reply, written with it, one job.
    const sent = await fetch(`${base}/api/contact-messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Wanjiru Kamau-Njoroge',
        email: 'wanjiru.kamau-njoroge@example.co.ke',
        phone: '0712 982 369',
        subject:
          'Corrections to the draft petition for the matrimonial property, Njoroge v Njoroge',
        message: 'Please call me about the hearing date at the Milimani Law Courts.',
        urgency: 'urgent',
        consent: true,
      }),
    });
    expect(sent.status).toBe(201);
    await waitFor(() => smtp.state.held === 1, 30_000, 'the first message to reach SMTP');

    // Killed in the middle of the SMTP conversation: nothing is recorded.
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    child = undefined;
    const inHand = await query(
      `select kind, attempts, claimed_until > now() as is_held from deliveries where status = 'queued' order by created_at, id`,
    );
    expect(inHand).toHaveLength(2);
    expect(inHand.filter((row) => row.is_held)).toHaveLength(1);

    // The dead process's lease (15 minutes) runs out, as it would while the firm restarts.
    await query(
      `update deliveries set claimed_until = now() - interval '1 second',
         next_attempt_at = next_attempt_at - interval '15 minutes',
         created_at = created_at - interval '15 minutes'`,
    );
    smtp.state.hold = false;
    const database = await usePostgres(databaseUrl);
    const app = await buildApp({
      config: loadConfig({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'firm-api-data-')) }),
      database,
      logger: false,
      retentionSchedule: false,
      appointmentReminders: false,
      messageNotices: false,
      storedFilesSweep: false,
    });
    restarted = { app, database };
    // Its start-up sweep finds both.
    await app.ready();
    await waitFor(() => smtp.received.length >= 2, 30_000, 'both messages after the restart');
    await app.outbox.settle();

    expect(smtp.received.map((mail) => mail.to).sort()).toEqual([
      ['reception@mwamba.test'],
      ['wanjiru.kamau-njoroge@example.co.ke'],
    ]);
    expect(smtp.state.held).toBe(1);
    const rows = await query(`select status, attempts from deliveries order by attempts`);
    expect(rows).toEqual([
      { status: 'sent', attempts: 1 },
      { status: 'sent', attempts: 2 },
    ]);
  });
});
