// The billing scenario of `npm run bench:api` (its targets, from the billing issue: a fee note's
// PDF in ≤ 200 ms; a page of 20 among 100,000 fee notes in ≤ 20 ms on PostgreSQL; the statement of
// a client with 500 fee notes in ≤ 50 ms), on a fresh database of its own: 1,000 clients with a
// case each and 100,000 fee notes of three lines (drafts, issued, partly paid, paid, cancelled,
// numbered gap-free per year as issuing them would), their payments with receipts, one client
// holding exactly 500 of the notes; then medians and p95 of the billing reads, one request at a
// time after a warm-up. Figures on a shared machine are indicative: the load average is printed.
import { loadavg } from 'node:os';
import { json, registerOwner, scratchDatabase, firstSignIn, timeGets } from './bench-kit.mjs';
import { openDatabase } from './seed-cases-sql.mjs';
import { CLIENT_NOTES, CLIENTS, NOTES, seedBilling } from './bench-billing-seed.mjs';

const N = Number(process.env.BENCH_BILLING_N ?? 200);
const WARM_UP = 20;
/** BENCH_EXPLAIN=1 prints, after seeding, the plans of the list's, statement's and count's SQL. */
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

/**
 * Medians, in ms. `page` and `deep` are the one target (20 ms, stated for PostgreSQL), told apart:
 * the first pages, and those far down a long list (OFFSET), whose costs differ.
 */
const TARGETS = { pdf: 200, page: 20, deep: 20, statement: 50 };

/**
 * The owner advocate and the client whose statement is measured, through the API; and the firm's
 * billing settings (VAT-registered, a paybill, a bank account) so a PDF carries all it can.
 */
async function accounts(base) {
  const owner = await registerOwner(base, 'bench-billing-advocate@example.test');
  const client = await json(
    base,
    'POST',
    '/api/user-management/create-client',
    {
      firstName: 'Bench',
      lastName: 'Statement Client',
      email: 'bench-billing-client@example.test',
    },
    owner.token,
  );
  const { settings } = await json(base, 'GET', '/api/settings/firm', undefined, owner.token);
  await json(
    base,
    'PUT',
    '/api/settings/firm',
    {
      ...settings,
      kraPin: 'P051234567X',
      isVatRegistered: true,
      mpesaKind: 'paybill',
      mpesaNumber: '522522',
      mpesaInstructions: 'Business number 522522, account: the fee note number.',
      bankName: 'Kenya Commercial Bank',
      bankBranch: 'Moi Avenue',
      bankAccountName: 'Mwamba & Associates Advocates',
      bankAccountNumber: '1107654321',
    },
    owner.token,
  );
  return {
    ownerId: owner.user.id,
    owner: owner.token,
    clientId: client.user.id,
    client: await firstSignIn(base, client.user.email, client.temporaryPassword),
  };
}

// The list's queries as fee-notes.repository builds them (drizzle's SQL, written out), for EXPLAIN.
const PAGE_SQL = (where, offset) => `
  select fee_notes.*, client.first_name, client.last_name, client.email, client.phone,
         cases.case_number, cases.title
  from fee_notes inner join users client on client.id = fee_notes.client_id
  left join cases on cases.id = fee_notes.case_id
  where fee_notes.id in (select fee_notes.id from fee_notes where ${where}
                         order by fee_notes.created_at desc, fee_notes.id desc
                         limit 20 offset ${offset})
  order by fee_notes.created_at desc, fee_notes.id desc`;
const COUNT_SQL = (where) => `select count(*) from fee_notes where ${where}`;

