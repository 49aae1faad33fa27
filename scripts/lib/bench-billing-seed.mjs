// The billing benchmark's rows (bench-billing.mjs): 1,000 clients with a case each, NOTES fee
// notes of three lines numbered gap-free per year as issuing them would, one client holding
// CLIENT_NOTES of them, their payments with receipts, and the counters numbers are claimed from.
import { ensureClients, seedCases } from './seed-cases-sql.mjs';

export const NOTES = Number(process.env.BENCH_BILLING_NOTES ?? 100_000);
export const CLIENT_NOTES = Number(process.env.BENCH_BILLING_CLIENT_NOTES ?? 500);
export const CLIENTS = 1000;
/** The newest notes (about three weeks at one per 15 minutes) hold the drafts and most unpaid ones. */
const RECENT = Math.min(2000, NOTES);

/** The case of each client (seedCases gave each one), in `clientIds`' order; null if none. */
async function caseOfEach({ query }, clientIds) {
  const rows = await query(
    `select distinct on (client_id) client_id, id from cases
     where client_id = any($1::uuid[]) order by client_id, id`,
    [clientIds],
  );
  const byClient = new Map(rows.map((row) => [row.client_id, row.id]));
  return clientIds.map((id) => byClient.get(id) ?? null);
}

/** The last number given per year of `kind` ('FN' fee notes or 'CN' credit notes), from the rows. */
const lastNumbers = (column, kind) => `
  select split_part(${column}, '/', 2)::int as yr, max(split_part(${column}, '/', 3)::int) as last
  from fee_notes where ${column} like '${kind}/%' group by 1`;

/** `KIND/<year>/<n>` with at least four digits, as billingNumber writes it. */
const numberSql = (kind, year, n) =>
  `'${kind}/' || ${year} || '/' || lpad((${n})::text, greatest(4, length((${n})::text)), '0')`;

/**
 * Inserts fee notes numbered `from`..`to` (g = 1 is the newest; one every 15 minutes back from
 * `at`), each with three lines: g ≡ 7 (mod `every`) goes to `benchClientId` (never a draft, so
 * the client sees all of theirs), the rest round-robin over `clientIds` with each one's case on two
 * notes in three. The newest RECENT are 20 % drafts, 50 % issued, 15 % partly paid, 15 % paid;
 * older ones 80 % paid, 5 % cancelled, 10 % issued and 5 % partly paid (those two overdue once
 * due, 30 days after issue). VAT 16 % on the fees; numbers FN and CN per Nairobi year in issue
 * order, after those already given. Called oldest batch first.
 */
