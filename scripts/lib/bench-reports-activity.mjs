// The reports benchmark's scenario (bench-reports.mjs): how many rows of each it holds, and the
// rows of the firm's work: cases, appointments, contact messages and conversations, each made
// by one SQL statement from generate_series with stable pseudo-random choices.
import { contactReferenceOf } from './seed-cases-sql.mjs';

export const CASES = 100_000;
export const APPOINTMENTS = 50_000;
export const ENQUIRIES = 10_000;
export const CONVERSATIONS = 5_000;
export const FEE_NOTES = 10_000;
export const CLIENTS = 1000;
/** The diaries: the owner and nine more advocates; the admin takes cases and answers messages. */
export const ADVOCATES = 10;
export const ZONE = 'Africa/Nairobi';

/** A stable pseudo-random integer in [0, n) of a row's `key` (an SQL expression) and a salt. */
export const rnd = (key, salt, n) =>
  `((hashtext((${key})::text || '${salt}') & 2147483647) % ${n})`;

/** Nairobi's today, `YYYY-MM-DD`. */
export const nairobiToday = (now) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/**
 * Cases g = `from`..`to` (g = 1 the newest), one every ~16 minutes back over three years: a fifth
 * closed at some point since they were opened, the rest pending, in progress or completed; every
 * category; assigned round the staff, one in twelve unassigned; one open case in seven with a
 * court date between a month ago and three months ahead. File numbers use years before 2000 so
 * they never meet the server's own.
 */
export async function seedCaseRows({ query }, { from, to, at, clientIds, staffIds }) {
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
export async function seedAppointmentRows(
  { query },
  { at, startDay, clientIds, advocateIds, staffIds },
) {
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
export async function seedEnquiryRows({ query }, { at, clientIds, staffIds }) {
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
export async function seedConversationRows({ query }, { at, clientIds, staffIds }) {
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
