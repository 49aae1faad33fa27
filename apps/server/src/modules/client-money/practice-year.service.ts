import {
  CLIENT_MONEY_ENTRY_KIND_LABELS as KINDS,
  CLIENT_MONEY_PACK_TEXTS as T,
  nairobiToday,
  practiceYearDays,
  type PracticeYearCsvPart,
} from '@firm/shared';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { clientMoneyPackPdf, type ClientMoneyPackDocument } from '../billing/client-money-pdfs';
import { nowOf, type ClientMoneyDeps } from './client-money-deps';
import { balanceRows } from './ledgers.repository';
import {
  balancesCsv,
  journalCsv,
  ledgersCsv,
  nairobiStamp,
  reconciliationsCsv,
} from './practice-year-csv';
import { journalBatches, ledgerClients } from './practice-year.repository';
import { reconciliationsOfYear } from './practice-year-reconciliations';

/**
 * The accountant's practice-year pack (ADR 045, docs/product-rules.md#client-money): a calendar
 * year of Nairobi days, as one PDF and as four CSVs. Every client's ledger is in it, so each
 * download is audited as `client_money.pack_downloaded` before a byte is sent (Kenya's Data
 * Protection Act: staff access to clients' records is recorded), as the other exports are.
 */

interface PracticeYear {
  year: number;
  first: string;
  /** The year's last day, or today in a year still running: the last day the pack can show. */
  last: string;
  today: string;
}

/** Those who see the Client money report see the pack (`reports:client-money`); 400 for a year not begun. */
function practiceYearOf(deps: ClientMoneyDeps, user: UserRow, year: number): PracticeYear {
  assertCan(user, 'reports:client-money');
  const today = nairobiToday(nowOf(deps));
  const { first, last } = practiceYearDays(year);
  if (first > today)
    throw AppError.badRequest(T.yearNotBegun(year), { year: T.yearNotBegun(year) });
  return { year, first, last: last < today ? last : today, today };
}

/** balances.csv's day: within the year or after it, not after today; the year's last by default. */
function balancesDay(period: PracticeYear, asOf: string | undefined): string {
  if (asOf === undefined) return period.last;
  if (asOf < period.first) {
    throw AppError.badRequest(T.asOfBeforeYear(period.year), {
      asOf: T.asOfBeforeYear(period.year),
    });
  }
  if (asOf > period.today) throw AppError.badRequest(T.asOfInFuture, { asOf: T.asOfInFuture });
  return asOf;
}

async function audit(
  deps: ClientMoneyDeps,
  user: UserRow,
  meta: RequestMeta,
  details: { year: number; part: string; asOf?: string },
) {
  await writeAudit(deps.db, {
    actorId: user.id,
    action: 'client_money.pack_downloaded',
    ip: meta.ip,
    details,
  });
}

/**
 * GET /api/client-money/practice-years/{year}/{part}: checked and audited here, then the lines
 * as a stream (the route sends them as they are read).
 */
export async function practiceYearCsv(
  deps: ClientMoneyDeps,
  user: UserRow,
  year: number,
  part: PracticeYearCsvPart,
  query: { asOf?: string | undefined },
  meta: RequestMeta,
): Promise<{ filename: string; lines: AsyncIterable<string> | Iterable<string> }> {
  const period = practiceYearOf(deps, user, year);
  const asOf = part === 'balances.csv' ? balancesDay(period, query.asOf) : undefined;
  const reconciliations =
    part === 'reconciliations.csv'
      ? await reconciliationsOfYear(deps.db, year, period.today)
      : undefined;
  await audit(deps, user, meta, { year, part, ...(asOf ? { asOf } : {}) });
  const name = part.replace(/\.csv$/, '');
  const filename = `client-money-${year}-${name}${asOf ? `-${asOf}` : ''}.csv`;
  switch (part) {
    case 'journal.csv':
      return { filename, lines: journalCsv(deps.db, period.first, period.last) };
    case 'ledgers.csv':
      return { filename, lines: ledgersCsv(deps.db, period.first, period.last, period.last) };
    case 'balances.csv':
      return { filename, lines: balancesCsv(deps.db, asOf!) };
    case 'reconciliations.csv':
      return { filename, lines: reconciliationsCsv(reconciliations!) };
  }
}

/** GET /api/client-money/practice-years/{year}/pack.pdf: drawn on billing's PDF pool. */
export async function practiceYearPackPdf(
  deps: ClientMoneyDeps,
  user: UserRow,
  year: number,
  meta: RequestMeta,
) {
  const period = practiceYearOf(deps, user, year);
  const entries: ClientMoneyPackDocument['entries'] = [];
  const indexesOf = new Map<string, number[]>();
  for await (const batch of journalBatches(deps.db, period.first, period.last)) {
    for (const e of batch) {
      const indexes = indexesOf.get(e.clientId) ?? [];
      indexes.push(entries.length);
      indexesOf.set(e.clientId, indexes);
      entries.push({
        date: e.date,
        what: [
          e.receiptNumber ? `${KINDS[e.kind]} (${e.receiptNumber})` : KINDS[e.kind],
          e.feeNoteNumber ? `fee note ${e.feeNoteNumber}` : null,
          e.reverses ? `reverses ${e.reverses}` : null,
          e.narrative,
        ]
          .filter(Boolean)
          .join(': '),
        client: e.clientName,
        caseNumber: e.caseNumber,
        account: e.officeAccountName ? `${e.accountName} to ${e.officeAccountName}` : e.accountName,
        reference: e.reference,
        inKsh: Math.max(e.ledgerEffectKsh, 0),
        outKsh: Math.max(-e.ledgerEffectKsh, 0),
      });
    }
  }
  const [clients, held, months] = [
    await ledgerClients(deps.db, period.first, period.last),
    await balanceRows(deps.db, { asOf: period.last }),
    await reconciliationsOfYear(deps.db, year, period.today),
  ];
  await audit(deps, user, meta, { year, part: 'pack.pdf' });
  return clientMoneyPackPdf(deps, {
    year,
    first: period.first,
    last: period.last,
    drawnOn: period.today,
    entries,
    ledgers: clients.map((client) => ({
      client: client.clientName,
      openingKsh: client.openingKsh,
      entryIndexes: indexesOf.get(client.clientId) ?? [],
    })),
    balancesAsOf: period.last,
    balances: held.map((row) => ({
      client: row.clientName,
      caseLabel: row.caseNumber ? `${row.caseTitle ?? ''} (${row.caseNumber})`.trim() : null,
      balanceKsh: row.balanceKsh,
    })),
    reconciliations: months.map((month) => ({
      account: month.accountName,
      month: month.month,
      statementKsh: month.statement?.closingBalanceKsh ?? null,
      adjustedKsh: month.statement?.adjustedBalanceKsh ?? null,
      cashBookKsh: month.cashBookBalanceKsh,
      ledgersKsh: month.clientLedgersTotalKsh,
      reconciled: month.reconciled,
      differences: month.differences.join(' '),
      lock: month.lock
        ? T.lockedBy(month.lock.lockedBy ?? T.formerStaff, nairobiStamp(month.lock.lockedAt))
        : T.notLocked,
    })),
  });
}
