// Seeds cases straight into a migrated database (PGlite data directory or PostgreSQL), for the
// benchmark and for trying the screens with realistic volumes. Used by scripts/seed-cases.mjs and
// scripts/lib/bench-cases.mjs.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** `query(sql, params)` → rows, on DATABASE_URL or on DATA_DIR's embedded database (server stopped). */
export async function openDatabase({ databaseUrl, dataDir }) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      query: async (sql, params = []) => (await client.query(sql, params)).rows,
      close: () => client.end(),
    };
  }
  const db = await PGlite.create(path.join(dataDir, 'pgdata'), {
    extensions: { pg_trgm, btree_gist },
  });
  return {
    query: async (sql, params = []) => (await db.query(sql, params)).rows,
    close: () => db.close(),
  };
}

const FIRST_NAMES = [
  'Wanjiru',
  'Otieno',
  'Akinyi',
  'Kamau',
  'Njeri',
  'Mutua',
  'Chebet',
  'Odhiambo',
  'Wambui',
  'Kiprono',
];

/**
 * Adds `clients` client accounts (not able to sign in: no real password) if fewer exist, and
 * returns every client id, `extraClientIds` first.
 */
export async function ensureClients({ query }, clients, extraClientIds = []) {
  const [{ n }] = await query(
    `select count(*)::int as n from users where email like 'seed-client-%'`,
  );
  if (n < clients) {
    await query(
      `insert into users (email, password_hash, first_name, last_name, role)
       select 'seed-client-' || g || '@example.test', 'seeded-account-no-password',
              ($2::text[])[1 + g % 10], 'Client ' || g, 'client'
       from generate_series($1::int + 1, $3::int) g`,
      [n, FIRST_NAMES, clients],
    );
  }
  const rows = await query(
    `select id from users where email like 'seed-client-%' order by email limit $1`,
    [clients],
  );
  return [...extraClientIds, ...rows.map((r) => r.id)];
}

/**
 * Inserts cases numbered `from`..`to` (1-based) spread round-robin over `clientIds`, assigned to
 * `assigneeId`. Their file numbers use years before 2000 so they never meet the server's own.
 */
export async function seedCases({ query }, { from, to, clientIds, assigneeId }) {
  const batch = 20_000;
  for (let start = from; start <= to; start += batch) {
    const end = Math.min(to, start + batch - 1);
    await query(
      `insert into cases (case_number, title, description, category, status, priority, client_id,
                          assignee_id, court, court_case_number, court_date, created_at, updated_at)
       select 'MWA/' || (1900 + g / 9999) || '/' || lpad((g % 9999 + 1)::text, 4, '0'),
              (array['Land dispute', 'Employment claim', 'Divorce petition', 'Breach of contract',
                     'Succession cause'])[1 + g % 5] || ' no. ' || g,
              'A case seeded for the benchmark: the facts, the orders sought and the next steps.',
              (array['property', 'employment', 'family', 'corporate', 'family'])[1 + g % 5],
              (array['pending', 'in_progress', 'completed'])[1 + g % 3],
              (array['low', 'medium', 'high', 'urgent'])[1 + g % 4],
              ($3::uuid[])[1 + g % cardinality($3::uuid[])],
              $4::uuid,
              'Milimani Law Courts', 'HCCC E' || g || ' of 2025',
              case when g % 7 = 0 then now() + (g % 90) * interval '1 day' end,
              now() - g * interval '1 minute', now() - g * interval '1 minute'
       from generate_series($1::int, $2::int) g`,
      [start, end, clientIds, assigneeId],
    );
  }
  await query('analyze cases');
  await query('analyze users');
}
