// The reports benchmark's money (bench-reports.mjs): fee notes with their lines, payments and
// receipts, and the number counters, by SQL over the cases and clients already seeded.
import { FEE_NOTES, ZONE, rnd } from './bench-reports-activity.mjs';

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
export async function seedMoneyRows({ query }, { at, clientIds, ownerId }) {
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
     insert into payments (client_id, fee_note_id, appointment_id, amount_ksh, method, source,
                           status, reference, receipt_number, received_at, recorded_by_id, created_at,
                           updated_at)
     select client_id, fee_note_id, appointment_id, amount,
            coalesce(method, (array['mpesa', 'bank', 'cash', 'cheque'])[1 + n % 4]), 'manual',
            'succeeded',
            'SEED' || yr || '-' || n, ${numberSql('RC', 'yr', 'n')}, received_at, $2::uuid,
            received_at, received_at
     from numbered`,
    [at, ownerId],
  );
  await query(
    `insert into payments (client_id, fee_note_id, amount_ksh, method, source, status, phone,
                           result_code, result_desc, created_at, updated_at)
     select client_id, id, total_ksh, 'mpesa', 'stk_push', 'failed', '254712345678', 1032,
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
