// The reports scenario of `npm run bench:api` (its target: each report in ≤ 100 ms median on the
// PostgreSQL server), on a fresh database of its own: 100,000 cases over three years (a fifth
// closed, every category, status and assignee, court dates ahead), 50,000 appointments over two
// years in ten diaries (every type and status, visitors' bookings, holds the system released,
// fees paid and owed), 10,000 contact messages (most acted on, some turned into clients),
// 5,000 conversations of about 40,000 messages between client and staff, and 10,000 fee notes
// (issued, partly paid, paid, a few drafts and cancelled) with their payments; then, for this
// Nairobi month and for this whole year, the median and p95 of each of the five reports (GET
// /api/reports/{caseload,appointments,enquiries,service,money}), one request at a time after a
// warm-up. Figures on a shared machine are indicative: the load average is printed.
// Environment: BENCH_REPORTS_N timed requests per report and range (default 20, after 3 to warm
// up); BENCH_REPORTS_KEEP=1 keeps the PostgreSQL database afterwards (its URL is printed) for
// EXPLAIN ANALYZE in psql; drop it by hand.
import { loadavg } from 'node:os';
import { json, registerOwner, scratchDatabase, firstSignIn, timeGets } from './bench-kit.mjs';
import { ensureAdvocates, ensureClients, openDatabase } from './seed-cases-sql.mjs';
import {
  ADVOCATES,
  APPOINTMENTS,
  CASES,
  CLIENTS,
  CONVERSATIONS,
  ENQUIRIES,
  FEE_NOTES,
  nairobiToday,
  seedAppointmentRows,
  seedCaseRows,
  seedConversationRows,
  seedEnquiryRows,
} from './bench-reports-activity.mjs';
import { seedMoneyRows } from './bench-reports-money.mjs';

const N = Number(process.env.BENCH_REPORTS_N ?? 20);
const WARM_UP = 3;
const KEEP = process.env.BENCH_REPORTS_KEEP === '1';
const TARGET_MS = 100;
const KINDS = ['caseload', 'appointments', 'enquiries', 'service', 'money'];

