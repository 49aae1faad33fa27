// `npm run bench:api`: the built server (as `npm start` runs it) on 127.0.0.1, on a fresh DATA_DIR
// (PGlite), and on a fresh PostgreSQL database when BENCH_DATABASE_URL is set. Prints figures, not a
// pass/fail test:
//   - resident memory after the first start on an empty DATA_DIR and after a second start (PGlite);
//   - req/s and latency of GET /api/health and of a signed-in GET /api/auth/me (autocannon), and
//     their ratio;
//   - median answer times of known vs unknown emails for sign-in (wrong password) and for
//     forgot-password, one request at a time: equal medians mean timing tells nothing;
//   - appointments (scripts/lib/bench-appointments.mjs): availability of a busy day, and the race.
// Environment:
//   BENCH_DATABASE_URL  postgres://… of a server: a fresh database `<its name>_bench_<pid>` is
//                       created there and dropped afterwards
//   BENCH_SECONDS       seconds per autocannon run (default 10), after a 2-second warm-up
//   BENCH_CONNECTIONS   autocannon connections (default 50)
//   BENCH_TIMING_N      requests per timing median (default 200)
//   BENCH_ONLY          `pglite` or `postgres` to measure one database
//   BENCH_SCENARIO      `cases` to run only the cases scenario (scripts/lib/bench-cases.mjs),
//                       `dashboard` only the dashboard scenario (scripts/lib/bench-dashboard.mjs:
//                       100,000 cases and 50,000 appointments, medians of GET /api/dashboard/stats
//                       per role), `messages` only the messaging one (scripts/lib/bench-messages.mjs:
//                       500 streams, POST → stream latency, a 10,000-message conversation),
//                       `deliveries` only the outbox one (scripts/lib/bench-deliveries.mjs: 1,000
//                       case emails in a burst through a local SMTP server, then 200 sent while
//                       SMTP is down for BENCH_SMTP_DOWN_SECONDS, default 300; about 20 minutes
//                       per database, so it runs only when named), `billing` only the billing
//                       one (scripts/lib/bench-billing.mjs: 100,000 fee notes over 1,000 clients,
//                       one client with 500; medians and p95 of list pages, a client's statement
//                       and payments, a fee note and its PDF), `reports` only the reports one
//                       (scripts/lib/bench-reports.mjs: 100,000 cases, 50,000 appointments,
//                       10,000 enquiries, 5,000 conversations of ~40,000 messages, 10,000 fee
//                       notes; median and p95 of each of the five reports for this month and this
//                       year), `client-money` only the client money one
//                       (scripts/lib/bench-client-money.mjs: 500,000 journal entries over 10,000
//                       clients, one with 5,000; median and p95 of that client's ledger and of every
//                       client's balance at past days, and 5,000-line statements imported and
//                       matched), `core` all but those seven (they seed their own databases)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchCases } from './lib/bench-cases.mjs';
import { benchDashboard } from './lib/bench-dashboard.mjs';
import { benchMessages } from './lib/bench-messages.mjs';
import { benchDeliveries } from './lib/bench-deliveries.mjs';
import { benchAppointments } from './lib/bench-appointments.mjs';
import { benchBilling } from './lib/bench-billing.mjs';
import { benchReports } from './lib/bench-reports.mjs';
import { benchClientMoney } from './lib/bench-client-money.mjs';
import { freePort } from './lib/free-port.mjs';
import { PASSWORD, SUPER_KEY, TWO_FACTOR_KEY, median } from './lib/bench-kit.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TIMING_N = Number(process.env.BENCH_TIMING_N ?? 200);
const KNOWN_ACCOUNTS = Math.ceil(TIMING_N / 4); // ≤ 4 wrong passwords each: none gets locked

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Starts dist/server.js and resolves once /api/health answers 200. */
async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      ADVOCATE_SUPER_KEY: SUPER_KEY,
      TWO_FACTOR_KEY,
      // Each timing request comes from its own X-Forwarded-For address, so the per-address limits
      // measure nothing here.
      TRUST_PROXY: 'true',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error('server did not start in 2 minutes');
    await sleep(100);
  }
  return {
    base,
    pid: child.pid,
    startMs: Date.now() - started,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

let forwardedFor = 0;
const nextAddress = () => {
  forwardedFor += 1;
  return `10.${(forwardedFor >> 16) & 255}.${(forwardedFor >> 8) & 255}.${forwardedFor & 255}`;
};

async function call(base, method, url, body, headers = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': nextAddress(),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function seedAccounts(base) {
  const registered = await call(base, 'POST', '/api/auth/register', {
    firstName: 'Bench',
    lastName: 'Advocate',
    email: 'bench-advocate@example.test',
    phone: '0712 345 678',
    password: PASSWORD,
    licenseNumber: 'LSK/2011/0457',
    specialization: ['Family Law'],
    experience: 10,
    education: 'LLB',
    barAdmission: 'Admitted 2011',
    superKey: SUPER_KEY,
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const token = registered.body.token;
  const emails = [];
  for (let i = 0; i < KNOWN_ACCOUNTS; i += 1) {
    const email = `bench-client-${i}@example.test`;
    const created = await call(
      base,
      'POST',
      '/api/user-management/create-client',
      { firstName: 'Bench', lastName: `Client ${i}`, email },
      { authorization: `Bearer ${token}` },
    );
    if (created.status !== 201) throw new Error(`create-client: ${created.status}`);
    emails.push(email);
  }
  return { token, emails };
}

async function cannon(url, headers) {
  const options = { url, connections: CONNECTIONS, headers };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: SECONDS });
  const non2xx = result.non2xx + result.errors;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx,
  };
}

