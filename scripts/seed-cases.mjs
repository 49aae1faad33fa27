#!/usr/bin/env node
// Seeds many cases for trying the screens or measuring (the cases benchmark's targets, ADR 014):
//   node scripts/seed-cases.mjs --count 100000 [--clients 1000] [--assignee <email>]
//                               [--appointments 50000] [--advocates 20]
// On DATABASE_URL when set, else on DATA_DIR's embedded database (default ./data; stop the server
// first: the embedded database has one user at a time). The database must have been migrated (start
// the server once). Cases are spread over seeded client accounts (which cannot sign in) and assigned
// to the given advocate or admin (default: the first advocate). `--appointments` also seeds that many
// appointments around today, over the clients and `--advocates` seeded advocates' diaries.
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ensureAdvocates,
  ensureClients,
  openDatabase,
  seedAppointments,
  seedCases,
} from './lib/seed-cases-sql.mjs';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    clients: { type: 'string', default: '1000' },
    assignee: { type: 'string' },
    appointments: { type: 'string', default: '0' },
    advocates: { type: 'string', default: '20' },
  },
});
const count = Number(values.count);
const clients = Number(values.clients);
if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
  console.error('--count must be a whole number from 1 to 2000000');
  process.exit(2);
}

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.resolve(process.env.DATA_DIR || './data'),
});
try {
  const [assignee] = await database.query(
    values.assignee
      ? `select id from users where email = lower($1) and role in ('advocate', 'admin')`
      : `select id from users where role = 'advocate' order by created_at limit 1`,
    values.assignee ? [values.assignee] : [],
  );
  if (!assignee) throw new Error('No advocate to assign the cases to: register one first.');
  const clientIds = await ensureClients(database, clients);
  const [{ n }] = await database.query(
    `select count(*)::int as n from cases where case_number < 'MWA/2000'`,
  );
  const started = Date.now();
  await seedCases(database, { from: n + 1, to: n + count, clientIds, assigneeId: assignee.id });
  console.log(`Seeded ${count} cases (now ${n + count}) in ${Date.now() - started} ms.`);
  const appointments = Number(values.appointments);
  if (appointments > 0) {
    const advocateIds = await ensureAdvocates(database, Number(values.advocates));
    const [{ m }] = await database.query(
      `select count(*)::int as m from appointments where title like 'Seeded appointment%'`,
    );
    const begun = Date.now();
    await seedAppointments(database, { from: m + 1, to: m + appointments, clientIds, advocateIds });
    console.log(`Seeded ${appointments} appointments in ${Date.now() - begun} ms.`);
  }
} finally {
  await database.close();
}
