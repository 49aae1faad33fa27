// What the API benchmark scenarios share (scripts/lib/bench-*.mjs): JSON calls, the median of
// timed GETs one at a time, and a scratch database per run (a data directory for PGlite, and a
// fresh database on the PostgreSQL server when one is given).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';

export const SUPER_KEY = 'bench-super-key-0123456789';
export const PASSWORD = 'Str0ngPassw0rd';
/** The key the server seals authenticator secrets with (TWO_FACTOR_KEY); any 32 bytes will do. */
export const TWO_FACTOR_KEY = Buffer.alloc(32, 7).toString('base64');

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function json(base, method, url, body, token) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Registers the first advocate (the owner) on the server at `base`, started with SUPER_KEY and
 * TWO_FACTOR_KEY, and returns the API's answer (its `token` and `user`). Each scenario names its
 * own `email`. Staff need a second factor before anything else (ADR 037, no grace days by
 * default): an authenticator is set up on the new session.
 */
export async function registerOwner(base, email) {
  const registered = await json(base, 'POST', '/api/auth/register', {
    firstName: 'Bench',
    lastName: 'Advocate',
    email,
    phone: '0712 345 678',
    password: PASSWORD,
    licenseNumber: 'LSK/2011/0457',
    specialization: ['Family Law'],
    experience: 10,
    education: 'LLB',
    barAdmission: 'Admitted 2011',
    superKey: SUPER_KEY,
  });
  const { secret } = await json(base, 'POST', '/api/auth/2fa/totp/setup', {}, registered.token);
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  await json(base, 'POST', '/api/auth/2fa/totp/enable', { code }, registered.token);
  return registered;
}

/** Signs in with a temporary password and replaces it, as a new account's first sign-in does. */
export async function firstSignIn(base, email, temporaryPassword) {
  const login = await json(base, 'POST', '/api/auth/login', { email, password: temporaryPassword });
  await json(
    base,
    'POST',
    '/api/auth/change-password',
    { currentPassword: temporaryPassword, newPassword: PASSWORD },
    login.token,
  );
  return login.token;
}

/** The median time of `runs` GETs of `url`, one at a time, after ten that warm up. */
export async function timeGet(base, url, token, runs) {
  const times = [];
  for (let i = 0; i < runs + 10; i += 1) {
    const start = performance.now();
    const response = await fetch(`${base}${url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    if (i >= 10) times.push(performance.now() - start);
  }
  return median(times);
}

/**
 * A data directory, and with `databaseUrl` a fresh database `<its name>_<label>_<pid>` on that
 * server: `env` for the server under test, `dispose()` to remove both.
 */
export async function scratchDatabase(label, databaseUrl) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `firm-bench-${label}-`));
  const env = { DATA_DIR: dataDir };
  let dropDatabase = async () => {};
  let keepDatabase = async () => {};
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    const database = `${decodeURIComponent(url.pathname.slice(1))}_${label}_${process.pid}`;
    const maintenance = new URL(url);
    maintenance.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: maintenance.toString() });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.query(`drop database if exists "${database}" with (force)`);
      await admin.end();
    };
    keepDatabase = () => admin.end();
  }
  return {
    dataDir,
    env,
    /** `keepDatabase`: leave the PostgreSQL database in place (to look at it afterwards). */
    async dispose({ keepDatabase: keep = false } = {}) {
      await (keep ? keepDatabase() : dropDatabase());
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * GETs of `url`, one at a time: `warmUp` first (the very first one's time kept apart: a cold
 * start), then `runs` timed; their median and p95 in ms, and the answer's size.
 */
export async function timeGets(base, url, token, runs, warmUp) {
  const times = [];
  let first;
  let bytes = 0;
  for (let i = 0; i < runs + warmUp; i += 1) {
    const start = performance.now();
    const response = await fetch(`${base}${url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await response.arrayBuffer();
    const ms = performance.now() - start;
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    if (i === 0) first = ms;
    if (i >= warmUp) times.push(ms);
    bytes = body.byteLength;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: median(times),
    p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)],
    first,
    bytes,
  };
}
