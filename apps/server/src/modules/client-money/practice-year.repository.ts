import { and, asc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { ClientMoneyEntryKind } from '@firm/shared';
import type { Executor } from '../../db/client';
import { moneyAccounts, type MoneyAccountRow } from '../../db/schema';

/**
 * The reads of the accountant's practice-year pack (ADR 045): the year's journal and its clients'
 * ledgers, read in batches so a year of tens of thousands of entries is never held whole (the
 * CSVs stream each batch as lines and let it go). Days are Nairobi days (`entry_date`), so an
 * entry belongs to the year its date is in, whatever the clock said in UTC when it was recorded.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Entries read per batch. */
export const PACK_BATCH = 1000;

/** One entry of the journal as the pack prints it. */
export interface PackEntry {
  id: string;
  date: string;
  kind: ClientMoneyEntryKind;
  receiptNumber: string | null;
  clientId: string;
  clientName: string;
  caseNumber: string | null;
  accountName: string;
  officeAccountName: string | null;
  feeNoteNumber: string | null;
  amountKsh: number;
  /** What it did to the client's ledger: money in positive, money out negative. */
  ledgerEffectKsh: number;
  reference: string;
  narrative: string;
  /** The reversed entry, in words (its receipt number, or its reference and day). */
  reverses: string | null;
  reason: string | null;
  recordedBy: string | null;
  /** When it was recorded, ISO UTC. */
  recordedAt: string;
}

interface PackEntryRecord {
  id: string;
  date: string;
  kind: ClientMoneyEntryKind;
  receipt_number: string | null;
  client_id: string;
  client_name: string;
  case_number: string | null;
  account_name: string;
  office_account_name: string | null;
  fee_note_number: string | null;
  amount_ksh: number | string;
  ledger_effect_ksh: number | string;
  reference: string;
  narrative: string;
  reverses: string | null;
  reason: string | null;
  recorded_by: string | null;
  recorded_at: string;
  cursor_at: string;
}

const toEntry = (row: PackEntryRecord): PackEntry => ({
  id: row.id,
  date: row.date,
  kind: row.kind,
  receiptNumber: row.receipt_number,
  clientId: row.client_id,
  clientName: row.client_name,
  caseNumber: row.case_number,
  accountName: row.account_name,
  officeAccountName: row.office_account_name,
  feeNoteNumber: row.fee_note_number,
  amountKsh: Number(row.amount_ksh),
  ledgerEffectKsh: Number(row.ledger_effect_ksh),
  reference: row.reference,
  narrative: row.narrative,
  reverses: row.reverses,
  reason: row.reason,
  recordedBy: row.recorded_by,
  recordedAt: row.recorded_at,
});

/** The entries of `first`..`last` matching `where`, in journal order, from after `cursor`. */
function entriesQuery(
  first: string,
  last: string,
  where: SQL,
  cursor: { date: string; at: string; id: string } | null,
  limit: number,
) {
  return sql`
    select e.id, to_char(e.entry_date, 'YYYY-MM-DD') as date, e.kind, e.receipt_number,
           e.client_id, trim(u.first_name || ' ' || u.last_name) as client_name, c.case_number,
           a.name as account_name, o.name as office_account_name, f.number as fee_note_number,
           e.amount_ksh,
           coalesce((select -sum(l.amount_ksh) from client_money_lines l
                      where l.entry_id = e.id and l.posts_to = 'client_ledger'), 0)
             as ledger_effect_ksh,
           e.reference, e.narrative,
           case when r.id is null then null
                else coalesce(r.receipt_number,
                              r.reference || ' of ' || to_char(r.entry_date, 'YYYY-MM-DD')) end
             as reverses,
           e.reason,
           nullif(trim(coalesce(by_user.first_name, '') || ' ' || coalesce(by_user.last_name, '')), '')
             as recorded_by,
           to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as recorded_at,
           e.created_at::text as cursor_at
      from client_money_entries e
      join users u on u.id = e.client_id
      join money_accounts a on a.id = e.account_id
      left join money_accounts o on o.id = e.office_account_id
      left join cases c on c.id = e.case_id
      left join fee_notes f on f.id = e.fee_note_id
      left join client_money_entries r on r.id = e.reverses_id
      left join users by_user on by_user.id = e.recorded_by_id
     where e.entry_date between ${first}::date and ${last}::date
       and ${where}
       ${
         cursor
           ? sql`and (e.entry_date, e.created_at, e.id) > (${cursor.date}::date, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`
           : sql``
       }
     order by e.entry_date, e.created_at, e.id
     limit ${limit}`;
}

/**
 * The journal of `first`..`last` (every entry, by date, then as recorded), in batches of
 * PACK_BATCH, each read after the last one's place (not by offset: a late batch costs as an early).
 */
export async function* journalBatches(
  db: Executor,
  first: string,
  last: string,
  where: SQL = sql`true`,
): AsyncGenerator<PackEntry[]> {
  let cursor: { date: string; at: string; id: string } | null = null;
  for (;;) {
    const rows: PackEntryRecord[] = rowsOf<PackEntryRecord>(
      await db.execute(entriesQuery(first, last, where, cursor, PACK_BATCH)),
    );
    if (rows.length === 0) return;
    yield rows.map(toEntry);
    if (rows.length < PACK_BATCH) return;
    const lastRow: PackEntryRecord = rows[rows.length - 1]!;
    cursor = { date: lastRow.date, at: lastRow.cursor_at, id: lastRow.id };
  }
}

/** A client whose ledger the year shows: money held on 1 January, or an entry in the year. */
export interface PackLedgerClient {
  clientId: string;
  clientName: string;
  /** Held at the end of the day before `first`. */
  openingKsh: number;
}

/** The clients of the year's ledgers, by name, with what each held as the year began. */
export async function ledgerClients(
  db: Executor,
  first: string,
  last: string,
): Promise<PackLedgerClient[]> {
  const rows = rowsOf<{ client_id: string; client_name: string; opening_ksh: string | number }>(
    await db.execute(sql`
      select u.id as client_id, trim(u.first_name || ' ' || u.last_name) as client_name,
             coalesce((select -sum(l.amount_ksh) from client_money_lines l
                         join client_money_entries e on e.id = l.entry_id
                        where l.posts_to = 'client_ledger' and l.client_id = u.id
                          and e.entry_date < ${first}::date), 0) as opening_ksh
        from users u
       where u.id in (
               select l.client_id from client_money_lines l
                 join client_money_entries e on e.id = l.entry_id
                where l.posts_to = 'client_ledger' and e.entry_date <= ${last}::date
                group by l.client_id
               having sum(l.amount_ksh) filter (where e.entry_date < ${first}::date) <> 0
                   or count(*) filter (where e.entry_date >= ${first}::date) > 0)
       order by u.last_name, u.first_name, u.id`),
  );
  return rows.map((row) => ({
    clientId: row.client_id,
    clientName: row.client_name,
    openingKsh: Number(row.opening_ksh),
  }));
}

/** The clients' ids as a SQL condition on the entry (a batch of the ledgers). */
export const ofClients = (clientIds: readonly string[]): SQL =>
  clientIds.length === 0
    ? sql`false`
    : sql`e.client_id in (${sql.join(
        clientIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`;

/** The firm's client accounts opened by `last`, by name: those the year's reconciliations cover. */
export async function clientAccountsOpenBy(db: Executor, last: string): Promise<MoneyAccountRow[]> {
  return db
    .select()
    .from(moneyAccounts)
    .where(and(eq(moneyAccounts.kind, 'client'), lte(moneyAccounts.openingDate, last)))
    .orderBy(asc(moneyAccounts.name), asc(moneyAccounts.id));
}
