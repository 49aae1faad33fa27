// `npm run bench:backup` (ADR 039): figures, not a pass/fail test. The built server on 127.0.0.1
// with a fresh DATA_DIR (PGlite), and on a fresh PostgreSQL database when BENCH_DATABASE_URL is
// set: seeds BENCH_BACKUP_CASES cases (default 100,000, scripts/lib/seed-cases-sql.mjs) and
// BENCH_BACKUP_MB megabytes of case documents (default 1024, random bytes: nothing compresses),
// then prints
//   - the API's p95 (GET /api/auth/me, signed in, BENCH_BACKUP_CONNECTIONS at once, default 10)
//     for BENCH_SECONDS (default 10) with no backup running;
//   - the time of one backup asked for as `npm run backup` does (the server's local channel), its
//     size, and the API's p95 while it runs;
//   - the time of `npm run restore` of that archive into an empty data directory (or database).
// Targets: backup under 2 minutes, p95 during it at most twice the p95 without, restore under 5.
// Loopback traffic only; bounded: the backup and the restore are given up after 10 minutes each.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './lib/free-port.mjs';
import { SUPER_KEY, registerOwner, scratchDatabase } from './lib/bench-kit.mjs';
import { ensureClients, openDatabase, seedCases } from './lib/seed-cases-sql.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CASES = Number(process.env.BENCH_BACKUP_CASES ?? 100_000);
const MEGABYTES = Number(process.env.BENCH_BACKUP_MB ?? 1024);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_BACKUP_CONNECTIONS ?? 10);
const PASSPHRASE = 'bench backup passphrase 2026';
const LIMIT_MS = 10 * 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function buildIfNeeded() {
  const server = path.join(root, 'apps/server/dist/server.js');
  if (existsSync(server)) return;
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@firm/server'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      ADVOCATE_SUPER_KEY: SUPER_KEY,
      BACKUP_PASSPHRASE: PASSPHRASE,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
    if (Date.now() - started > 120_000) throw new Error('server did not start in 2 minutes');
    await sleep(100);
  }
  return {
    base,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** MEGABYTES of random documents in DOCUMENTS_DIR, one row each on a seeded case. */
async function seedDocuments(database, documentsDir) {
  mkdirSync(documentsDir, { recursive: true });
  const [{ id: caseId }] = await database.query('select id from cases order by created_at limit 1');
  const fileBytes = 4 * 1024 * 1024;
  const files = Math.ceil((MEGABYTES * 1024 * 1024) / fileBytes);
  for (let i = 0; i < files; i += 1) {
    const id = randomUUID();
    const bytes = randomBytes(fileBytes);
    writeFileSync(path.join(documentsDir, id), bytes);
    await database.query(
      `insert into case_documents (id, case_id, name, mime_type, size_bytes, sha256)
       values ($1, $2, $3, 'application/pdf', $4, $5)`,
      [id, caseId, `bench-${i}.pdf`, fileBytes, createHash('sha256').update(bytes).digest('hex')],
    );
  }
  return files;
}

/** Signed-in GETs from CONNECTIONS loops until `until()`; every answer's time in ms. */
async function load(base, token, until) {
  const times = [];
  let failures = 0;
  const loop = async () => {
    while (!until()) {
      const start = performance.now();
      const response = await fetch(`${base}/api/auth/me`, {
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => null);
      await response?.arrayBuffer();
      if (response?.ok) times.push(performance.now() - start);
      else failures += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const sorted = times.sort((a, b) => a - b);
  const p95 = sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? NaN;
  return { p95, count: times.length, failures };
}

async function benchTarget(name, databaseUrl) {
  console.log(`\n== backup and restore on ${name}: ${CASES} cases, ${MEGABYTES} MB of documents`);
  const scratch = await scratchDatabase('backup', databaseUrl);
  const restoreDir = mkdtempSync(path.join(tmpdir(), 'firm-bench-restore-'));
  let restoreDatabase;
  try {
    let server = await startServer(scratch.env);
    const owner = await registerOwner(server.base, 'bench-backup-advocate@example.test');
    await server.stop();

    const seeding = Date.now();
    const database = await openDatabase({
      databaseUrl: scratch.env.DATABASE_URL,
      dataDir: scratch.dataDir,
    });
    try {
      const clientIds = await ensureClients(database, 1000);
      await seedCases(database, { from: 1, to: CASES, clientIds, assigneeId: owner.user.id });
      const files = await seedDocuments(database, path.join(scratch.dataDir, 'documents'));
      console.log(`  seeded in ${seconds(Date.now() - seeding)} (${files} documents)`);
    } finally {
      await database.close();
    }

    server = await startServer(scratch.env);
    try {
      // A warm-up first (the first requests after a start are slower), then the quiet figure.
      const warmUntil = Date.now() + 3000;
      await load(server.base, owner.token, () => Date.now() > warmUntil);
      const quietUntil = Date.now() + SECONDS * 1000;
      const quiet = await load(server.base, owner.token, () => Date.now() > quietUntil);
      console.log(
        `  API p95 without a backup: ${quiet.p95.toFixed(1)} ms (${quiet.count} requests)`,
      );

      const channel = databaseUrl
        ? null
        : JSON.parse(readFileSync(path.join(scratch.dataDir, 'backup-channel.json'), 'utf8'));
      let runId;
      let finished = null;
      const started = Date.now();
      if (channel) {
        const answer = await fetch(`${channel.url}/api/internal/backups`, {
          method: 'POST',
          headers: { 'x-backup-channel-token': channel.token },
        });
        runId = (await answer.json()).run.id;
      } else {
        // On PostgreSQL the command works itself: `npm run backup` in a process of its own.
        const cli = spawn(process.execPath, [path.join(root, 'scripts/backup.mjs')], {
          cwd: root,
          env: { ...process.env, ...scratch.env, BACKUP_PASSPHRASE: PASSPHRASE, LOG_LEVEL: 'warn' },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        cli.once('exit', () => (finished = Date.now()));
      }
      const poll = async () => {
        while (finished === null && Date.now() - started < LIMIT_MS) {
          if (channel) {
            const run = await (
              await fetch(`${channel.url}/api/internal/backups/${runId}`, {
                headers: { 'x-backup-channel-token': channel.token },
              })
            ).json();
            if (run.status !== 'running') {
              finished = Date.now();
              if (run.status !== 'succeeded') throw new Error(`backup ${run.status}: ${run.error}`);
            }
          }
          await sleep(250);
        }
      };
      const [busy] = await Promise.all([
        load(server.base, owner.token, () => finished !== null || Date.now() - started > LIMIT_MS),
        poll(),
      ]);
      const backupDir = path.join(scratch.dataDir, 'backups');
      const [archive] = readdirSync(backupDir).filter((file) => file.endsWith('.backup'));
      if (!archive) throw new Error('no archive was written');
      const sizeMb = statSync(path.join(backupDir, archive)).size / 1024 / 1024;
      console.log(
        `  backup: ${seconds(finished - started)}, ${sizeMb.toFixed(0)} MB (target < 120 s)`,
      );
      console.log(
        `  API p95 during the backup: ${busy.p95.toFixed(1)} ms (${busy.count} requests, ${busy.failures} failed), ` +
          `${(busy.p95 / quiet.p95).toFixed(2)}× without (target ≤ 2×)`,
      );

      const restoreEnv = { DATA_DIR: restoreDir };
      if (databaseUrl) {
        const url = new URL(databaseUrl);
        const restoreName = `${decodeURIComponent(url.pathname.slice(1))}_restore_${process.pid}`;
        const maintenance = new URL(url);
        maintenance.pathname = '/postgres';
        restoreDatabase = { maintenance: maintenance.toString(), name: restoreName };
        const admin = new pg.Client({ connectionString: restoreDatabase.maintenance });
        await admin.connect();
        await admin.query(`create database "${restoreName}"`);
        await admin.end();
        url.pathname = `/${restoreName}`;
        restoreEnv.DATABASE_URL = url.toString();
      }
      const restoring = Date.now();
      const restored = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(root, 'apps/server/src/restore-cli.ts'),
          path.join(backupDir, archive),
        ],
        {
          cwd: root,
          env: { ...process.env, ...restoreEnv, BACKUP_PASSPHRASE: PASSPHRASE, LOG_LEVEL: 'warn' },
          encoding: 'utf8',
          timeout: LIMIT_MS,
        },
      );
      if (restored.status !== 0) throw new Error(`restore: ${restored.stderr || restored.stdout}`);
      console.log(
        `  restore: ${seconds(Date.now() - restoring)} (target < 300 s): ${restored.stdout.trim()}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.dispose();
    if (restoreDatabase) {
      const admin = new pg.Client({ connectionString: restoreDatabase.maintenance });
      await admin.connect();
      await admin.query(`drop database if exists "${restoreDatabase.name}" with (force)`);
      await admin.end();
    }
    spawnSync('rm', ['-rf', restoreDir]);
  }
}

buildIfNeeded();
await benchTarget('the embedded database (PGlite)');
if (process.env.BENCH_DATABASE_URL) {
  await benchTarget('PostgreSQL', process.env.BENCH_DATABASE_URL);
}
