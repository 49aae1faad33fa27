// The client money benchmark's rows (bench-client-money.mjs): CLIENTS clients with a case each,
// ENTRIES journal entries on one client account over DAYS days up to yesterday (receipts and the
// payments out of them, so no ledger ever goes below zero), one client holding CLIENT_ENTRIES of
// them, the balances the lines' trigger would have kept, and the statements of every month but the
// last UNRECONCILED_MONTHS and this one reconciled (each entry matched to its line, but for about
// one in a hundred: cheques never presented). Written in bulk as a restore writes (migration 0039's triggers off, with
// session_replication_role = replica; ADR 039), so what those triggers keep is written here:
// the balances, each ledger's monthly balances (migration 0044), and the receipt numbers with their
// counter.
import { ensureClients, seedCases } from './seed-cases-sql.mjs';

export const CLIENTS = Number(process.env.BENCH_CM_CLIENTS ?? 10_000);
export const ENTRIES = Number(process.env.BENCH_CM_ENTRIES ?? 500_000);
export const CLIENT_ENTRIES = Number(process.env.BENCH_CM_CLIENT_ENTRIES ?? 5_000);
/** Three years of the journal, up to yesterday. */
export const DAYS = 1095;

/** The Nairobi day `days` before today, YYYY-MM-DD. */
export function nairobiDayBefore(days) {
  const now = new Date(Date.now() + 3 * 3_600_000 - days * 86_400_000);
  return now.toISOString().slice(0, 10);
}

/**
 * The first day of the Nairobi month UNRECONCILED_MONTHS before this one: the statements seeded
 * end the day before, and the benchmark imports those of the days from there on.
 */
export const UNRECONCILED_MONTHS = 2;
export function unreconciledFrom() {
  const [year, month] = nairobiDayBefore(0).split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 - UNRECONCILED_MONTHS, 1));
  return first.toISOString().slice(0, 10);
}

/**
 * Entries g = from..to: g ≡ 0 (mod `every`) are the bench client's, the others round-robin over
 * `clientIds`; each client's k-th entry is a receipt when k is even and the payment of half of it
 * when k is odd (the same case: a third of the pairs on no case). Dated evenly from `start` over
 * DAYS days, so each client's entries come in order.
 */
