// Seeds cases straight into a migrated database (PGlite data directory or PostgreSQL), for the
// benchmark and for trying the screens with realistic volumes. Used by scripts/seed-cases.mjs and
// scripts/lib/bench-cases.mjs.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/**
 * A contact message's reference (`MW-` and five of the 30 letters of CONTACT_REFERENCE_ALPHABET)
 * for the SQL integer expression `g`: distinct for each g below 30^5. The column has no default
 * in the database (the server makes it), so a seed writes its own.
 */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const contactReferenceOf = (g) =>
  `'MW-' || ${[4, 3, 2, 1, 0]
    .map((i) => `substr('${REFERENCE_ALPHABET}', 1 + (${g} / ${30 ** i}) % 30, 1)`)
    .join(' || ')}`;

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

/**
 * Adds `advocates` verified advocate accounts (not able to sign in) if fewer exist, and returns
 * their ids: the seeded appointments' diaries.
 */
export async function ensureAdvocates({ query }, advocates) {
  const [{ n }] = await query(
    `select count(*)::int as n from users where email like 'seed-advocate-%'`,
  );
  if (n < advocates) {
    await query(
      `insert into users (email, password_hash, first_name, last_name, role, verification_status)
       select 'seed-advocate-' || g || '@example.test', 'seeded-account-no-password',
              ($2::text[])[1 + g % 10], 'Advocate ' || g, 'advocate', 'verified'
       from generate_series($1::int + 1, $3::int) g`,
      [n, FIRST_NAMES, advocates],
    );
  }
  const rows = await query(
    `select id from users where email like 'seed-advocate-%' order by email limit $1`,
    [advocates],
  );
  return rows.map((r) => r.id);
}

/**
 * Inserts appointments numbered `from`..`to` (1-based): clients round-robin over `clientIds`,
 * diaries round-robin over `advocateIds`, one 30-minute slot an hour in each diary (so the
 * no-overlap constraint holds) around now, in every status, fees pending or paid.
 */
export async function seedAppointments({ query }, { from, to, clientIds, advocateIds }) {
  const batch = 20_000;
  const perHour = advocateIds.length;
  // Centred on now: half of the slots before, half after.
  const firstSlotHours = -Math.ceil(to / perHour / 2);
  for (let start = from; start <= to; start += batch) {
    const end = Math.min(to, start + batch - 1);
    await query(
      `with slots as (
         select g, date_trunc('hour', now()) + (($5::int + g / $6::int) * interval '1 hour') as starts_at,
                (array['scheduled', 'confirmed', 'completed', 'cancelled', 'confirmed'])[1 + g % 5] as status
         from generate_series($1::int, $2::int) g
       )
       insert into appointments (title, description, type, status, starts_at, ends_at,
                                 duration_minutes, fee_ksh, payment_status, payment_method,
                                 payment_reference, paid_at, client_id, client_first_name,
                                 client_last_name, client_email, advocate_id, cancelled_at,
                                 created_at)
       select 'Seeded appointment no. ' || g, 'An appointment seeded for the benchmark.',
              (array['consultation', 'follow_up', 'court_appearance'])[1 + g % 3],
              status, starts_at, starts_at + interval '30 minutes', 30,
              (array[5000, 3000, 8000, 0])[1 + g % 4],
              case when g % 3 = 0 and status <> 'cancelled' then 'paid' else 'pending' end,
              case when g % 3 = 0 and status <> 'cancelled' then 'mpesa' end,
              case when g % 3 = 0 and status <> 'cancelled' then 'SEED' || g end,
              case when g % 3 = 0 and status <> 'cancelled' then least(now(), starts_at) end,
              ($3::uuid[])[1 + g % cardinality($3::uuid[])],
              'Seeded', 'Client ' || g, 'seed-client-' || g || '@example.test',
              ($4::uuid[])[1 + g % cardinality($4::uuid[])],
              case when status = 'cancelled' then starts_at - interval '1 day' end,
              starts_at - interval '7 days'
       from slots`,
      [start, end, clientIds, advocateIds, firstSlotHours, perHour],
    );
  }
  await query('analyze appointments');
}

/**
 * Inserts `count` contact messages over the last year (every urgency), the Enquiries inbox's
 * rows; those of the last fortnight stay new, older ones are marked closed.
 */
export async function seedContactMessages({ query }, count) {
  await query(
    `insert into contact_messages (reference, name, email, subject, message, urgency, consent_at,
                                   notice_version, created_at)
     select ${contactReferenceOf('g')}, 'Seeded Visitor ' || g, 'seed-visitor-' || g || '@example.test',
            'Enquiry no. ' || g, 'An enquiry seeded for the benchmark.',
            (array['normal', 'normal', 'urgent', 'emergency'])[1 + g % 4], now(), 'seed',
            now() - ((g % 365) || ' days')::interval - ((g % 24) || ' hours')::interval
     from generate_series(1, $1::int) g`,
    [count],
  );
  await query(
    `insert into enquiry_states (contact_message_id, status)
     select id, 'closed' from contact_messages
     where email like 'seed-visitor-%' and created_at < now() - interval '14 days'`,
  );
  await query('analyze contact_messages');
  await query('analyze enquiry_states');
}

/**
 * Gives each of `clientIds` `perClient` conversations of `messagesEach` messages, alternating
 * sides a minute apart over the last weeks, started by `staffId`: the dashboards' messages tiles
 * read these.
 */
export async function seedConversations(
  { query },
  { clientIds, staffId, perClient, messagesEach },
) {
  const conversations = await query(
    `insert into conversations (client_id, subject, created_by, created_at, last_message_at)
     select c, 'Seeded conversation ' || n, $2::uuid,
            now() - ((n * 3 + 1) || ' days')::interval, now() - ((n * 3) || ' days')::interval
     from unnest($1::uuid[]) as c, generate_series(1, $3::int) n
     returning id, client_id, last_message_at`,
    [clientIds, staffId, perClient],
  );
  await query(
    `insert into messages (conversation_id, sender_id, from_client, body, created_at)
     select c.id, case when g % 2 = 0 then c.client_id else $2::uuid end, g % 2 = 0,
            'Seeded message ' || g, c.last_message_at - (($3::int - g) || ' minutes')::interval
     from unnest($1::uuid[], $4::uuid[], $5::timestamptz[]) as c(id, client_id, last_message_at),
          generate_series(1, $3::int) g`,
    [
      conversations.map((row) => row.id),
      staffId,
      messagesEach,
      conversations.map((row) => row.client_id),
      conversations.map((row) => row.last_message_at),
    ],
  );
  await query('analyze conversations');
  await query('analyze messages');
}
