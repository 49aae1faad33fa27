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
import {
  contactReferenceOf,
  ensureAdvocates,
  ensureClients,
  openDatabase,
} from './seed-cases-sql.mjs';

const N = Number(process.env.BENCH_REPORTS_N ?? 20);
const WARM_UP = 3;
const KEEP = process.env.BENCH_REPORTS_KEEP === '1';
const TARGET_MS = 100;
const KINDS = ['caseload', 'appointments', 'enquiries', 'service', 'money'];

const CASES = 100_000;
const APPOINTMENTS = 50_000;
const ENQUIRIES = 10_000;
const CONVERSATIONS = 5_000;
const FEE_NOTES = 10_000;
const CLIENTS = 1000;
/** The diaries: the owner and nine more advocates; the admin takes cases and answers messages. */
const ADVOCATES = 10;
const ZONE = 'Africa/Nairobi';

/** A stable pseudo-random integer in [0, n) of a row's `key` (an SQL expression) and a salt. */
const rnd = (key, salt, n) => `((hashtext((${key})::text || '${salt}') & 2147483647) % ${n})`;

/** Nairobi's today, `YYYY-MM-DD`. */
const nairobiToday = (now) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

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

/**
 * Cases g = `from`..`to` (g = 1 the newest), one every ~16 minutes back over three years: a fifth
 * closed at some point since they were opened, the rest pending, in progress or completed; every
 * category; assigned round the staff, one in twelve unassigned; one open case in seven with a
 * court date between a month ago and three months ahead. File numbers use years before 2000 so
 * they never meet the server's own.
 */
async function seedCaseRows({ query }, { from, to, at, clientIds, staffIds }) {
  await query(
    `with c as (
       select g, $3::timestamptz - (g::float8 * $6::float8) * interval '1 second' as created_at,
              case when ${rnd('g', 'closed', 5)} = 0 then 'closed'
                   else (array['pending', 'in_progress', 'completed'])[1 + ${rnd('g', 'status', 3)}]
              end as status,
              ${rnd('g', 'assignee', 12)} as assignee
       from generate_series($1::int, $2::int) g
     ), shaped as (
       select c.*,
              case when status = 'closed'
                   then created_at + ($3::timestamptz - created_at) * ((1 + ${rnd('g', 'closing', 99)}) / 100.0)::float8
              end as closed_at
       from c
     )
     insert into cases (case_number, title, description, category, status, priority, client_id,
                        assignee_id, court, court_case_number, court_date, created_at, updated_at,
                        closed_at)
     select 'MWA/' || (1900 + g / 9999) || '/' || lpad((g % 9999 + 1)::text, 4, '0'),
            (array['Land dispute', 'Employment claim', 'Divorce petition', 'Breach of contract',
                   'Succession cause', 'Robbery with violence'])[1 + g % 6] || ' no. ' || g,
            'A case seeded for the reports benchmark: the facts, the orders sought, the next steps.',
            (array['family', 'corporate', 'criminal', 'property', 'employment', 'family',
                   'property'])[1 + ${rnd('g', 'category', 7)}],
            status,
            (array['low', 'medium', 'high', 'urgent'])[1 + ${rnd('g', 'priority', 4)}],
            ($4::uuid[])[1 + g % cardinality($4::uuid[])],
            case when assignee < cardinality($5::uuid[]) then ($5::uuid[])[1 + assignee] end,
            'Milimani Law Courts', 'HCCC E' || g || ' of 2025',
            case when status <> 'closed' and ${rnd('g', 'court', 7)} = 0
                 then date_trunc('day', $3::timestamptz)
                      + (${rnd('g', 'court-day', 120)} - 30) * interval '1 day' + interval '6 hours'
            end,
            created_at, coalesce(closed_at, created_at), closed_at
     from shaped`,
    [from, to, at, clientIds, staffIds, (3 * 365 * 86_400) / CASES],
  );
}

