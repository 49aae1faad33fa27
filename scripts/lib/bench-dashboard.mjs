// The dashboard scenario of `npm run bench:api` (its target, ADR 019: GET /api/dashboard/stats in
// ≤ 30 ms median with 100k cases and 50k appointments on the PostgreSQL server), on a fresh database
// of its own: medians of the stats endpoint per role (client, admin with every toggle, advocate),
// one request at a time. Figures on a shared machine are indicative.
import { json, scratchDatabase, timeGet, registerOwner, firstSignIn } from './bench-kit.mjs';
import {
  ensureAdvocates,
  ensureClients,
  openDatabase,
  seedAppointments,
  seedCases,
  seedContactMessages,
  seedConversations,
} from './seed-cases-sql.mjs';

const N = Number(process.env.BENCH_DASHBOARD_N ?? 200);
const CASES = Number(process.env.BENCH_DASHBOARD_CASES ?? 100_000);
const APPOINTMENTS = Number(process.env.BENCH_DASHBOARD_APPOINTMENTS ?? 50_000);
/** Enquiries and conversations too, so the enquiries count and the messages tiles read real rows. */
const ENQUIRIES = Number(process.env.BENCH_DASHBOARD_ENQUIRIES ?? 10_000);
const CONVERSATIONS_PER_CLIENT = 5;
const MESSAGES_EACH = 10;

/** The owner advocate, a client and an admin with every toggle, through the API. */
async function accounts(base) {
  const owner = await registerOwner(base, 'bench-dashboard-advocate@example.test');
  const client = await json(
    base,
    'POST',
    '/api/user-management/create-client',
    { firstName: 'Bench', lastName: 'Client', email: 'bench-dashboard-client@example.test' },
    owner.token,
  );
  const admin = await json(
    base,
    'POST',
    '/api/user-management/create-admin',
    {
      firstName: 'Bench',
      lastName: 'Admin',
      email: 'bench-dashboard-admin@example.test',
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
    clientId: client.user.id,
    adminId: admin.user.id,
    tokens: {
      client: await firstSignIn(base, client.user.email, client.temporaryPassword),
      admin: await firstSignIn(base, admin.user.email, admin.temporaryPassword),
      advocate: owner.token,
    },
  };
}

/**
 * Runs the scenario for one database. `startServer(env)` is bench-api's. `databaseUrl`: a
 * PostgreSQL server URL (a fresh database is made there); unset: PGlite.
 */
export async function benchDashboard({ name, startServer, databaseUrl }) {
  console.log(
    `\n== dashboard on ${name}: ${CASES} cases, ${APPOINTMENTS} appointments, ${ENQUIRIES} enquiries, ${CONVERSATIONS_PER_CLIENT * 1000} conversations of ${MESSAGES_EACH} messages (medians of ${N} requests, one at a time)`,
  );
  const scratch = await scratchDatabase('dashboard', databaseUrl);
  const { env, dataDir } = scratch;
  try {
    let server = await startServer(env);
    const who = await accounts(server.base);
    // The embedded database has one user at a time: seed with the server stopped.
    await server.stop();
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    const started = Date.now();
    try {
      const clientIds = await ensureClients(database, 999, [who.clientId]);
      // Half the cases to the owner, half to the admin (the admin's "assigned to you").
      await seedCases(database, {
        from: 1,
        to: Math.floor(CASES / 2),
        clientIds,
        assigneeId: who.ownerId,
      });
      await seedCases(database, {
        from: Math.floor(CASES / 2) + 1,
        to: CASES,
        clientIds,
        assigneeId: who.adminId,
      });
      const advocateIds = [who.ownerId, ...(await ensureAdvocates(database, 19))];
      await seedAppointments(database, { from: 1, to: APPOINTMENTS, clientIds, advocateIds });
      await seedContactMessages(database, ENQUIRIES);
      await seedConversations(database, {
        clientIds,
        staffId: who.ownerId,
        perClient: CONVERSATIONS_PER_CLIENT,
        messagesEach: MESSAGES_EACH,
      });
    } finally {
      await database.close();
    }
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    server = await startServer(env);
    try {
      for (const role of ['client', 'admin', 'advocate']) {
        const ms = await timeGet(server.base, '/api/dashboard/stats', who.tokens[role], N);
        console.log(
          `  GET /api/dashboard/stats as ${role.padEnd(8)} median ${ms.toFixed(2)} ms (target ≤ 30 ms on PostgreSQL)`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.dispose();
  }
}
