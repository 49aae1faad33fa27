// The client money scenario of `npm run bench:api` (its targets, stated for PostgreSQL: one
// client's ledger of 5,000 entries in ≤ 20 ms; every client's balance at a past day in ≤ 300 ms;
// a 5,000-line statement imported and matched in ≤ 10 s), on a fresh database of its own: 10,000
// clients with a case each and 500,000 journal entries on the firm's client account over three
// years, one client holding 5,000 of them, the months before the last two reconciled
// (bench-client-money-seed.mjs); then medians and p95 of the ledger reads, one request at a time
// after a warm-up, and the time of each of BENCH_CM_IMPORTS statements of 5,000 lines imported
// one after another over the days not yet reconciled. Figures on a shared machine are indicative:
// the load average is printed.
import { loadavg } from 'node:os';
import { json, registerOwner, scratchDatabase, firstSignIn, timeGets } from './bench-kit.mjs';
import { openDatabase } from './seed-cases-sql.mjs';
import {
  CLIENT_ENTRIES,
  CLIENTS,
  DAYS,
  ENTRIES,
  STATEMENT_LINES,
  nairobiDayBefore,
  seedClientMoney,
  statementFiles,
} from './bench-client-money-seed.mjs';

const N = Number(process.env.BENCH_CM_N ?? 100);
const WARM_UP = 10;
const IMPORTS = Number(process.env.BENCH_CM_IMPORTS ?? 5);
/** BENCH_EXPLAIN=1 prints, after seeding, the plans of the ledger's and the balances' SQL. */
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
/** BENCH_CM_KEEP=1 keeps the PostgreSQL database afterwards (its URL is printed), to look at. */
const KEEP = process.env.BENCH_CM_KEEP === '1';

/** Medians, in ms, stated for PostgreSQL. */
const TARGETS = { ledger: 20, asOf: 300, statement: 10_000 };

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The owner advocate, the client whose ledger is measured, and the firm's two accounts. */
async function accounts(base) {
  const owner = await registerOwner(base, 'bench-client-money-advocate@example.test');
  const client = await json(
    base,
    'POST',
    '/api/user-management/create-client',
    { firstName: 'Bench', lastName: 'Ledger Client', email: 'bench-cm-client@example.test' },
    owner.token,
  );
  const openingDate = nairobiDayBefore(DAYS);
  const { account } = await json(
    base,
    'POST',
    '/api/client-money/accounts',
    {
      name: 'KCB Client Account (Moi Avenue)',
      kind: 'client',
      institution: 'Kenya Commercial Bank, Moi Avenue',
      number: '1107000111',
      openingBalanceKsh: 0,
      openingDate,
    },
    owner.token,
  );
  return {
    ownerId: owner.user.id,
    owner: owner.token,
    clientId: client.user.id,
    client: await firstSignIn(base, client.user.email, client.temporaryPassword),
    accountId: account.id,
    openingBalanceKsh: 0,
  };
}

// The balances' SQL as ledgers.repository builds it (drizzle's, written out), for EXPLAIN: each
// ledger's closing balance of its latest month before the day's month plus the ledger lines of
// the entries from that month's first day up to the day; for a day after the 15th, the closing of
// the day's month (or the latest before) less the entries after the day in that month
// (migration 0044, ADR 053).
const AS_OF_SQL = (day) => {
  const late = Number(day.slice(8, 10)) > 15;
  const month = `date_trunc('month', date '${day}')`;
  return `
  select b.client_id, u.first_name || ' ' || u.last_name, b.case_id, c.case_number, c.title,
         coalesce(p.closing, 0) ${late ? '+' : '-'} coalesce(m.moved, 0)
  from client_money_balances b
  left join lateral (
    select mb.closing_ksh as closing from client_money_monthly_balances mb
    where mb.client_id = b.client_id and mb.case_id is not distinct from b.case_id
      and mb.month ${late ? '<=' : '<'} ${month}
    order by mb.month desc limit 1) p on true
  left join (
    select l.client_id, l.case_id, sum(l.amount_ksh) as moved
    from client_money_entries e
    join client_money_lines l on l.entry_id = e.id and l.posts_to = 'client_ledger'
    where ${
      late
        ? `e.entry_date > '${day}' and e.entry_date < ${month} + interval '1 month'`
        : `e.entry_date >= ${month} and e.entry_date <= '${day}'`
    }
    group by l.client_id, l.case_id) m
    on m.client_id = b.client_id and m.case_id is not distinct from b.case_id
  join users u on u.id = b.client_id
  left join cases c on c.id = b.case_id
  where coalesce(p.closing, 0) ${late ? '+' : '-'} coalesce(m.moved, 0) <> 0
  order by u.last_name, u.first_name, b.client_id, c.case_number`;
};
const LEDGER_SQL = (clientId) => `
  select e.*, a.name, c.case_number, c.title, f.number, r.id,
         coalesce((select -sum(amount_ksh) from client_money_lines l
                   where l.entry_id = e.id and l.posts_to = 'client_ledger'), 0)
  from client_money_entries e
  join money_accounts a on a.id = e.account_id
  left join cases c on c.id = e.case_id
  left join fee_notes f on f.id = e.fee_note_id
  left join client_money_entries r on r.reverses_id = e.id
  where e.client_id = '${clientId}'
  order by e.entry_date, e.created_at, e.id`;