/**
 * Appointments g = 1..APPOINTMENTS in ADVOCATES diaries: seven a day in each (09:00 to 16:00
 * Nairobi, ≤ 60 minutes each, so no diary, client or visitor email overlaps), from eighteen months
 * ago to about six months ahead. Every type; past ones completed (some only confirmed), future
 * ones scheduled or confirmed, a fifth cancelled. One in eight of those up to three weeks ahead
 * is a visitor's booking (no account): confirmed from the emailed link, or released by the system
 * when its hold ran out.
 * Fees by type, two thirds of the past ones paid and a few ahead paid in advance. Each was booked
 * one to 21 days before it and at least three hours before now (those further ahead in the last
 * month).
 */
async function seedAppointmentRows({ query }, { at, startDay, clientIds, advocateIds, staffIds }) {
  await query(
    `with slots as (
       select g,
              ((($4::date + (g / $5::int) / 7)::timestamp
                + (9 + (g / $5::int) % 7) * interval '1 hour') at time zone '${ZONE}') as starts_at,
              (array['consultation', 'follow_up', 'court_appearance', 'preliminary_call',
                     'consultation'])[1 + ${rnd('g', 'type', 5)}] as type,
              ${rnd('g', 'visitor', 8)} = 0 as maybe_visitor,
              ${rnd('g', 'status', 10)} as s
       from generate_series(1, $1::int) g
     ), shaped as (
       select slots.*, maybe_visitor and starts_at < $2::timestamptz + interval '21 days' as visitor,
              case when s in (0, 1) then 'cancelled'
                   when starts_at < $2::timestamptz then case when s = 2 then 'confirmed' else 'completed' end
                   when s in (2, 3, 4) then 'scheduled' else 'confirmed' end as status,
              case type when 'preliminary_call' then 15 when 'follow_up' then 30 else 60 end as minutes,
              case type when 'preliminary_call' then 0 when 'follow_up' then 3000
                        when 'consultation' then 5000 else 8000 end as fee,
              least(starts_at - (1 + ${rnd('g', 'booked', 21)}) * interval '1 day',
                    $2::timestamptz - (3 + ${rnd('g', 'booked-ago', 30 * 24)}) * interval '1 hour')
                as created_at
       from slots
     ), final as (
       select shaped.*,
              case when status <> 'cancelled' then null
                   when visitor and ${rnd('g', 'released', 2)} = 0 then 'system'
                   when ${rnd('g', 'canceller', 2)} = 0 then 'client' else 'firm' end as cancelled_by,
              status <> 'cancelled' and fee > 0
                and ((starts_at < $2::timestamptz and ${rnd('g', 'paid', 3)} <> 0)
                     or ${rnd('g', 'prepaid', 6)} = 0) as paid
       from shaped
     )
     insert into appointments (title, description, type, status, starts_at, ends_at,
                               duration_minutes, fee_ksh, payment_status, payment_method,
                               payment_reference, paid_at, location, client_id, client_first_name,
                               client_last_name, client_email, advocate_id, booked_by_id,
                               consent_at, notice_version, visitor_token_hash, cancellation_reason,
                               cancelled_at, cancelled_by, hold_expires_at, visitor_confirmed_at,
                               created_at, updated_at)
     select 'Seeded appointment no. ' || g, 'An appointment seeded for the reports benchmark.',
            type, status, starts_at, starts_at + minutes * interval '1 minute', minutes, fee,
            case when paid then 'paid' else 'pending' end,
            case when paid then (array['mpesa', 'cash', 'bank', 'cheque'])[1 + g % 4] end,
            case when paid then 'SEED' || g end,
            case when paid then least($2::timestamptz, greatest(created_at, starts_at)) end,
            (array['office', 'phone', 'video'])[1 + g % 3],
            case when not visitor then ($3::uuid[])[1 + g % cardinality($3::uuid[])] end,
            case when visitor then 'Visitor' else 'Seeded' end, 'Client ' || g,
            case when visitor then 'seed-visitor-appt-' || g else 'seed-client-appt-' || g end
              || '@example.test',
            ($6::uuid[])[1 + g % $5::int],
            case when visitor then null else ($7::uuid[])[1 + g % cardinality($7::uuid[])] end,
            case when visitor then created_at end, case when visitor then 'seed' end,
            case when visitor then md5('seed-visitor-token-' || g) end,
            case when status = 'cancelled' and cancelled_by <> 'system' then 'Cannot attend.' end,
            case when cancelled_by = 'system' then created_at + interval '2 hours'
                 when status = 'cancelled'
                 then greatest(created_at, least($2::timestamptz, starts_at - interval '1 day')) end,
            cancelled_by,
            case when cancelled_by = 'system' then created_at + interval '2 hours' end,
            case when visitor and cancelled_by is distinct from 'system'
                 then created_at + interval '30 minutes' end,
            created_at, created_at
     from final`,
    [APPOINTMENTS, at, clientIds, startDay, ADVOCATES, advocateIds, staffIds],
  );
}