async function seedEntryBatch({ query }, params) {
  const { from, to, start, clientIds, caseIds, benchClientId, benchCaseId, every } = params;
  const { accountId, ownerId } = params;
  await query(
    `with src as materialized (
       select g, gen_random_uuid() as id,
              g % $5::int = 0 as bench,
              g - g / $5::int - 1 as j
       from generate_series($1::int, $2::int) g
     ), who as materialized (
       select src.*,
              case when bench then 0 else 1 + j % cardinality($3::uuid[]) end as ci,
              case when bench then g / $5::int - 1 else j / cardinality($3::uuid[]) end as k
       from src
     ), shaped as materialized (
       select who.*,
              case when ci = 0 then $6::uuid else ($3::uuid[])[ci] end as client_id,
              case when (k / 2) % 3 = 0 then null
                   when ci = 0 then $7::uuid else ($4::uuid[])[ci] end as case_id,
              case when k % 2 = 0 then 'receipt' else 'payment' end as kind,
              5000 + ((ci * 31 + (k / 2) * 17) % 200) * 500 as receipt_ksh,
              $8::date + ((g - 1)::bigint * ${DAYS} / $9::int)::int as entry_date
       from who
     ), numbered as materialized (
       -- CR/<year>/<n> in the order recorded, after the numbers earlier batches gave.
       select s.*, extract(year from s.entry_date)::int as yr,
              coalesce(c.last_value, 0)
                + row_number() over (partition by s.kind, extract(year from s.entry_date)
                                     order by s.g) as n
       from shaped s
       left join billing_number_counters c
         on c.kind = 'CR' and c.year = extract(year from s.entry_date)::int
     ), counters as (
       insert into billing_number_counters (kind, year, last_value)
       select 'CR', yr, max(n) from numbered where kind = 'receipt' group by yr
       on conflict (kind, year) do update set last_value = excluded.last_value
     ), entries as (
       insert into client_money_entries (id, kind, entry_date, client_id, case_id, account_id,
                                         account_kind, amount_ksh, reference, narrative,
                                         receipt_number, recorded_by_id, created_at)
       select id, kind, entry_date, client_id, case_id, $10::uuid, 'client',
              case when kind = 'receipt' then receipt_ksh else receipt_ksh / 2 end,
              case when kind = 'receipt' then 'SK' || upper(substr(md5('cm' || g), 1, 8))
                   when g % 2 = 0 then 'CHQ ' || lpad((g % 1000000)::text, 6, '0')
                   else 'FT' || upper(substr(md5('cm' || g), 1, 10)) end,
              case when kind = 'receipt' then 'Deposit on account of costs and disbursements'
                   else 'Paid out on the client''s instructions' end,
              case when kind = 'receipt'
                   then 'CR/' || yr || '/' || lpad(n::text, greatest(4, length(n::text)), '0') end,
              $11::uuid,
              (entry_date::timestamp + interval '9 hours' + (g % 480) * interval '1 minute')
                at time zone 'Africa/Nairobi'
       from numbered
       returning id, kind, client_id, case_id, amount_ksh
     )
     insert into client_money_lines (entry_id, posts_to, account_id, account_kind, client_id,
                                     case_id, amount_ksh)
     select e.id, l.posts_to, l.account_id, l.account_kind, l.client_id, l.case_id, l.amount_ksh
     from entries e
     cross join lateral (values
       ('account', $10::uuid, 'client', null::uuid, null::uuid,
        case when e.kind = 'receipt' then e.amount_ksh else -e.amount_ksh end),
       ('client_ledger', null, null, e.client_id, e.case_id,
        case when e.kind = 'receipt' then -e.amount_ksh else e.amount_ksh end)
     ) as l(posts_to, account_id, account_kind, client_id, case_id, amount_ksh)`,
    [
      from,
      to,
      clientIds,
      caseIds,
      every,
      benchClientId,
      benchCaseId,
      start,
      ENTRIES,
      accountId,
      ownerId,
    ],
  );
}

/** What the lines' trigger keeps: each client's and case's balance, the ledger lines' sum negated. */
async function balances({ query }) {
  await query(
    `insert into client_money_balances (client_id, case_id, balance_ksh)
     select client_id, case_id, -sum(amount_ksh) from client_money_lines
     where posts_to = 'client_ledger' group by client_id, case_id
     on conflict (client_id, case_id) do update set balance_ksh = excluded.balance_ksh`,
  );
}

/**
 * What migration 0044's trigger keeps: each ledger's closing balance of every month it moved in
 * (the migration's own backfill).
 */
async function monthlyBalances({ query }) {
  await query(
    `insert into client_money_monthly_balances (client_id, case_id, month, closing_ksh)
     select client_id, case_id, month,
            sum(moved) over (partition by client_id, case_id order by month)
       from (select l.client_id, l.case_id, date_trunc('month', e.entry_date)::date as month,
                    -sum(l.amount_ksh) as moved
               from client_money_lines l join client_money_entries e on e.id = l.entry_id
              where l.posts_to = 'client_ledger'
              group by l.client_id, l.case_id, date_trunc('month', e.entry_date)) m`,
  );
}

/**
 * One statement per calendar month from the account's opening to the month before `until`, each
 * line matched (automatically, by reference) to its entry; an entry in a hundred is left
 * unmatched, as a cheque never presented is.
 */
