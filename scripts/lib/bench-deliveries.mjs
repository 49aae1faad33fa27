// The deliveries scenario of `npm run bench:api` (the outbox's targets, ADR 028), each
// part on a fresh database of its own, with a local SMTP server the script runs (bench-smtp.mjs):
//   (a) burst: an advocate moves BENCH_DELIVERIES_BURST (1,000) cases of as many clients one
//       status forward through PUT /api/cases/{id}, BENCH_DELIVERIES_CONCURRENCY (50) requests at
//       a time; each change emails its client ("Case MWA/… is now …", the case number the key).
//       Prints the time to write them all, the time until the SMTP server has received every one
//       (target: 60 s on the embedded database), arrivals per second, and how many arrived twice
//       or never (target 0 and 0);
//   (b) SMTP down: the server's SMTP_URL names a port nothing listens on; BENCH_DELIVERIES_DOWN
//       (200) such changes; SMTP stays down BENCH_SMTP_DOWN_SECONDS (300) after the last write,
//       then the SMTP server starts on that port. Prints how long after it came back every message
//       had arrived (waiting up to 15 minutes: retries are 1, 2, 4, 8 … minutes apart), lost and
//       duplicated counts, and the `deliveries` rows by status and attempts.
// Clients and cases are seeded straight into the database with SQL (the embedded one with the
// server stopped); only the events that cause the emails go through the API. Figures, not a test.
import { json, registerOwner, scratchDatabase } from './bench-kit.mjs';
import { startBenchSmtp } from './bench-smtp.mjs';
import { freePort } from './free-port.mjs';
import { ensureClients, openDatabase, seedCases } from './seed-cases-sql.mjs';

const BURST = Number(process.env.BENCH_DELIVERIES_BURST ?? 1000);
const DOWN_COUNT = Number(process.env.BENCH_DELIVERIES_DOWN ?? 200);
const CONCURRENCY = Number(process.env.BENCH_DELIVERIES_CONCURRENCY ?? 50);
const DOWN_SECONDS = Number(process.env.BENCH_SMTP_DOWN_SECONDS ?? 300);
/** How long to wait for the burst's last email before counting the rest as never arrived. */
const BURST_WAIT_SECONDS = Number(process.env.BENCH_DELIVERIES_BURST_WAIT_SECONDS ?? 1800);
/** The target for the burst on the embedded database (ADR 028). */
const BURST_TARGET_SECONDS = 60;
/** How long to wait after SMTP comes back. */
const RECOVERY_WAIT_SECONDS = 15 * 60;
/** After the last expected email: time for a duplicate to show up before counting. */
const GRACE_SECONDS = Number(process.env.BENCH_DELIVERIES_GRACE_SECONDS ?? 15);

/** One step forward from each status seedCases writes (CASE_STATUS_MOVES). */
const NEXT_STATUS = { pending: 'in_progress', in_progress: 'completed', completed: 'closed' };
/** notification texts' caseStatusChanged: "Case MWA/1900/0001 is now in progress." */
const KEY = /Case (MWA\/\d{4}\/\d{4}) is now /;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A server on a fresh database with an advocate (through the API) and `count` clients with one
 * case each assigned to that advocate (SQL); returns the server, the advocate's token and the
 * cases with the status each moves to.
 */
async function prepare({ startServer, env, databaseUrl, smtpUrl, count }) {
  const serverEnv = { ...env, SMTP_URL: smtpUrl };
  let server = await startServer(serverEnv);
  const owner = await registerOwner(server.base, 'bench-deliveries-advocate@example.test');
  // The embedded database has one user at a time: seed with the server stopped.
  if (!databaseUrl) await server.stop();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  let cases;
  try {
    const clientIds = await ensureClients(database, count);
    await seedCases(database, { from: 1, to: count, clientIds, assigneeId: owner.user.id });
    // No court dates: a seeded one falling tomorrow would add its reminder's emails.
    await database.query(`update cases set court_date = null`);
    cases = await database.query(
      `select id, case_number as "caseNumber", status, version from cases order by case_number`,
    );
  } catch (error) {
    await server.stop();
    throw error;
  } finally {
    await database.close();
  }
  if (!databaseUrl) server = await startServer(serverEnv);
  return {
    server,
    token: owner.token,
    cases: cases.map((row) => ({ ...row, next: NEXT_STATUS[row.status] })),
  };
}

/**
 * Moves each case one status forward, `CONCURRENCY` requests at a time; returns the time it took,
 * the case numbers whose change was answered 200 (the emails owed), and the failures.
 */
async function changeStatuses(base, token, cases) {
  const owed = [];
  const failures = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, cases.length) }, async () => {
      while (next < cases.length) {
        const row = cases[next];
        next += 1;
        try {
          await json(
            base,
            'PUT',
            `/api/cases/${row.id}`,
            {
              version: row.version,
              status: row.next,
            },
            token,
          );
          owed.push(row.caseNumber);
        } catch (error) {
          failures.push(`${row.caseNumber}: ${error.message.slice(0, 200)}`);
        }
      }
    }),
  );
  return { ms: performance.now() - start, owed, failures };
}