async function seedFeeNoteBatch({ query }, params) {
  const { from, to, at, clientIds, caseIds, benchClientId, benchCaseId, every, ownerId } = params;
  await query(
    `with src as materialized (
       select g, gen_random_uuid() as id,
              $3::timestamptz - g * interval '15 minutes' as created_at,
              case when g % $7::int = $8::int then $5::uuid
                   else ($4::uuid[])[1 + g % cardinality($4::uuid[])] end as client_id,
              case when g % 3 = 0 then null
                   when g % $7::int = $8::int then $10::uuid
                   else ($6::uuid[])[1 + g % cardinality($6::uuid[])] end as case_id,
              (g + g / 200) % 20 as s,
              g % $7::int = $8::int as bench,
              1 + g % 8 as q1, 5000 + (g % 5) * 2500 as p1,
              15000 + (g % 10) * 1000 as p2,
              1 + g % 3 as q3
       from generate_series($1::int, $2::int) g
     ), shaped as materialized (
       select src.*,
              q1 * p1 + p2 as fees, q3 * 1500 as disbursements,
              ((q1 * p1 + p2) * 16 + 50) / 100 as vat,
              case
                when g <= $11::int then
                  case when s between 1 and 4 and not bench then 'draft'
                       when s between 1 and 14 then 'issued'
                       when s between 15 and 17 then 'partly_paid'
                       else 'paid' end
                else
                  case when s <= 15 then 'paid' when s = 16 then 'cancelled'
                       when s <= 18 then 'issued' else 'partly_paid' end
              end as status
       from src
     ), dated as materialized (
       select shaped.*, fees + disbursements + vat as total,
              case when status = 'draft' then null else created_at + interval '10 minutes' end
                as issued_at,
              case when status = 'cancelled'
                   then least($3::timestamptz, created_at + interval '2 days') end as cancelled_at
       from shaped
     ), fn as (
       select d.id, extract(year from d.issued_at at time zone 'Africa/Nairobi')::int as yr,
              row_number() over (partition by extract(year from d.issued_at at time zone 'Africa/Nairobi')
                                 order by d.issued_at, d.g desc) as n
       from dated d where d.issued_at is not null
     ), cn as (
       select d.id, extract(year from d.cancelled_at at time zone 'Africa/Nairobi')::int as yr,
              row_number() over (partition by extract(year from d.cancelled_at at time zone 'Africa/Nairobi')
                                 order by d.cancelled_at, d.g desc) as n
       from dated d where d.cancelled_at is not null
     ), fn_last as (${lastNumbers('number', 'FN')}),
     cn_last as (${lastNumbers('credit_note_number', 'CN')}),
     notes as (
       insert into fee_notes (id, client_id, case_id, status, number, issued_at, due_date,
                              vat_rate_percent, fees_ksh, disbursements_ksh, vat_ksh, total_ksh,
                              paid_ksh, credit_note_number, cancelled_at, cancel_reason,
                              created_by_id, issued_by_id, cancelled_by_id, created_at, updated_at)
       select d.id, d.client_id, d.case_id, d.status,
              case when fn.id is not null
                   then ${numberSql('FN', 'fn.yr', 'coalesce(fn_last.last, 0) + fn.n')} end,
              d.issued_at,
              (coalesce(d.issued_at, d.created_at) at time zone 'Africa/Nairobi')::date + 30,
              16, d.fees, d.disbursements, d.vat, d.total,
              case d.status when 'paid' then d.total when 'partly_paid' then d.total / 2 else 0 end,
              case when cn.id is not null
                   then ${numberSql('CN', 'cn.yr', 'coalesce(cn_last.last, 0) + cn.n')} end,
              d.cancelled_at,
              case when d.cancelled_at is not null
                   then 'Issued in error: replaced by a corrected fee note.' end,
              $9::uuid, case when d.issued_at is not null then $9::uuid end,
              case when d.cancelled_at is not null then $9::uuid end,
              d.created_at, coalesce(d.cancelled_at, d.issued_at, d.created_at)
       from dated d
       left join fn on fn.id = d.id left join fn_last on fn_last.yr = fn.yr
       left join cn on cn.id = d.id left join cn_last on cn_last.yr = cn.yr
     )
     insert into fee_note_lines (fee_note_id, position, kind, description, quantity,
                                 unit_price_ksh, amount_ksh)
     select d.id, l.position, l.kind, l.description, l.quantity, l.price, l.quantity * l.price
     from dated d
     cross join lateral (values
       (0, 'fee', 'Professional fees: attendances, perusal and drafting (hours)', d.q1, d.p1),
       (1, 'fee', 'Attendance at court for the mention', 1, d.p2),
       (2, 'disbursement', 'Court filing fees paid on the client''s behalf', d.q3, 1500)
     ) as l(position, kind, description, quantity, price)`,
    [
      from,
      to,
      at,
      clientIds,
      benchClientId,
      caseIds,
      every,
      every === 1 ? 0 : 7 % every,
      ownerId,
      benchCaseId,
      RECENT,
    ],
  );
}

/**
 * One succeeded payment, recorded by hand, on each paid and partly paid note (its whole paid
 * figure), a few days after its issue: receipts RC per Nairobi year in the order received.
 */