async function explainQueries(database, clientId, overdueCount) {
  const overdue = `fee_notes.status in ('issued', 'partly_paid') and fee_notes.due_date < (now() at time zone 'Africa/Nairobi')::date`;
  const mine = `fee_notes.client_id = '${clientId}' and fee_notes.status <> 'draft'`;
  const middle = Math.floor(NOTES / 2 / 20) * 20;
  const overdueMiddle = Math.floor(overdueCount / 2 / 20) * 20;
  const plans = [
    ['page 1 (staff)', PAGE_SQL('true', 0)],
    [`middle page, offset ${middle} (staff)`, PAGE_SQL('true', middle)],
    ['count (staff)', COUNT_SQL('true')],
    ['overdue page 1', PAGE_SQL(overdue, 0)],
    [`overdue middle page, offset ${overdueMiddle}`, PAGE_SQL(overdue, overdueMiddle)],
    ['overdue count', COUNT_SQL(overdue)],
    ["client's page 1", PAGE_SQL(mine, 0)],
    ["client's count", COUNT_SQL(mine)],
    [
      "client's balance",
      `select coalesce(sum(total_ksh - paid_ksh), 0) from fee_notes
       where client_id = '${clientId}' and status in ('issued', 'partly_paid')`,
    ],
  ];
  for (const [what, sql] of plans) {
    const plan = await database.query(`explain (analyze, buffers, costs off) ${sql}`);
    console.log(`  -- ${what}`);
    for (const row of plan) console.log(`     ${Object.values(row)[0]}`);
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * Runs the scenario for one database. `startServer(env)` is bench-api's. `databaseUrl`: a
 * PostgreSQL server URL (a fresh database is made there); unset: PGlite.
 */
export async function benchBilling({ name, startServer, databaseUrl }) {
  console.log(
    `\n== billing on ${name}: ${NOTES} fee notes of 3 lines over ${CLIENTS} clients, one with ${CLIENT_NOTES} (medians and p95 of ${N} requests, one at a time, after ${WARM_UP} to warm up)`,
  );
  const scratch = await scratchDatabase('billing', databaseUrl);
  const { env, dataDir } = scratch;
  try {
    let server = await startServer(env);
    const who = await accounts(server.base);
    // The embedded database has one user at a time: seed with the server stopped.
    await server.stop();
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    const started = Date.now();
    let counts;
    try {
      counts = await seedBilling(database, who, { vacuum: Boolean(env.DATABASE_URL) });
      console.log(
        `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts.notes} notes (${counts.drafts} drafts, ${counts.issued} issued, ${counts.partly_paid} partly paid, ${counts.paid} paid, ${counts.cancelled} cancelled; ${counts.overdue} overdue), ${counts.lines} lines, ${counts.payments} payments; the statement's client: ${counts.client_notes} notes (${counts.client_visible} visible to them), ${counts.client_payments} payments; ${env.DATABASE_URL ? 'vacuumed and analysed (as autovacuum would)' : 'analysed (nothing vacuums PGlite)'}`,
      );
      if (EXPLAIN) await explainQueries(database, who.clientId, counts.overdue);
    } finally {
      await database.close();
    }
    server = await startServer(env);
    try {
      await measure(server.base, who, counts, Boolean(env.DATABASE_URL));
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.dispose();
  }
}

async function measure(base, who, counts, onPostgres) {
  // The write path on top of the seeded numbers: a draft issued (the next FN of the year) and
  // part of it paid (the next RC). A clash with a seeded number would fail here.
  const draft = await json(
    base,
    'POST',
    '/api/fee-notes',
    {
      clientId: who.clientId,
      dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      buyerKraPin: 'A012345678Z',
      lines: [
        {
          kind: 'fee',
          description: 'Drafting the sale agreement',
          quantity: 3,
          unitPriceKsh: 15000,
        },
        {
          kind: 'fee',
          description: 'Attendance at the lands registry',
          quantity: 1,
          unitPriceKsh: 10000,
        },
        { kind: 'disbursement', description: 'Search fee', quantity: 1, unitPriceKsh: 520 },
      ],
    },
    who.owner,
  );
  const issued = await json(
    base,
    'POST',
    `/api/fee-notes/${draft.feeNote.id}/issue`,
    {},
    who.owner,
  );
  const paid = await json(
    base,
    'POST',
    '/api/payments',
    { feeNoteId: draft.feeNote.id, amountKsh: 20000, method: 'bank', reference: 'FT26BENCH01' },
    who.owner,
  );
  console.log(
    `through the API: ${issued.feeNote.number} issued (KSh ${issued.feeNote.totals.totalKsh}), receipt ${paid.payment.receiptNumber}`,
  );

  const pages = Math.max(1, Math.ceil(counts.notes / 20));
  const middle = Math.max(1, Math.floor(pages / 2));
  const overduePages = Math.max(1, Math.ceil(counts.overdue / 20));
  // A seeded issued note of the client (so both roles may read it), and the one just issued.
  const statement = await json(base, 'GET', '/api/fee-notes?limit=20', undefined, who.client);
  const seededIssued =
    statement.feeNotes.find((note) => note.status === 'issued' && note.id !== draft.feeNote.id) ??
    statement.feeNotes.find((note) => note.id !== draft.feeNote.id);
  const cases = [
    ['page', 'advocate', '/api/fee-notes?page=1&limit=20', who.owner, 'first page of all'],
    [
      'deep',
      'advocate',
      `/api/fee-notes?page=${middle}&limit=20`,
      who.owner,
      `page ${middle} of all`,
    ],
    [
      'deep',
      'advocate',
      `/api/fee-notes?page=${pages}&limit=20`,
      who.owner,
      `last page (${pages})`,
    ],
    [
      'page',
      'advocate',
      '/api/fee-notes?status=overdue&page=1&limit=20',
      who.owner,
      'overdue, first page',
    ],
    [
      'deep',
      'advocate',
      `/api/fee-notes?status=overdue&page=${Math.max(1, Math.floor(overduePages / 2))}&limit=20`,
      who.owner,
      `overdue, page ${Math.max(1, Math.floor(overduePages / 2))} of ${overduePages}`,
    ],
    [
      'statement',
      'advocate',
      `/api/fee-notes?clientId=${who.clientId}&limit=20`,
      who.owner,
      "one client's, with balance",
    ],
    [
      'statement',
      'client',
      '/api/fee-notes?limit=20',
      who.client,
      'their statement (page + balance)',
    ],
    ['statement', 'client', '/api/payments?limit=20', who.client, 'their payments'],
    [
      'pdf',
      'advocate',
      `/api/fee-notes/${seededIssued.id}/pdf`,
      who.owner,
      `PDF of ${seededIssued.number}`,
    ],
    [
      'pdf',
      'client',
      `/api/fee-notes/${seededIssued.id}/pdf`,
      who.client,
      `PDF of ${seededIssued.number}`,
    ],
    [
      'pdf',
      'advocate',
      `/api/fee-notes/${draft.feeNote.id}/pdf`,
      who.owner,
      `PDF of ${issued.feeNote.number} (part paid)`,
    ],
    [null, 'advocate', `/api/fee-notes/${seededIssued.id}`, who.owner, 'one fee note'],
    [null, 'client', `/api/fee-notes/${seededIssued.id}`, who.client, 'one fee note'],
  ];
  console.log(`load average before: ${load()}`);
  const worst = { pdf: 0, page: 0, deep: 0, statement: 0 };
  for (const [target, role, url, token, label] of cases) {
    const figures = await timeGets(base, url, token, N, WARM_UP);
    if (target) worst[target] = Math.max(worst[target], figures.median);
    const limit = target ? `  (target ≤ ${TARGETS[target]} ms)` : '';
    console.log(
      `  ${`GET ${url.replace(/[0-9a-f-]{36}/g, '{id}')}`.padEnd(58)} ${role.padEnd(8)} median ${figures.median.toFixed(2).padStart(7)} ms  p95 ${figures.p95.toFixed(2).padStart(7)} ms  first ${figures.first.toFixed(1).padStart(6)} ms  ${String(figures.bytes).padStart(6)} B  ${label}${limit}`,
    );
  }
  console.log(`load average after: ${load()}`);
  const verdict = (key, what, postgresOnly = false) => {
    const ms = worst[key];
    const held = ms <= TARGETS[key] ? 'holds' : 'missed';
    const note = postgresOnly && !onPostgres ? ' (the target is stated for PostgreSQL)' : '';
    return `${what} ${ms.toFixed(2)} ms ≤ ${TARGETS[key]}: ${held}${note}`;
  };
  console.log(
    `targets, slowest median of each kind: ${[
      verdict('pdf', 'PDF'),
      verdict('page', 'first pages of 20', true),
      verdict('deep', 'pages far down (OFFSET)', true),
      verdict('statement', 'statement', false),
    ].join('; ')}`,
  );
}
