// `npm run bench:mail-crash`: how many emails arrive twice when the server is killed with SIGKILL
// while it hands mail to a slow SMTP server (ADR 028). Figures, bounded in time, not a test.
//
// For each database (the embedded one in a fresh DATA_DIR; a fresh PostgreSQL database too when
// BENCH_DATABASE_URL names a server):
//   1. the server starts once (it creates its tables) and stops; BENCH_MAIL_N emails, each to an
//      address of its own, are written to the outbox with SQL, due two minutes ago (what the
//      start-up sweep picks up);
//   2. BENCH_MAIL_ROUNDS times: the server starts from source (`node --import tsx`) with SMTP_URL
//      naming a local SMTP server (the `smtp-server` package) that answers each message's end of
//      DATA only BENCH_MAIL_ACCEPT_MS later, with "250 … queued as Q<n>". After a random 2nd to
//      6th acceptance of the round, and a random 0–BENCH_MAIL_KILL_WITHIN_MS later, the server is
//      killed with SIGKILL. Between rounds the dead process's leases are made to have run out
//      (`claimed_until`, `next_attempt_at` moved back), as 15 minutes of a firm's restart would;
//   3. the server starts once more and runs until every email has arrived (at most
//      BENCH_MAIL_FINAL_SECONDS), then stops.
// The SMTP server counts a message as delivered only when it answers 250 on a connection still
// open: a message whose sender died before the answer is not delivered (as a server that takes
// responsibility with its 250). Prints rounds, sent (addresses that received their email),
// duplicates (arrivals beyond the first, and how many of those carried the first's Message-ID),
// lost (addresses that never received theirs: must be 0), and the rows by status.
//
// Environment:
//   BENCH_DATABASE_URL        postgres://… of a server: `wt_mail_<random>` is created there and
//                             dropped afterwards (e.g. postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_ONLY                `pglite` or `postgres`
//   BENCH_MAIL_N              emails (default 60)
//   BENCH_MAIL_ROUNDS         kills (default 8)
//   BENCH_MAIL_ACCEPT_MS      the SMTP server's delay before its 250 (default 300)
//   BENCH_MAIL_KILL_WITHIN_MS the kill falls this long after an acceptance at most (default 20)
//   BENCH_MAIL_FINAL_SECONDS  the last run's limit (default 120)
// Ports: the SMTP server and the app take free ones in 3500–3599.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from './lib/seed-cases-sql.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = path.join(root, 'apps/server/src/server.ts');
const N = Number(process.env.BENCH_MAIL_N ?? 60);
const ROUNDS = Number(process.env.BENCH_MAIL_ROUNDS ?? 8);
const ACCEPT_MS = Number(process.env.BENCH_MAIL_ACCEPT_MS ?? 300);
const KILL_WITHIN_MS = Number(process.env.BENCH_MAIL_KILL_WITHIN_MS ?? 20);
const FINAL_SECONDS = Number(process.env.BENCH_MAIL_FINAL_SECONDS ?? 120);
const START_SECONDS = 90;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const randomInt = (min, max) => min + Math.floor(Math.random() * (max - min + 1));

