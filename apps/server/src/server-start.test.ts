import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from './db/advisory-locks';
import { postgresTarget } from '../test/database-target';

/**
 * The server process as systemd starts it (ADR 040): while it waits to migrate its database
 * (another process holds the migrations lock, as during an upgrade), its port already answers
 * /api/ready with 503 and why; once the lock is let go it migrates and answers 200. PostgreSQL
 * only: there another process can hold the lock.
 */
const REPO = path.resolve(import.meta.dirname, '../../..');
const target = postgresTarget();

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function readiness(port: number) {
  const answer = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null);
  return answer ? { status: answer.status, body: (await answer.json()) as unknown } : null;
}

/** Polls until `check` returns a value, for up to three minutes (a cold start under load). */
async function until<T>(what: string, check: () => Promise<T | null | undefined>): Promise<T> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not happen in 3 minutes`);
}

describe.runIf(target)('a server process waiting for the migrations lock', () => {
  const name = `${target?.name}_start_${randomBytes(4).toString('hex')}`;
  const maintenance = () => {
    const url = new URL(target!.url);
    url.pathname = '/postgres';
    return new pg.Client({ connectionString: url.toString() });
  };
  let server: ChildProcess | undefined;
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    const admin = maintenance();
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('answers /api/ready 503 "migrations are running" until it has migrated, then 200', async () => {
    const admin = maintenance();
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(target!.url);
    url.pathname = `/${name}`;
    // Another process migrating: it holds the lock the server takes before it migrates.
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    await other.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);

    const port = await freePort();
    let output = '';
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: REPO,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'firm-start-')),
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));

    try {
      const waiting = await until('the port answering', () => readiness(port));
      expect(waiting).toEqual({
        status: 503,
        body: {
          message: 'Not ready: database migrations are running',
          checks: { database: 'unavailable', jobQueue: 'unavailable', migrations: 'running' },
        },
      });
      const other503 = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(other503.status).toBe(503);
      expect(other503.headers.get('retry-after')).toBe('5');
    } finally {
      await other.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]);
      await other.end();
    }

    const ready = await until('the server ready', async () => {
      const answer = await readiness(port);
      return answer?.status === 200 ? answer : null;
    }).catch((error: Error) => {
      throw new Error(`${error.message}:\n${output}`);
    });
    expect(ready.body).toEqual({
      message: 'Ready to serve requests',
      checks: { database: 'ok', jobQueue: 'ok', migrations: 'done' },
    });
  }, 420_000);
});
