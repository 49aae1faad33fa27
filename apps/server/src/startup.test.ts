import { mkdtempSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdPortWhileStarting, prepareStart, StartupError } from './startup';

/** What prepareStart refused with: a StartupError, whose message is what the operator reads. */
async function refusal(env: Record<string, string>): Promise<string> {
  const started = Date.now();
  const error = await prepareStart(env).then(
    () => {
      throw new Error('expected the start to be refused');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(StartupError);
  expect(Date.now() - started).toBeLessThan(8000);
  const message = (error as Error).message;
  expect(message).not.toContain('\n    at ');
  return message;
}

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'firm-start-'));

describe('start-up failures name what to fix', () => {
  let busy: net.Server;
  let busyPort: number;
  beforeAll(async () => {
    busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  const base = () => ({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: freshDir(), LOG_LEVEL: 'silent' });

  it('a PostgreSQL server that refuses the connection: one line naming DATABASE_URL, no password', async () => {
    const message = await refusal({
      ...base(),
      DATABASE_URL: 'postgres://firm:hunter2-secret@127.0.0.1:1/firm',
    });
    expect(message).toMatch(/^DATABASE_URL: .*127\.0\.0\.1:1.*connection refused/);
    expect(message).not.toContain('hunter2');
    expect(message.split('\n')).toHaveLength(1);
  });

  // These need a PostgreSQL server (CI sets TEST_DATABASE_URL; so does npm run test:api:pg).
  const server = process.env.TEST_DATABASE_URL;
  it.runIf(server)('a database that does not exist, and a user the server rejects', async () => {
    const url = new URL(server!);
    url.pathname = '/wt_http_no_such_database';
    url.password = 'hunter2-secret';
    const missing = await refusal({ ...base(), DATABASE_URL: url.toString() });
    expect(missing).toMatch(/^DATABASE_URL: database "wt_http_no_such_database" does not exist/);
    expect(missing).not.toContain('hunter2');

    const stranger = new URL(server!);
    stranger.username = 'wt_http_no_such_user';
    stranger.password = 'hunter2-secret';
    const refused = await refusal({ ...base(), DATABASE_URL: stranger.toString() });
    expect(refused).toMatch(/^DATABASE_URL: .*refused user "wt_http_no_such_user"/);
    expect(refused).not.toContain('hunter2');
  });

  it('DATA_DIR inside /proc fails at once, naming DATA_DIR', async () => {
    for (const dataDir of ['/proc/firm-data', '/proc', '/sys/firm']) {
      const message = await refusal({ ...base(), DATA_DIR: dataDir });
      expect(message, dataDir).toMatch(/^DATA_DIR .* cannot be used/);
    }
  });

  it('DATA_DIR that is a file, or under one, names DATA_DIR', async () => {
    const file = path.join(freshDir(), 'a-file');
    writeFileSync(file, '');
    expect(await refusal({ ...base(), DATA_DIR: file })).toMatch(/^DATA_DIR .*not a directory/);
    expect(await refusal({ ...base(), DATA_DIR: path.join(file, 'data') })).toMatch(
      /^DATA_DIR .*not a directory/,
    );
  });

  it('a port in use or a wrong HOST is found before the database is opened', async () => {
    // DATA_DIR would fail too: the listen check comes first, so PORT is what is named.
    const inUse = await refusal({ ...base(), PORT: String(busyPort), DATA_DIR: '/proc/x' });
    expect(inUse).toMatch(new RegExp(`^PORT ${busyPort} is already in use`));

    const notOurs = await refusal({ ...base(), HOST: '203.0.113.7', DATA_DIR: '/proc/x' });
    expect(notOurs).toMatch(/^HOST 203\.0\.113\.7 is not an address of this machine/);

    const unknown = await refusal({ ...base(), HOST: 'no-such-host.invalid', DATA_DIR: '/proc/x' });
    expect(unknown).toMatch(/^HOST no-such-host\.invalid cannot be resolved/);
  });

  it('while the database is migrated the port answers 503: /api/ready says why, then lets go', async () => {
    const standIn = await holdPortWhileStarting(0, '127.0.0.1');
    const base = `http://127.0.0.1:${standIn.port}`;
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      message: 'Not ready: database migrations are running',
      checks: { database: 'unavailable', jobQueue: 'unavailable', migrations: 'running' },
    });
    const other = await fetch(`${base}/api/cases`);
    expect(other.status).toBe(503);
    expect(other.headers.get('retry-after')).toBe('5');
    expect(await other.json()).toEqual({
      message: 'The server is starting. Please try again in a moment.',
    });

    await standIn.close();
    // The port is free for the app at once.
    const app = net.createServer();
    await new Promise<void>((resolve, reject) => {
      app.once('error', reject);
      app.listen({ port: standIn.port, host: '127.0.0.1', exclusive: true }, resolve);
    });
    await new Promise<void>((resolve) => app.close(() => resolve()));
  });
});