/**
 * Contact messages over the last two years (every urgency). Seven in ten were acted on (their
 * handling row made between half an hour and three days later, if that time has come; closed, or
 * in progress), one in seven of those made a client; and six in ten visitors' confirmed bookings
 * were acted on too (one to 48 hours after they came in).
 */
async function seedEnquiryRows({ query }, { at, clientIds, staffIds }) {
  await query(
    `insert into contact_messages (reference, name, email, phone, subject, message, urgency,
                                   consent_at, notice_version, created_at)
     select ${contactReferenceOf('g')}, 'Seeded Visitor ' || g, 'seed-visitor-' || g || '@example.test',
            '0712 ' || lpad((g % 1000000)::text, 6, '0'),
            'Enquiry no. ' || g, 'An enquiry seeded for the reports benchmark.',
            (array['normal', 'normal', 'normal', 'urgent', 'emergency'])[1 + ${rnd('g', 'urgency', 5)}],
            created_at, 'seed', created_at
     from (select g, $2::timestamptz - (g::float8 * $3::float8) * interval '1 second'
                    - ${rnd('g', 'hour', 12)} * interval '1 hour' as created_at
           from generate_series(1, $1::int) g) m`,
    [ENQUIRIES, at, (2 * 365 * 86_400) / ENQUIRIES],
  );
  await query(
    `insert into enquiry_states (contact_message_id, status, note, changed_by_id, changed_at,
                                 client_id, version, created_at)
     select id, case when answered_at < $1::timestamptz - interval '14 days' then 'closed'
                     else 'in_progress' end,
            'Called back.', ($3::uuid[])[1 + ${rnd('reference', 'staff', 1000)} % cardinality($3::uuid[])],
            answered_at,
            case when ${rnd('reference', 'converted', 7)} = 0
                 then ($2::uuid[])[1 + ${rnd('reference', 'client', 1000)} % cardinality($2::uuid[])] end,
            1, answered_at
     from (select id, reference,
                  created_at + (30 + ${rnd('reference', 'answer', 72 * 60)}) * interval '1 minute'
                    as answered_at
           from contact_messages where ${rnd('reference', 'acted', 10)} < 7) m
     where answered_at <= $1::timestamptz`,
    [at, clientIds, staffIds],
  );
  await query(
    `insert into enquiry_states (appointment_id, status, changed_by_id, changed_at, version,
                                 created_at)
     select id, 'closed', $2::uuid, answered_at, 1, answered_at
     from (select id, title, created_at + (1 + ${rnd('title', 'answer', 48)}) * interval '1 hour'
                    as answered_at
           from appointments
           where visitor_token_hash is not null and hold_expires_at is null
             and ${rnd('title', 'acted', 10)} < 6) a
     where answered_at <= $1::timestamptz`,
    [at, staffIds[0]],
  );
}

/**
 * CONVERSATIONS conversations over two years, each of 6 to 10 messages (about 40,000), the client
 * first and the sides alternating about six hours apart (±5 h): an odd count ends with the client,
 * so some conversations wait for the firm. Staff answers come from every member of staff.
 */