async function seedPayments({ query }, { at, ownerId }) {
  await query(
    `with paid as (
       select id, client_id, paid_ksh,
              least($1::timestamptz, issued_at + (1 + (hashtext(id::text) & 15)) * interval '1 day')
                as received_at
       from fee_notes where status in ('paid', 'partly_paid')
     ), numbered as (
       select paid.*, extract(year from received_at at time zone 'Africa/Nairobi')::int as yr,
              row_number() over (partition by extract(year from received_at at time zone 'Africa/Nairobi')
                                 order by received_at, id) as n
       from paid
     )
     insert into payments (client_id, fee_note_id, amount_ksh, method, source, status, reference,
                           receipt_number, received_at, recorded_by_id, created_at, updated_at)
     select client_id, id, paid_ksh, (array['mpesa', 'bank', 'cash', 'cheque'])[1 + n % 4],
            'manual', 'succeeded',
            case n % 4 when 0 then 'SK' || upper(substr(md5(id::text), 1, 8))
                       when 1 then 'FT' || (24000000 + n) when 3 then 'CHQ ' || (100000 + n) end,
            ${numberSql('RC', 'yr', 'n')}, received_at, $2::uuid, received_at, received_at
     from numbered`,
    [at, ownerId],
  );
}

/** The counters that issuing, cancelling and receipts claim from: the last number of each year. */
async function setCounters({ query }) {
  await query(
    `insert into billing_number_counters (kind, year, last_value)
     select kind, yr, last from (
       select 'FN' as kind, * from (${lastNumbers('number', 'FN')}) a
       union all select 'CN', * from (${lastNumbers('credit_note_number', 'CN')}) b
       union all
       select 'RC', split_part(receipt_number, '/', 2)::int, max(split_part(receipt_number, '/', 3)::int)
       from payments where receipt_number is not null group by 2
     ) numbers
     on conflict (kind, year) do update
       set last_value = greatest(billing_number_counters.last_value, excluded.last_value)`,
  );
}

/**
 * Seeds the scenario's clients, cases, fee notes, lines and payments; `who`: { clientId, ownerId }.
 * `vacuum`: VACUUM ANALYZE the billing tables (a PostgreSQL server's autovacuum would have, and
 * index-only scans need it); else ANALYZE only (nothing vacuums the embedded database).
 */
export async function seedBilling(database, who, { vacuum = false } = {}) {
  const others = await ensureClients(database, CLIENTS - 1);
  const clientIds = [who.clientId, ...others];
  await seedCases(database, { from: 1, to: CLIENTS, clientIds, assigneeId: who.ownerId });
  const caseIds = await caseOfEach(database, clientIds);
  const every = Math.floor(NOTES / CLIENT_NOTES);
  const at = new Date().toISOString();
  const batch = 20_000;
  // Oldest first, so numbers rise with the issue date as issuing them one by one would give.
  for (let to = NOTES; to >= 1; to -= batch) {
    await seedFeeNoteBatch(database, {
      from: Math.max(1, to - batch + 1),
      to,
      at,
      clientIds: others,
      caseIds: caseIds.slice(1),
      benchClientId: who.clientId,
      benchCaseId: caseIds[0],
      every,
      ownerId: who.ownerId,
    });
  }
  await seedPayments(database, { at, ownerId: who.ownerId });
  await setCounters(database);
  for (const table of ['fee_notes', 'fee_note_lines', 'payments', 'billing_number_counters']) {
    await database.query(`${vacuum ? 'vacuum analyze' : 'analyze'} ${table}`);
  }
  const [counts] = await database.query(
    `select count(*)::int as notes,
            count(*) filter (where status = 'draft')::int as drafts,
            count(*) filter (where status = 'issued')::int as issued,
            count(*) filter (where status = 'partly_paid')::int as partly_paid,
            count(*) filter (where status = 'paid')::int as paid,
            count(*) filter (where status = 'cancelled')::int as cancelled,
            count(*) filter (where status in ('issued', 'partly_paid')
                             and due_date < (now() at time zone 'Africa/Nairobi')::date)::int as overdue,
            count(*) filter (where client_id = $1)::int as client_notes,
            count(*) filter (where client_id = $1 and status <> 'draft')::int as client_visible,
            (select count(*)::int from fee_note_lines) as lines,
            (select count(*)::int from payments) as payments,
            (select count(*)::int from payments where client_id = $1) as client_payments
     from fee_notes`,
    [who.clientId],
  );
  return counts;
}