async function explainQueries(database, clientId, days) {
  const plans = [
    ["one client's ledger", LEDGER_SQL(clientId)],
    ...days.map(([label, day]) => [`balances at ${day} (${label})`, AS_OF_SQL(day)]),
  ];
  for (const [what, sql] of plans) {
    const plan = await database.query(`explain (analyze, buffers, costs off) ${sql}`);
    console.log(`  -- ${what}`);
    for (const row of plan) console.log(`     ${Object.values(row)[0]}`);
  }
}

/**
 * Runs the scenario for one database. `startServer(env)` is bench-api's. `databaseUrl`: a
 * PostgreSQL server URL (a fresh database is made there); unset: PGlite.
 */
export async function benchClientMoney({ name, startServer, databaseUrl }) {
  console.log(
    `\n== client money on ${name}: ${ENTRIES} journal entries over ${CLIENTS} clients, one with ${CLIENT_ENTRIES} (medians and p95 of ${N} requests, one at a time, after ${WARM_UP} to warm up; ${IMPORTS} statements of ${STATEMENT_LINES} lines)`,
  );
  const scratch = await scratchDatabase('client_money', databaseUrl);
  const { env, dataDir } = scratch;
  try {
    let server = await startServer(env);
    const who = await accounts(server.base);
    // The embedded database has one user at a time: seed with the server stopped.
    await server.stop();
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    const started = Date.now();
    let counts;
    let files;
    try {
      counts = await seedClientMoney(database, who, { vacuum: Boolean(env.DATABASE_URL) });
      console.log(
        `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts.entries} entries (${counts.lines} lines) from ${counts.start} over ${counts.clients} clients, ${counts.balances} balances (${counts.monthly_balances} monthly); the measured client: ${counts.client_entries} entries; ${counts.statements} monthly statements reconciled before ${counts.until} (${counts.statement_lines} lines), ${counts.unmatched} entries unmatched; ${env.DATABASE_URL ? 'vacuumed and analysed (as autovacuum would)' : 'analysed (nothing vacuums PGlite)'}`,
      );
      files = await statementFiles(database, { ...who, until: counts.until }, IMPORTS);
      if (EXPLAIN) await explainQueries(database, who.clientId, pastDays(counts));
    } finally {
      await database.close();
    }
    server = await startServer(env);
    try {
      await measure(server.base, who, counts, files, Boolean(env.DATABASE_URL));
    } finally {
      await server.stop();
    }
  } finally {
    const keep = KEEP && Boolean(env.DATABASE_URL);
    if (keep) console.log(`kept (BENCH_CM_KEEP=1): ${env.DATABASE_URL}`);
    await scratch.dispose({ keepDatabase: keep });
  }
}

/** The past days asked about: a month's end just reconciled, a year ago, and near the start. */
function pastDays(counts) {
  const lastMonthEnd = new Date(`${counts.until}T00:00:00Z`);
  lastMonthEnd.setUTCDate(0);
  return [
    ['the last month reconciled', lastMonthEnd.toISOString().slice(0, 10)],
    ['a year ago', nairobiDayBefore(365)],
    ['the middle of the three years', nairobiDayBefore(Math.round(DAYS / 2))],
    ['the first month', nairobiDayBefore(DAYS - 30)],
  ];
}