/** Medians of known vs unknown emails, one request at a time, interleaved (ABBA). */
async function timing(base, emails) {
  const measure = async (url, body) => {
    const start = performance.now();
    await call(base, 'POST', url, body);
    const ms = performance.now() - start;
    await sleep(5); // let work queued after the answer finish before the next request
    return ms;
  };
  const result = {};
  for (const [name, url, body] of [
    ['login', '/api/auth/login', (email) => ({ email, password: 'Wrong-passw0rd' })],
    ['forgot-password', '/api/auth/forgot-password', (email) => ({ email })],
  ]) {
    const known = [];
    const unknown = [];
    for (let i = 0; i < TIMING_N; i += 1) {
      const knownEmail = emails[i % emails.length];
      const unknownEmail = `nobody-${name}-${i}@example.test`;
      if (i % 2 === 0) {
        known.push(await measure(url, body(knownEmail)));
        unknown.push(await measure(url, body(unknownEmail)));
      } else {
        unknown.push(await measure(url, body(unknownEmail)));
        known.push(await measure(url, body(knownEmail)));
      }
    }
    result[name] = { known: median(known), unknown: median(unknown) };
  }
  return result;
}

async function benchTarget(name, env, { measureRestart }) {
  console.log(`\n== ${name}`);
  let server = await startServer(env);
  let memory = `RSS after ready: ${rssMb(server.pid)} MB (start ${server.startMs} ms)`;
  if (measureRestart) {
    await server.stop();
    server = await startServer(env);
    memory += `; after a second start: ${rssMb(server.pid)} MB (start ${server.startMs} ms)`;
  }
  console.log(memory);
  try {
    const { token, emails } = await seedAccounts(server.base);
    const health = await cannon(`${server.base}/api/health`);
    const me = await cannon(`${server.base}/api/auth/me`, { authorization: `Bearer ${token}` });
    const line = (label, r) =>
      `${label.padEnd(18)} ${String(r.rps).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${
        r.non2xx ? `  (${r.non2xx} non-2xx/errors!)` : ''
      }`;
    console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s each`);
    console.log(line('GET /api/health', health));
    console.log(line('GET /api/auth/me', me));
    console.log(`me / health: ${((100 * me.rps) / health.rps).toFixed(0)} %`);
    const medians = await timing(server.base, emails);
    console.log(`median answer time, known vs unknown email (${TIMING_N} each):`);
    for (const [endpoint, { known, unknown }] of Object.entries(medians)) {
      console.log(
        `  ${endpoint.padEnd(16)} known ${known.toFixed(2)} ms  unknown ${unknown.toFixed(2)} ms`,
      );
    }
    await benchAppointments({
      call: (method, url, body, headers) => call(server.base, method, url, body, headers),
      token,
      timingN: TIMING_N,
    });
  } finally {
    await server.stop();
  }
}

console.log('Building the server…');
const built = spawnSync('npm', ['run', 'build', '--workspace', '@firm/server'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

const only = process.env.BENCH_ONLY;
const scenario = process.env.BENCH_SCENARIO;
// A named scenario runs alone; none (or `core`) runs the core figures.
const scenarioOnly = [
  'cases',
  'dashboard',
  'messages',
  'deliveries',
  'billing',
  'reports',
  'client-money',
].includes(scenario);
if (!scenarioOnly && only !== 'postgres') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'firm-bench-api-'));
  try {
    await benchTarget(
      'PGlite (embedded, fresh DATA_DIR)',
      { DATA_DIR: dataDir },
      {
        measureRestart: true,
      },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!scenarioOnly && process.env.BENCH_DATABASE_URL && only !== 'pglite') {
  const url = new URL(process.env.BENCH_DATABASE_URL);
  const database = `${decodeURIComponent(url.pathname.slice(1))}_bench_${process.pid}`;
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'firm-bench-api-'));
  try {
    url.pathname = `/${database}`;
    await benchTarget(
      'PostgreSQL server',
      { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
      { measureRestart: false },
    );
  } finally {
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
} else if (!scenarioOnly && only !== 'pglite') {
  console.log('\n(BENCH_DATABASE_URL unset: PostgreSQL server not measured)');
}

// Cases: its own fresh databases, seeded to 1k and 100k cases.
const withCases = scenario === undefined || scenario === '' || scenario === 'cases';
if (withCases && only !== 'postgres') await benchCases({ name: 'PGlite', startServer, rssMb });
if (withCases && process.env.BENCH_DATABASE_URL && only !== 'pglite') {
  await benchCases({
    name: 'PostgreSQL server',
    startServer,
    rssMb,
    databaseUrl: process.env.BENCH_DATABASE_URL,
  });
}

// Dashboard: its own fresh databases, 100k cases and 50k appointments.
const withDashboard = scenario === undefined || scenario === '' || scenario === 'dashboard';
if (withDashboard && only !== 'postgres') {
  await benchDashboard({ name: 'PGlite', startServer });
}
if (withDashboard && process.env.BENCH_DATABASE_URL && only !== 'pglite') {
  await benchDashboard({
    name: 'PostgreSQL server',
    startServer,
    databaseUrl: process.env.BENCH_DATABASE_URL,
  });
}

// Messaging: 500 streams and a 10,000-message conversation, on databases of its own.
const withMessages = scenario === undefined || scenario === '' || scenario === 'messages';
if (withMessages && only !== 'postgres') {
  await benchMessages({ name: 'PGlite', startServer, rssMb });
}
if (withMessages && process.env.BENCH_DATABASE_URL && only !== 'pglite') {
  await benchMessages({
    name: 'PostgreSQL server',
    startServer,
    rssMb,
    databaseUrl: process.env.BENCH_DATABASE_URL,
  });
}

// Billing: 100k fee notes, their lines and payments, on databases of its own.
const withBilling = scenario === undefined || scenario === '' || scenario === 'billing';
if (withBilling && only !== 'postgres') await benchBilling({ name: 'PGlite', startServer });
if (withBilling && process.env.BENCH_DATABASE_URL && only !== 'pglite') {
  await benchBilling({
    name: 'PostgreSQL server',
    startServer,
    databaseUrl: process.env.BENCH_DATABASE_URL,
  });
}

// Reports: the five reports over 100k cases, 50k appointments, enquiries, messages and fee notes,
// on databases of their own.
const withReports = scenario === undefined || scenario === '' || scenario === 'reports';
if (withReports && only !== 'postgres') await benchReports({ name: 'PGlite', startServer });
if (withReports && process.env.BENCH_DATABASE_URL && only !== 'pglite') {
  await benchReports({
    name: 'PostgreSQL server',
    startServer,
    databaseUrl: process.env.BENCH_DATABASE_URL,
  });
}

// Client money: 500k journal entries, their balances and reconciled months, on databases of their
// own.
const withClientMoney = scenario === undefined || scenario === '' || scenario === 'client-money';
if (withClientMoney && only !== 'postgres') {
  await benchClientMoney({ name: 'PGlite', startServer });
}
if (withClientMoney && process.env.BENCH_DATABASE_URL && only !== 'pglite') {
  await benchClientMoney({
    name: 'PostgreSQL server',
    startServer,
    databaseUrl: process.env.BENCH_DATABASE_URL,
  });
}

// Deliveries: the outbox through a local SMTP server, a burst and an outage. Long (the outage and
// the retries after it), so only when named.
if (scenario === 'deliveries' && only !== 'postgres') {
  await benchDeliveries({ name: 'PGlite', startServer });
}
if (scenario === 'deliveries' && process.env.BENCH_DATABASE_URL && only !== 'pglite') {
  await benchDeliveries({
    name: 'PostgreSQL server',
    startServer,
    databaseUrl: process.env.BENCH_DATABASE_URL,
  });
}