async function reconciledMonths({ query }, { accountId, ownerId, until, openingBalanceKsh }) {
  await query(
    `with months as (
       select date_trunc('month', entry_date)::date as month, min(entry_date) as first_date,
              sum(case when kind = 'receipt' then amount_ksh else -amount_ksh end) as moved
       from client_money_entries
       where account_id = $1::uuid and entry_date < $3::date
       group by 1
     )
     insert into client_money_statements (account_id, format, file_name, first_date, last_date,
                                          opening_balance_ksh, closing_balance_ksh,
                                          imported_by_id, imported_at)
     select $1::uuid, 'generic', 'statement-' || to_char(month, 'YYYY-MM') || '.csv',
            first_date, (month + interval '1 month - 1 day')::date,
            $4::bigint + coalesce(sum(moved) over (order by month rows between unbounded preceding and 1 preceding), 0),
            $4::bigint + sum(moved) over (order by month),
            $2::uuid, month + interval '1 month 5 days'
     from months`,
    [accountId, ownerId, until, openingBalanceKsh],
  );
  await query(
    `insert into client_money_statement_lines (statement_id, line_number, line_date, description,
                                               reference, amount_ksh, entry_id, matched_by,
                                               match_reason, matched_by_id, matched_at)
     select s.id,
            row_number() over (partition by s.id order by e.entry_date, e.created_at, e.id),
            e.entry_date,
            case when e.kind = 'receipt' then 'MPESA C2B ' || e.reference
                 else 'CLEARING ' || e.reference end,
            e.reference,
            case when e.kind = 'receipt' then e.amount_ksh else -e.amount_ksh end,
            e.id, 'auto', 'Same amount and reference ' || e.reference || ', same day', null,
            s.imported_at
     from client_money_entries e
     join client_money_statements s
       on s.account_id = e.account_id and e.entry_date between s.first_date and s.last_date
     where e.account_id = $1::uuid and e.entry_date < $2::date
       and hashtext(e.id::text) % 100 <> 0`,
    [accountId, until],
  );
}

/**
 * Seeds the scenario; `who`: { clientId, ownerId, accountId, openingBalanceKsh }. `vacuum`:
 * VACUUM ANALYZE (a PostgreSQL server's autovacuum would have); else ANALYZE only.
 */
export async function seedClientMoney(database, who, { vacuum = false } = {}) {
  const others = await ensureClients(database, CLIENTS - 1);
  const clientIds = [who.clientId, ...others];
  await seedCases(database, { from: 1, to: CLIENTS, clientIds, assigneeId: who.ownerId });
  const rows = await database.query(
    `select distinct on (client_id) client_id, id from cases
     where client_id = any($1::uuid[]) order by client_id, id`,
    [clientIds],
  );
  const caseOf = new Map(rows.map((row) => [row.client_id, row.id]));
  const start = nairobiDayBefore(DAYS);
  const until = unreconciledFrom();
  await database.query('set session_replication_role = replica');
  try {
    const batch = 50_000;
    for (let from = 1; from <= ENTRIES; from += batch) {
      await seedEntryBatch(database, {
        from,
        to: Math.min(ENTRIES, from + batch - 1),
        start,
        clientIds: others,
        caseIds: others.map((id) => caseOf.get(id)),
        benchClientId: who.clientId,
        benchCaseId: caseOf.get(who.clientId),
        every: Math.floor(ENTRIES / CLIENT_ENTRIES),
        accountId: who.accountId,
        ownerId: who.ownerId,
      });
    }
    await balances(database);
    await monthlyBalances(database);
    await reconciledMonths(database, { ...who, until });
  } finally {
    await database.query('set session_replication_role = origin');
  }
  for (const table of [
    'client_money_entries',
    'client_money_lines',
    'client_money_balances',
    'client_money_monthly_balances',
    'client_money_statements',
    'client_money_statement_lines',
  ]) {
    await database.query(`${vacuum ? 'vacuum analyze' : 'analyze'} ${table}`);
  }
  const [counts] = await database.query(
    `select (select count(*)::int from client_money_entries) as entries,
            (select count(*)::int from client_money_lines) as lines,
            (select count(*)::int from client_money_entries where client_id = $1) as client_entries,
            (select count(distinct client_id)::int from client_money_entries) as clients,
            (select count(*)::int from client_money_balances) as balances,
            (select count(*)::int from client_money_monthly_balances) as monthly_balances,
            (select count(*)::int from client_money_statements) as statements,
            (select count(*)::int from client_money_statement_lines) as statement_lines,
            (select count(*)::int from client_money_entries e where not exists (
               select 1 from client_money_statement_lines sl where sl.entry_id = e.id)) as unmatched,
            (select count(*)::int from client_money_balances where balance_ksh < 0) as negative,
            (select count(*)::int from (
               select entry_id from client_money_lines group by entry_id
               having sum(amount_ksh) <> 0 or count(*) < 2) unbalanced) as unbalanced`,
    [who.clientId],
  );
  if (counts.negative || counts.unbalanced) {
    throw new Error(`seeded journal breaks its rules: ${JSON.stringify(counts)}`);
  }
  return { ...counts, start, until };
}