async function seedConversationRows({ query }, { at, clientIds, staffIds }) {
  await query(
    `with c as (
       select n, 6 + ${rnd('n', 'length', 5)} as m,
              $2::timestamptz - (n::float8 * $4::float8) * interval '1 second' - interval '66 hours'
                as started_at,
              ($3::uuid[])[1 + n % cardinality($3::uuid[])] as client_id
       from generate_series(1, $1::int) n
     ), conv as (
       insert into conversations (client_id, subject, created_by, created_at, last_message_at)
       select client_id, 'Seeded conversation ' || n, client_id, started_at,
              started_at + m * interval '6 hours' + ((n * 7 + m * 13) % 300) * interval '1 minute'
       from c
       returning id, client_id, subject, created_at
     )
     insert into messages (conversation_id, sender_id, from_client, body, created_at)
     select conv.id,
            case when j % 2 = 1 then conv.client_id
                 else ($5::uuid[])[1 + (${rnd('conv.subject', 'staff', 1000)} + j) % cardinality($5::uuid[])] end,
            j % 2 = 1, 'Seeded message ' || j,
            conv.created_at + j * interval '6 hours' + ((c.n * 7 + j * 13) % 300) * interval '1 minute'
     from conv
     join c on conv.subject = 'Seeded conversation ' || c.n
     cross join lateral generate_series(1, c.m) j`,
    [CONVERSATIONS, at, clientIds, (2 * 365 * 86_400) / CONVERSATIONS, staffIds],
  );
}

/** `KIND/<year>/<n>` with at least four digits, as billingNumber writes it. */
const numberSql = (kind, year, n) =>
  `'${kind}/' || ${year} || '/' || lpad((${n})::text, greatest(4, length((${n})::text)), '0')`;

/**
 * FEE_NOTES fee notes over two years (one every ~105 minutes), each with its lines: those of the
 * last four months 5 % drafts, 40 % issued, 20 % partly paid, the rest paid; older ones mostly
 * paid, some still owed (the older ageing buckets), 5 % cancelled. Numbers FN and CN per Nairobi
 * year in issue order. Then one succeeded payment per paid or partly paid note (its paid figure)
 * and per receipted appointment fee (half those paid), receipts RC numbered per year in the order
 * received; a few M-Pesa pushes that failed; and the counters those numbers are claimed from.
 */