/** The first arrival of each key, in ms since `since`. */
function firstArrivals(received, since) {
  const first = new Map();
  for (const mail of received) {
    const key = KEY.exec(mail.text)?.[1];
    if (key && !first.has(key)) first.set(key, mail.at - since);
  }
  return first;
}

/**
 * Waits until every key in `owed` has arrived, or `timeoutMs` has passed; returns the time of the
 * last first arrival since `since` (null if some never came).
 */
async function waitForAll(smtp, owed, since, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const first = firstArrivals(smtp.received, since);
    if (owed.every((key) => first.has(key))) {
      return Math.max(0, ...owed.map((key) => first.get(key)));
    }
    if (performance.now() > deadline) return null;
    await sleep(100);
  }
}

/**
 * Arrivals per second since the first request: the mean from the first arrival to the last, the
 * peak second, how many within the target, and the rate second by second (by 10-second windows
 * when the burst lasted longer than two minutes).
 */
function printThroughput(first) {
  const times = [...first.values()];
  if (times.length === 0) return;
  const perSecond = [];
  for (const at of times) {
    const second = Math.max(0, Math.floor(at / 1000));
    perSecond[second] = (perSecond[second] ?? 0) + 1;
  }
  const series = Array.from(perSecond, (n) => n ?? 0);
  const firstAt = Math.min(...times);
  const lastAt = Math.max(...times);
  const within = times.filter((at) => at <= BURST_TARGET_SECONDS * 1000).length;
  console.log(
    `  throughput: ${(times.length / ((lastAt - firstAt) / 1000 || 1)).toFixed(1)} emails/s from the first arrival to the last (${seconds(firstAt)} → ${seconds(lastAt)}), peak ${Math.max(...series)} in one second; ${within} received within ${BURST_TARGET_SECONDS} s of the first request`,
  );
  if (series.length <= 120) {
    console.log(`  emails/s, second by second since the first request: ${series.join(' ')}`);
    return;
  }
  const windows = [];
  for (let i = 0; i < series.length; i += 10) {
    windows.push((series.slice(i, i + 10).reduce((sum, n) => sum + n, 0) / 10).toFixed(1));
  }
  console.log(`  emails/s, by 10-second window since the first request: ${windows.join(' ')}`);
}

/** Duplicates, losses and strangers among what the SMTP server received. */
function tally(received, owed) {
  const counts = new Map(owed.map((key) => [key, 0]));
  let others = 0;
  for (const mail of received) {
    const key = KEY.exec(mail.text)?.[1];
    if (key && counts.has(key)) counts.set(key, counts.get(key) + 1);
    else others += 1;
  }
  const values = [...counts.values()];
  return {
    lost: values.filter((n) => n === 0).length,
    duplicatedKeys: values.filter((n) => n > 1).length,
    extraCopies: values.reduce((sum, n) => sum + Math.max(0, n - 1), 0),
    others,
    lostKeys: [...counts].filter(([, n]) => n === 0).map(([key]) => key),
    duplicated: [...counts].filter(([, n]) => n > 1).map(([key, n]) => `${key}×${n}`),
  };
}

function printTally(t) {
  console.log(
    `  arrived more than once: ${t.duplicatedKeys} (${t.extraCopies} extra copies); never arrived (by the end of the wait): ${t.lost}; other mails received: ${t.others}`,
  );
  if (t.duplicated.length > 0) console.log(`  duplicated: ${t.duplicated.slice(0, 20).join(', ')}`);
  if (t.lostKeys.length > 0) console.log(`  not arrived: ${t.lostKeys.slice(0, 20).join(', ')}`);
}

/** The outbox's rows by status (and attempts), read with the server stopped. */
async function printDeliveryRows(env) {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const byStatus = await database.query(
      `select status, count(*)::int as n from deliveries group by status order by status`,
    );
    const byAttempts = await database.query(
      `select kind, status, attempts, count(*)::int as n from deliveries
       group by kind, status, attempts order by kind, status, attempts`,
    );
    console.log(
      `  deliveries rows by status: ${byStatus.map((r) => `${r.status} ${r.n}`).join(', ') || 'none'}`,
    );
    console.log(
      `  by kind, status and attempts: ${byAttempts
        .map((r) => `${r.kind}/${r.status}/${r.attempts} attempt(s): ${r.n}`)
        .join('; ')}`,
    );
  } finally {
    await database.close();
  }
}

/**
 * The rows through GET /api/deliveries (the server running: the embedded database cannot be
 * opened beside it): counts by status, and the queued ones by attempts made.
 */