async function measure(base, who, counts, files, onPostgres) {
  // The write path on top of the seeded rows: a receipt through the API takes the next CR number
  // of the year and moves the balance the seed wrote, as the triggers would have.
  const today = nairobiDayBefore(0);
  const before = await json(
    base,
    'GET',
    `/api/client-money/ledgers?clientId=${who.clientId}`,
    undefined,
    who.owner,
  );
  const receipt = await json(
    base,
    'POST',
    '/api/client-money/entries',
    {
      kind: 'receipt',
      date: today,
      clientId: who.clientId,
      accountId: who.accountId,
      amountKsh: 25_000,
      reference: 'SKBENCH0001',
      narrative: 'Deposit towards the costs of the transfer',
    },
    who.owner,
  );
  console.log(
    `through the API: receipt ${receipt.entry.receiptNumber}; the client's balance ${before.totalKsh} → ${receipt.balanceKsh}${receipt.balanceKsh === before.totalKsh + 25_000 ? '' : ' (not the seeded balance plus the receipt!)'}`,
  );

  // The screens ask for a ledger a page at a time (ADR 053): the newest 100, then the 100 before
  // the oldest shown. The whole ledger (no `limit`) is still measured, with no target.
  const newest = await json(
    base,
    'GET',
    `/api/client-money/ledgers/${who.clientId}?limit=100`,
    undefined,
    who.owner,
  );
  const cases = [
    [
      'ledger',
      'advocate',
      `/api/client-money/ledgers/${who.clientId}?limit=100`,
      who.owner,
      `one client's ledger, the newest 100 of ${counts.client_entries + 1} entries`,
    ],
    [
      'ledger',
      'advocate',
      `/api/client-money/ledgers/${who.clientId}?limit=100&before=${newest.nextBefore}`,
      who.owner,
      'the 100 before those (Show earlier entries)',
    ],
    [
      'ledger',
      'client',
      `/api/client-money/ledgers/${who.clientId}?limit=100`,
      who.client,
      'their own ledger, the newest 100',
    ],
    [
      null,
      'advocate',
      `/api/client-money/ledgers/${who.clientId}`,
      who.owner,
      `the whole ledger (${counts.client_entries + 1} entries, no limit)`,
    ],
    [null, 'advocate', '/api/client-money/ledgers', who.owner, "every client's balance now"],
    ...pastDays(counts).map(([label, day]) => [
      'asOf',
      'advocate',
      `/api/client-money/ledgers?asOf=${day}`,
      who.owner,
      `every client's balance at ${label}`,
    ]),
  ];
  console.log(`load average before: ${load()}`);
  const worst = { ledger: 0, asOf: 0, statement: 0 };
  for (const [target, role, url, token, label] of cases) {
    const figures = await timeGets(base, url, token, N, WARM_UP);
    if (target) worst[target] = Math.max(worst[target], figures.median);
    const limit = target ? `  (target ≤ ${TARGETS[target]} ms)` : '';
    console.log(
      `  ${`GET ${url.replace(/[0-9a-f-]{36}/g, '{id}')}`.padEnd(64)} ${role.padEnd(8)} median ${figures.median.toFixed(2).padStart(7)} ms  p95 ${figures.p95.toFixed(2).padStart(7)} ms  first ${figures.first.toFixed(1).padStart(6)} ms  ${String(figures.bytes).padStart(8)} B  ${label}${limit}`,
    );
  }

  const times = [];
  for (const file of files) {
    const form = new FormData();
    form.append('accountId', who.accountId);
    form.append(
      'file',
      new Blob([file.csv], { type: 'text/csv' }),
      `statement-${file.first}-${file.last}.csv`,
    );
    const start = performance.now();
    const response = await fetch(`${base}/api/client-money/statements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.owner}` },
      body: form,
    });
    const body = await response.json();
    const ms = performance.now() - start;
    if (response.status !== 201) {
      throw new Error(
        `POST /api/client-money/statements: ${response.status} ${JSON.stringify(body)}`,
      );
    }
    times.push(ms);
    const { statement } = body;
    console.log(
      `  POST /api/client-money/statements ${file.first}..${file.last}: ${statement.lineCount} lines, ${statement.matchedCount} matched, ${statement.unmatchedLines.length} left (${file.sms} SMS charges, a ledger fee a day), ${(ms / 1000).toFixed(2)} s`,
    );
  }
  console.log(`load average after: ${load()}`);
  if (times.length > 0) {
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
    worst.statement = median;
    console.log(
      `  statements of ${STATEMENT_LINES} lines, ${times.length} imports: median ${(median / 1000).toFixed(2)} s  p95 ${(p95 / 1000).toFixed(2)} s  (target ≤ ${TARGETS.statement / 1000} s)`,
    );
  }
  const verdict = (key, what) => {
    const ms = worst[key];
    const held = ms <= TARGETS[key] ? 'holds' : 'missed';
    const note = onPostgres ? '' : ' (the target is stated for PostgreSQL)';
    return `${what} ${ms.toFixed(2)} ms ≤ ${TARGETS[key]}: ${held}${note}`;
  };
  console.log(
    `targets, slowest median of each kind: ${[
      verdict('ledger', "a client's ledger"),
      verdict('asOf', 'balances at a past day'),
      verdict('statement', 'a statement imported and matched'),
    ].join('; ')}`,
  );
}