async function seedMoneyRows({ query }, { at, clientIds, ownerId }) {
  await query(
    `with first_case as materialized (
       select distinct on (client_id) client_id, id from cases order by client_id, id
     ), src as materialized (
       select g, gen_random_uuid() as id,
              $2::timestamptz - (g::float8 * $4::float8) * interval '1 second' as created_at,
              ($3::uuid[])[1 + g % cardinality($3::uuid[])] as client_id,
              ${rnd('g', 'status', 20)} as s,
              10000 + ${rnd('g', 'fees', 10)} * 2500 as fees,
              ${rnd('g', 'disbursements', 3)} as q
       from generate_series(1, $1::int) g
     ), shaped as materialized (
       select src.*, q * 1500 as disbursements, (fees * 16 + 50) / 100 as vat,
              case when created_at > $2::timestamptz - interval '120 days' then
                     case when s = 0 then 'draft' when s <= 8 then 'issued'
                          when s <= 12 then 'partly_paid' else 'paid' end
                   else case when s = 0 then 'cancelled' when s <= 2 then 'issued'
                             when s = 3 then 'partly_paid' else 'paid' end
              end as status
       from src
     ), dated as materialized (
       select shaped.*, fees + disbursements + vat as total,
              case when status <> 'draft' then created_at + interval '10 minutes' end as issued_at,
              case when status = 'cancelled'
                   then least($2::timestamptz, created_at + interval '2 days') end as cancelled_at
       from shaped
     ), fn as (
       select id, extract(year from issued_at at time zone '${ZONE}')::int as yr,
              row_number() over (partition by extract(year from issued_at at time zone '${ZONE}')
                                 order by issued_at, g desc) as n
       from dated where issued_at is not null
     ), cn as (
       select id, extract(year from cancelled_at at time zone '${ZONE}')::int as yr,
              row_number() over (partition by extract(year from cancelled_at at time zone '${ZONE}')
                                 order by cancelled_at, g desc) as n
       from dated where cancelled_at is not null
     ), notes as (
       insert into fee_notes (id, client_id, case_id, status, number, issued_at, due_date,
                              vat_rate_percent, fees_ksh, disbursements_ksh, vat_ksh, total_ksh,
                              paid_ksh, credit_note_number, cancelled_at, cancel_reason,
                              created_by_id, issued_by_id, cancelled_by_id, created_at, updated_at)
       select d.id, d.client_id, case when d.g % 3 <> 0 then fc.id end, d.status,
              case when fn.id is not null then ${numberSql('FN', 'fn.yr', 'fn.n')} end,
              d.issued_at, (coalesce(d.issued_at, d.created_at) at time zone '${ZONE}')::date + 30,
              16, d.fees, d.disbursements, d.vat, d.total,
              case d.status when 'paid' then d.total when 'partly_paid' then d.total / 2 else 0 end,
              case when cn.id is not null then ${numberSql('CN', 'cn.yr', 'cn.n')} end,
              d.cancelled_at,
              case when d.cancelled_at is not null
                   then 'Issued in error: replaced by a corrected fee note.' end,
              $5::uuid, case when d.issued_at is not null then $5::uuid end,
              case when d.cancelled_at is not null then $5::uuid end,
              d.created_at, coalesce(d.cancelled_at, d.issued_at, d.created_at)
       from dated d
       left join first_case fc on fc.client_id = d.client_id
       left join fn on fn.id = d.id
       left join cn on cn.id = d.id
     )
     insert into fee_note_lines (fee_note_id, position, kind, description, quantity,
                                 unit_price_ksh, amount_ksh)
     select d.id, l.position, l.kind, l.description, l.quantity, l.price, l.quantity * l.price
     from dated d
     cross join lateral (values
       (0, 'fee', 'Professional fees: attendances, perusal and drafting', 1, d.fees),
       (1, 'disbursement', 'Court filing fees paid on the client''s behalf', d.q, 1500)
     ) as l(position, kind, description, quantity, price)
     where l.quantity >= 1`,
    [FEE_NOTES, at, clientIds, (2 * 365 * 86_400) / FEE_NOTES, ownerId],
  );
  await query(
    `with src as (
       select client_id, id as fee_note_id, null::uuid as appointment_id, paid_ksh as amount,
              null::text as method,
              least($1::timestamptz, issued_at + (1 + ${rnd('number', 'received', 15)}) * interval '1 day')
                as received_at
       from fee_notes where status in ('paid', 'partly_paid')
       union all
       select client_id, null, id, fee_ksh, payment_method, paid_at
       from appointments where payment_status = 'paid' and ${rnd('title', 'receipted', 2)} = 0
     ), numbered as (
       select src.*, extract(year from received_at at time zone '${ZONE}')::int as yr,
              row_number() over (partition by extract(year from received_at at time zone '${ZONE}')
                                 order by received_at, coalesce(fee_note_id, appointment_id)) as n
       from src
     )
     insert into payments (client_id, fee_note_id, appointment_id, amount_ksh, method, status,
                           reference, receipt_number, received_at, recorded_by_id, created_at,
                           updated_at)
     select client_id, fee_note_id, appointment_id, amount,
            coalesce(method, (array['mpesa', 'bank', 'cash', 'cheque'])[1 + n % 4]), 'succeeded',
            'SEED' || yr || '-' || n, ${numberSql('RC', 'yr', 'n')}, received_at, $2::uuid,
            received_at, received_at
     from numbered`,
    [at, ownerId],
  );
  await query(
    `insert into payments (client_id, fee_note_id, amount_ksh, method, status, phone, result_code,
                           result_desc, created_at, updated_at)
     select client_id, id, total_ksh, 'mpesa', 'failed', '254712345678', 1032,
            'Request cancelled by user', issued_at + interval '1 hour', issued_at + interval '1 hour'
     from fee_notes where status = 'issued' and ${rnd('number', 'push', 10)} = 0`,
  );
  await query(
    `insert into billing_number_counters (kind, year, last_value)
     select kind, yr, last from (
       select 'FN' as kind, split_part(number, '/', 2)::int as yr,
              max(split_part(number, '/', 3)::int) as last
       from fee_notes where number is not null group by 2
       union all
       select 'CN', split_part(credit_note_number, '/', 2)::int,
              max(split_part(credit_note_number, '/', 3)::int)
       from fee_notes where credit_note_number is not null group by 2
       union all
       select 'RC', split_part(receipt_number, '/', 2)::int, max(split_part(receipt_number, '/', 3)::int)
       from payments where receipt_number is not null group by 2
     ) numbers
     on conflict (kind, year) do update
       set last_value = greatest(billing_number_counters.last_value, excluded.last_value)`,
  );
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