async function deliveriesNow(base, token) {
  try {
    const byStatus = {};
    const queuedByAttempts = {};
    for (let page = 1; ; page += 1) {
      const url = `/api/deliveries?limit=100&page=${page}`;
      const answer = await json(base, 'GET', url, undefined, token);
      for (const row of answer.deliveries) {
        byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
        if (row.status === 'queued') {
          queuedByAttempts[row.attempts] = (queuedByAttempts[row.attempts] ?? 0) + 1;
        }
      }
      if (answer.deliveries.length < 100 || page * 100 >= answer.total) break;
    }
    const list = (counts, unit) =>
      Object.entries(counts)
        .map(([key, n]) => `${key}${unit} ${n}`)
        .join(', ') || 'none';
    return `${list(byStatus, '')}; queued by attempts made: ${list(queuedByAttempts, ' attempt(s):')}`;
  } catch (error) {
    return `n/a (${error.message.slice(0, 100)})`;
  }
}

async function burst({ name, startServer, databaseUrl }) {
  console.log(`-- burst: ${BURST} emails, ${CONCURRENCY} requests at a time`);
  const scratch = await scratchDatabase('deliveries', databaseUrl);
  const smtp = await startBenchSmtp(await freePort());
  let server;
  try {
    const prepared = await prepare({
      startServer,
      env: scratch.env,
      databaseUrl,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      count: BURST,
    });
    server = prepared.server;
    await sleep(2000); // whatever registration mailed is in before the count starts
    const before = smtp.received.length;
    const start = performance.now();
    const written = await changeStatuses(server.base, prepared.token, prepared.cases);
    console.log(
      `  ${written.owed.length} status changes written in ${seconds(written.ms)} (${(
        written.owed.length /
        (written.ms / 1000)
      ).toFixed(
        0,
      )} requests/s)${written.failures.length ? `; ${written.failures.length} refused` : ''}`,
    );
    for (const failure of written.failures.slice(0, 5)) console.log(`    ${failure}`);
    const allMs = await waitForAll(smtp, written.owed, start, BURST_WAIT_SECONDS * 1000);
    if (allMs === null) {
      console.log(`  not all received within ${BURST_WAIT_SECONDS} s of the first request`);
    } else {
      console.log(
        `  all ${written.owed.length} received by the SMTP server ${seconds(allMs)} after the first request (${seconds(allMs - written.ms)} after the last answer) [${name}]`,
      );
    }
    printThroughput(firstArrivals(smtp.received, start));
    await sleep(GRACE_SECONDS * 1000);
    printTally(tally(smtp.received.slice(before), written.owed));
    await server.stop();
    server = undefined;
    await printDeliveryRows(scratch.env);
  } finally {
    await server?.stop();
    await smtp.close();
    await scratch.dispose();
  }
}

async function smtpDown({ startServer, databaseUrl }) {
  console.log(
    `-- SMTP down: ${DOWN_COUNT} emails, SMTP down ${DOWN_SECONDS} s after the last write, then up`,
  );
  const scratch = await scratchDatabase('deliveries_down', databaseUrl);
  const port = await freePort();
  let server;
  let smtp;
  try {
    const prepared = await prepare({
      startServer,
      env: scratch.env,
      databaseUrl,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      count: DOWN_COUNT,
    });
    server = prepared.server;
    const written = await changeStatuses(server.base, prepared.token, prepared.cases);
    const writtenAt = performance.now();
    console.log(
      `  ${written.owed.length} status changes written in ${seconds(written.ms)}${written.failures.length ? `; ${written.failures.length} refused` : ''}`,
    );
    for (const failure of written.failures.slice(0, 5)) console.log(`    ${failure}`);
    await sleep(DOWN_SECONDS * 1000);
    console.log(
      `  after ${seconds(performance.now() - writtenAt)} down, GET /api/deliveries: ${await deliveriesNow(server.base, prepared.token)}`,
    );
    smtp = await startBenchSmtp(port);
    const upAt = performance.now();
    console.log(`  SMTP server up on port ${port}`);
    const allMs = await waitForAll(smtp, written.owed, upAt, RECOVERY_WAIT_SECONDS * 1000);
    if (allMs === null) {
      console.log(
        `  not all received within ${RECOVERY_WAIT_SECONDS / 60} minutes of SMTP coming back`,
      );
    } else {
      const first = [...firstArrivals(smtp.received, upAt).values()];
      console.log(
        `  all ${written.owed.length} received ${seconds(allMs)} after SMTP came back (first ${seconds(Math.min(...first))} after)`,
      );
    }
    await sleep(GRACE_SECONDS * 1000);
    printTally(tally(smtp.received, written.owed));
    await server.stop();
    server = undefined;
    await printDeliveryRows(scratch.env);
  } finally {
    await server?.stop();
    await smtp?.close();
    await scratch.dispose();
  }
}

export async function benchDeliveries({ name, startServer, databaseUrl }) {
  console.log(`\n== deliveries on ${name}`);
  await burst({ name, startServer, databaseUrl });
  await smtpDown({ startServer, databaseUrl });
}