const money = (ksh) => `"${ksh.toLocaleString('en-US')}.00"`;
const dayFirst = (day) => day.split('-').reverse().join('/');

/**
 * `count` bank statements in the generic layout, of STATEMENT_LINES lines each, over the
 * unreconciled days from `until` on, one after another and each of whole days (two statements
 * never share a day). Each day's lines are its entries as the bank shows them (deposits by their
 * M-Pesa code, one in ten as a cash deposit with no reference, matched by amount and day;
 * cheques and transfers by their reference), but for one in fifty not through yet, and a ledger
 * fee no one recorded; the last day is made up to STATEMENT_LINES with SMS charges.
 */
export const STATEMENT_LINES = Number(process.env.BENCH_CM_STATEMENT_LINES ?? 5_000);

export async function statementFiles({ query }, { accountId, until, openingBalanceKsh }, count) {
  const [{ before }] = await query(
    `select coalesce(sum(case when kind = 'receipt' then amount_ksh else -amount_ksh end), 0)::bigint
              as before
     from client_money_entries where account_id = $1::uuid and entry_date < $2::date`,
    [accountId, until],
  );
  const rows = await query(
    `select to_char(entry_date, 'YYYY-MM-DD') as day, kind, amount_ksh, reference,
            hashtext(id::text) as h
     from client_money_entries where account_id = $1::uuid and entry_date >= $2::date
     order by entry_date, created_at, id`,
    [accountId, until],
  );
  const days = new Map();
  for (const row of rows) {
    if (!days.has(row.day)) days.set(row.day, []);
    const h = Math.abs(row.h);
    if (h % 50 === 0) continue; // not through the bank yet: left uncleared
    const amount = row.kind === 'receipt' ? row.amount_ksh : -row.amount_ksh;
    const cash = row.kind === 'receipt' && h % 10 === 1;
    days.get(row.day).push({
      description: cash
        ? 'CASH DEPOSIT KIMATHI STREET'
        : row.kind === 'receipt'
          ? `MPESA C2B ${row.reference} CLIENT DEPOSIT`
          : `CLEARING ${row.reference}`,
      reference: cash ? '' : row.reference,
      amount,
    });
  }
  let balance = openingBalanceKsh + Number(before);
  const files = [];
  const dayList = [...days.keys()];
  let next = 0;
  for (let file = 0; file < count; file += 1) {
    const lines = [];
    let first = null;
    let last = null;
    while (next < dayList.length) {
      const day = dayList[next];
      const today = [
        ...days.get(day),
        { description: 'LEDGER FEE', reference: `LF${day.replaceAll('-', '')}`, amount: -350 },
      ];
      if (lines.length + today.length > STATEMENT_LINES) break;
      first ??= day;
      last = day;
      lines.push(...today.map((line) => ({ ...line, day })));
      next += 1;
    }
    if (!last || next >= dayList.length) break; // the unreconciled days ran out
    let sms = 0;
    while (lines.length < STATEMENT_LINES) {
      sms += 1;
      lines.push({ day: last, description: 'SMS ALERT CHARGES', reference: '', amount: -30 });
    }
    const opening = balance;
    const csv = [
      'MWAMBA & ASSOCIATES ADVOCATES - CLIENT ACCOUNT,,,,,',
      `Statement period,${dayFirst(first)} to ${dayFirst(last)},,,,`,
      ',,,,,',
      'Date,Description,Reference,Money in,Money out,Balance',
      `${dayFirst(first)},BALANCE B/F,,,,${money(opening)}`,
    ];
    for (const line of lines) {
      balance += line.amount;
      const moneyIn = line.amount > 0 ? money(line.amount) : '';
      const moneyOut = line.amount < 0 ? money(-line.amount) : '';
      csv.push(
        `${dayFirst(line.day)},${line.description},${line.reference},${moneyIn},${moneyOut},${money(balance)}`,
      );
    }
    files.push({ first, last, lines: lines.length, sms, csv: `${csv.join('\r\n')}\r\n` });
  }
  return files;
}
