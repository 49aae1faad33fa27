import {
  CLIENT_MONEY_ENTRY_KIND_LABELS as KINDS,
  CLIENT_MONEY_PACK_COLUMNS as COLUMNS,
  CLIENT_MONEY_PACK_TEXTS as T,
  nairobiDateTime,
  type Reconciliation,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import { csvRow } from '../../lib/csv';
import { balanceRows } from './ledgers.repository';
import {
  journalBatches,
  ledgerClients,
  ofClients,
  type PackEntry,
} from './practice-year.repository';

/**
 * The practice-year pack's CSVs (ADR 045), each a stream of lines: a batch of entries is read,
 * written as lines and let go before the next is read, so a year of tens of thousands of entries
 * is never held whole, nor twice. A byte-order mark first, as the reports' CSVs have, so
 * spreadsheets read the names' letters as UTF-8.
 */

const BOM = '\uFEFF';

/** An instant as a Nairobi day and time, "2026-12-31 23:30". */
export const nairobiStamp = (iso: string) => {
  const { date, time } = nairobiDateTime(new Date(iso));
  return `${date} ${time}`;
};

const ledgerIn = (entry: PackEntry) => Math.max(entry.ledgerEffectKsh, 0);
const ledgerOut = (entry: PackEntry) => Math.max(-entry.ledgerEffectKsh, 0);

export async function* journalCsv(db: Executor, first: string, last: string) {
  yield BOM + csvRow(COLUMNS.journal);
  for await (const batch of journalBatches(db, first, last)) {
    yield batch
      .map((e) =>
        csvRow([
          e.date,
          KINDS[e.kind],
          e.receiptNumber,
          e.clientName,
          e.caseNumber,
          e.accountName,
          e.officeAccountName,
          e.feeNoteNumber,
          e.reference,
          e.narrative,
          String(e.amountKsh),
          String(ledgerIn(e)),
          String(ledgerOut(e)),
          e.reverses,
          e.reason,
          e.recordedBy,
          nairobiStamp(e.recordedAt),
        ]),
      )
      .join('');
  }
}

/** Clients whose ledgers are read together: their entries are one query. */
const CLIENTS_PER_BATCH = 200;

/**
 * Each client's ledger of the year: the opening balance on `first`, every movement with its
 * running balance, the closing balance on `closingDay` (the year's end, or today in a year still
 * running).
 */
export async function* ledgersCsv(db: Executor, first: string, last: string, closingDay: string) {
  yield BOM + csvRow(COLUMNS.ledgers);
  const clients = await ledgerClients(db, first, last);
  for (let i = 0; i < clients.length; i += CLIENTS_PER_BATCH) {
    const group = clients.slice(i, i + CLIENTS_PER_BATCH);
    const movements = new Map<string, string[]>();
    const balance = new Map(group.map((client) => [client.clientId, client.openingKsh]));
    for await (const batch of journalBatches(
      db,
      first,
      last,
      ofClients(group.map((client) => client.clientId)),
    )) {
      for (const e of batch) {
        const held = (balance.get(e.clientId) ?? 0) + e.ledgerEffectKsh;
        balance.set(e.clientId, held);
        const lines = movements.get(e.clientId) ?? [];
        lines.push(
          csvRow([
            e.clientName,
            e.date,
            [KINDS[e.kind], e.feeNoteNumber ? `fee note ${e.feeNoteNumber}` : null, e.narrative]
              .filter(Boolean)
              .join(': '),
            e.receiptNumber,
            e.caseNumber,
            e.reference,
            String(ledgerIn(e)),
            String(ledgerOut(e)),
            String(held),
          ]),
        );
        movements.set(e.clientId, lines);
      }
    }
    for (const client of group) {
      yield (
        csvRow([
          client.clientName,
          first,
          T.openingBalance,
          '',
          '',
          '',
          '',
          '',
          String(client.openingKsh),
        ]) +
        (movements.get(client.clientId) ?? []).join('') +
        csvRow([
          client.clientName,
          closingDay,
          T.closingBalance,
          '',
          '',
          '',
          '',
          '',
          String(balance.get(client.clientId) ?? 0),
        ])
      );
    }
  }
}

/** What is held per client and case at the end of `asOf`, and the total. */
export async function* balancesCsv(db: Executor, asOf: string) {
  yield BOM + csvRow(COLUMNS.balances(asOf));
  const rows = await balanceRows(db, { asOf });
  let total = 0;
  for (const row of rows) total += row.balanceKsh;
  yield rows
    .map((row) => csvRow([row.clientName, row.caseNumber, row.caseTitle, String(row.balanceKsh)]))
    .join('');
  yield csvRow([T.total, '', '', String(total)]);
}

export function* reconciliationsCsv(months: readonly Reconciliation[]) {
  yield BOM + csvRow(COLUMNS.reconciliations);
  for (const m of months) {
    const s = m.statement;
    yield csvRow([
      m.accountName,
      m.month,
      m.monthEnd,
      s ? String(s.closingBalanceKsh) : '',
      s ? String(s.depositsInTransitKsh) : '',
      s ? String(s.unpresentedPaymentsKsh) : '',
      s ? String(s.adjustedBalanceKsh) : '',
      String(m.cashBookBalanceKsh),
      String(m.clientLedgersTotalKsh),
      m.reconciled ? T.yes : T.no,
      m.differences.join(' '),
      m.lock ? (m.lock.lockedBy ?? T.formerStaff) : '',
      m.lock ? nairobiStamp(m.lock.lockedAt) : '',
    ]);
  }
}