/** This Nairobi month and this Nairobi year, as the reports' `from` and `to`. */
function ranges(today) {
  const [year, month] = today.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return [
    [
      'month',
      { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(lastDay).padStart(2, '0')}` },
    ],
    ['year', { from: `${year}-01-01`, to: `${year}-12-31` }],
  ];
}

/** The owner advocate, and an admin who may read reports (canAccessReports), through the API. */
async function accounts(base) {
  const owner = await registerOwner(base, 'bench-reports-advocate@example.test');
  const admin = await json(
    base,
    'POST',
    '/api/user-management/create-admin',
    {
      firstName: 'Bench',
      lastName: 'Admin',
      email: 'bench-reports-admin@example.test',
      permissions: {
        canOpenFiles: true,
        canUploadFiles: true,
        canAdmitClients: true,
        canManageCases: true,
        canScheduleAppointments: true,
        canAccessReports: true,
      },
    },
    owner.token,
  );
  return {
    ownerId: owner.user.id,
    adminId: admin.user.id,
    tokens: {
      advocate: owner.token,
      admin: await firstSignIn(base, admin.user.email, admin.temporaryPassword),
    },
  };
}

const TABLES = [
  'users',
  'cases',
  'case_counts',
  'appointments',
  'contact_messages',
  'enquiry_states',
  'conversations',
  'messages',
  'fee_notes',
  'fee_note_lines',
  'payments',
  'billing_number_counters',
];

/**
 * Seeds the scenario's rows; `who`: { ownerId, adminId }. `vacuum`: VACUUM ANALYZE (a PostgreSQL
 * server's autovacuum would have, and index-only scans need it); else ANALYZE only (nothing
 * vacuums the embedded database).
 */
export async function seedReports(database, who, { vacuum = false } = {}) {
  const at = new Date().toISOString();
  const startDay = nairobiToday(new Date(Date.now() - 548 * 86_400_000));
  const clientIds = await ensureClients(database, CLIENTS);
  const advocateIds = [who.ownerId, ...(await ensureAdvocates(database, ADVOCATES - 1))];
  const staffIds = [who.ownerId, who.adminId, ...advocateIds.slice(1)];
  const batch = 20_000;
  for (let from = 1; from <= CASES; from += batch) {
    const to = Math.min(CASES, from + batch - 1);
    await seedCaseRows(database, { from, to, at, clientIds, staffIds });
  }
  await seedAppointmentRows(database, { at, startDay, clientIds, advocateIds, staffIds });
  await seedEnquiryRows(database, { at, clientIds, staffIds });
  await seedConversationRows(database, { at, clientIds, staffIds });
  await seedMoneyRows(database, { at, clientIds, ownerId: who.ownerId });
  for (const table of TABLES) {
    await database.query(`${vacuum ? 'vacuum analyze' : 'analyze'} ${table}`);
  }
  const [counts] = await database.query(
    `select (select count(*)::int from cases) as cases,
            (select count(*)::int from cases where status = 'closed') as closed,
            (select count(*)::int from cases where court_date > now()) as court_ahead,
            (select count(*)::int from appointments) as appointments,
            (select count(*)::int from appointments where status = 'cancelled') as cancelled,
            (select count(*)::int from appointments where cancelled_by = 'system') as released,
            (select count(*)::int from appointments where payment_status = 'paid') as paid_fees,
            (select count(*)::int from contact_messages) as enquiries,
            (select count(*)::int from enquiry_states) as enquiry_states,
            (select count(*)::int from enquiry_states where client_id is not null) as converted,
            (select count(*)::int from conversations) as conversations,
            (select count(*)::int from messages) as messages,
            (select count(*)::int from fee_notes) as fee_notes,
            (select count(*)::int from payments) as payments`,
  );
  return counts;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function measure(base, who, onPostgres) {
  const today = nairobiToday(new Date());
  // An admin with canAccessReports reads every report too (once each, untimed).
  for (const kind of KINDS) {
    await json(base, 'GET', `/api/reports/${kind}`, undefined, who.tokens.admin);
  }
  console.log(`load average before: ${load()}`);
  const worst = new Map();
  for (const [label, range] of ranges(today)) {
    for (const kind of KINDS) {
      const url = `/api/reports/${kind}?from=${range.from}&to=${range.to}`;
      const figures = await timeGets(base, url, who.tokens.advocate, N, WARM_UP);
      worst.set(kind, Math.max(worst.get(kind) ?? 0, figures.median));
      console.log(
        `  GET ${url.padEnd(55)} ${label.padEnd(5)} median ${figures.median.toFixed(2).padStart(7)} ms  p95 ${figures.p95.toFixed(2).padStart(7)} ms  ${String(figures.bytes).padStart(6)} B`,
      );
    }
  }
  console.log(`load average after: ${load()}`);
  const note = onPostgres ? '' : ' (the target is stated for PostgreSQL)';
  console.log(
    `target ≤ ${TARGET_MS} ms median, slowest range of each: ${KINDS.map((kind) => {
      const ms = worst.get(kind);
      return `${kind} ${ms.toFixed(2)} ms ${ms <= TARGET_MS ? 'holds' : 'missed'}`;
    }).join('; ')}${note}`,
  );
}

/**
 * Runs the scenario for one database. `startServer(env)` is bench-api's. `databaseUrl`: a
 * PostgreSQL server URL (a fresh database is made there); unset: PGlite.
 */
export async function benchReports({ name, startServer, databaseUrl }) {
  console.log(
    `\n== reports on ${name}: ${CASES} cases, ${APPOINTMENTS} appointments, ${ENQUIRIES} enquiries, ${CONVERSATIONS} conversations, ${FEE_NOTES} fee notes (median and p95 of ${N} requests per report and range, one at a time, after ${WARM_UP} to warm up)`,
  );
  const scratch = await scratchDatabase('reports', databaseUrl);
  const { env, dataDir } = scratch;
  const keep = KEEP && Boolean(env.DATABASE_URL);
  try {
    let server = await startServer(env);
    const who = await accounts(server.base);
    // The embedded database has one user at a time: seed with the server stopped.
    await server.stop();
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    const started = Date.now();
    try {
      const c = await seedReports(database, who, { vacuum: Boolean(env.DATABASE_URL) });
      console.log(
        `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${c.cases} cases (${c.closed} closed, ${c.court_ahead} with a court date ahead), ${c.appointments} appointments (${c.cancelled} cancelled, ${c.released} released by the system, ${c.paid_fees} fees paid), ${c.enquiries} enquiries (${c.enquiry_states} handling rows, ${c.converted} made clients), ${c.conversations} conversations of ${c.messages} messages, ${c.fee_notes} fee notes, ${c.payments} payments; ${env.DATABASE_URL ? 'vacuumed and analysed (as autovacuum would)' : 'analysed (nothing vacuums PGlite)'}`,
      );
    } finally {
      await database.close();
    }
    server = await startServer(env);
    try {
      await measure(server.base, who, Boolean(env.DATABASE_URL));
    } finally {
      await server.stop();
    }
  } finally {
    if (keep) console.log(`kept (BENCH_REPORTS_KEEP=1): ${env.DATABASE_URL}`);
    await scratch.dispose({ keepDatabase: keep });
  }
}