/** A port in 3500–3599 nothing listens on now. */
async function freePortInRange() {
  for (let tries = 0; tries < 200; tries += 1) {
    const port = randomInt(3500, 3599);
    const isFree = await new Promise((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (isFree) return port;
  }
  throw new Error('No free port in 3500-3599');
}

/**
 * The slow SMTP server. `onAccepted` runs right after each 250 is written. `deliveries` maps each
 * recipient to the Message-IDs of the copies it was given.
 */
async function startSlowSmtp(port, onAccepted) {
  const deliveries = new Map();
  const closed = new Set();
  let queueId = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = raw.slice(0, raw.search(/\r?\n\r?\n/));
        const messageId = /^message-id:\s*(\S+)/im.exec(headers)?.[1] ?? '';
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        setTimeout(() => {
          // The sender died before the answer: no 250 goes out, nothing is delivered.
          if (closed.has(session.id)) return;
          queueId += 1;
          const copies = deliveries.get(to) ?? [];
          copies.push(messageId);
          deliveries.set(to, copies);
          callback(null, `Ok: queued as Q${String(queueId).padStart(6, '0')}`);
          onAccepted();
        }, ACCEPT_MS);
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    deliveries,
    accepted: () => [...deliveries.values()].reduce((sum, copies) => sum + copies.length, 0),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function startApp(env) {
  return freePortInRange().then(async (port) => {
    let stderr = '';
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        HOST: '127.0.0.1',
        PORT: String(port),
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://portal.test',
        FIRM_NOTIFY_EMAIL: 'reception@bench.test',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (chunk) => (stderr += chunk.toString('utf8')));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + START_SECONDS * 1000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server did not start:\n${stderr}`);
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (answer?.status === 200) break;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`The server did not start within ${START_SECONDS} s:\n${stderr}`);
      }
      await sleep(100);
    }
    return {
      child,
      exited,
      async kill(signal) {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        await exited;
      },
    };
  });
}

/** A fresh PostgreSQL database `wt_mail_<random>` on BENCH_DATABASE_URL's server. */
async function scratchPostgres(serverUrl) {
  const maintenance = new URL(serverUrl);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  const name = `wt_mail_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

async function run(label, databaseUrl) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `firm-bench-mail-crash-${label}-`));
  const smtpPort = await freePortInRange();
  let killAfter = Infinity;
  let current;
  const smtp = await startSlowSmtp(smtpPort, () => {
    killAfter -= 1;
    if (killAfter === 0 && current) {
      const target = current;
      setTimeout(() => target.child.kill('SIGKILL'), randomInt(0, KILL_WITHIN_MS));
    }
  });
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const onDatabase = async (statements) => {
    const database = await openDatabase({ databaseUrl, dataDir });
    try {
      const results = [];
      for (const statement of statements) results.push(await database.query(statement));
      return results;
    } finally {
      await database.close();
    }
  };
  try {
    // The tables, then the outbox's N emails.
    const first = await startApp(env);
    await first.kill('SIGTERM');
    await onDatabase([
      `insert into deliveries (channel, kind, recipient, subject, body, next_attempt_at)
       select 'email', 'contact_to_firm', 'crash-' || i || '@bench.test', 'Bench message ' || i,
              'Body of bench message ' || i, now() - interval '3 minutes'
       from generate_series(1, ${N}) as i`,
    ]);
    // The dead process's leases ran out (15 minutes pass in a statement).
    const leasesRunOut = `update deliveries
      set claimed_until = now() - interval '1 second', next_attempt_at = now() - interval '3 minutes'
      where status = 'queued'`;

    let rounds = 0;
    for (let round = 1; round <= ROUNDS; round += 1) {
      await onDatabase([leasesRunOut]);
      if (smtp.deliveries.size >= N) break;
      killAfter = randomInt(2, 6);
      current = await startApp(env);
      const deadline = Date.now() + 60_000;
      while (current.child.exitCode === null && current.child.signalCode === null) {
        if (Date.now() > deadline || smtp.deliveries.size >= N) break;
        await sleep(20);
      }
      await current.kill('SIGKILL');
      current = undefined;
      killAfter = Infinity;
      rounds += 1;
      process.stdout.write(
        `  ${label} round ${round}: killed; ${smtp.deliveries.size}/${N} addresses have mail\n`,
      );
    }

    await onDatabase([leasesRunOut]);
    const last = await startApp(env);
    const deadline = Date.now() + FINAL_SECONDS * 1000;
    while (smtp.deliveries.size < N && Date.now() < deadline) await sleep(100);
    await sleep(3000); // time for a late duplicate
    await last.kill('SIGTERM');
    const [statuses] = await onDatabase([
      `select status, count(*)::int as n from deliveries group by status order by status`,
    ]);

    let duplicates = 0;
    let sameMessageId = 0;
    for (const copies of smtp.deliveries.values()) {
      duplicates += copies.length - 1;
      sameMessageId += copies.slice(1).filter((id) => id && id === copies[0]).length;
    }
    const sent = smtp.deliveries.size;
    return {
      database: label,
      rounds,
      emails: N,
      sent,
      duplicates,
      duplicatesWithSameMessageId: sameMessageId,
      lost: N - sent,
      rows: Object.fromEntries(statuses.map((row) => [row.status, row.n])),
    };
  } finally {
    await current?.kill('SIGKILL');
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const only = process.env.BENCH_ONLY;
const results = [];
process.stdout.write(
  `bench:mail-crash: ${N} emails, ${ROUNDS} kills, SMTP answers ${ACCEPT_MS} ms after DATA, ` +
    `kill ≤ ${KILL_WITHIN_MS} ms after an acceptance\n`,
);
if (only !== 'postgres') results.push(await run('pglite', undefined));
if (only !== 'pglite') {
  if (process.env.BENCH_DATABASE_URL) {
    const scratch = await scratchPostgres(process.env.BENCH_DATABASE_URL);
    try {
      results.push(await run('postgres', scratch.url));
    } finally {
      await scratch.drop();
    }
  } else {
    process.stdout.write('  postgres: skipped (set BENCH_DATABASE_URL)\n');
  }
}
for (const result of results) {
  process.stdout.write(
    `${result.database}: rounds ${result.rounds}, emails ${result.emails}, sent ${result.sent}, ` +
      `duplicates ${result.duplicates} (same Message-ID: ${result.duplicatesWithSameMessageId}), ` +
      `lost ${result.lost}; rows ${JSON.stringify(result.rows)}\n`,
  );
}
process.exitCode = results.some((result) => result.lost > 0) ? 1 : 0;
