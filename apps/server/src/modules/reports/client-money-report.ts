import {
  CLIENT_MONEY_ENTRY_KINDS,
  CLIENT_MONEY_ENTRY_KIND_LABELS,
  CLIENT_MONEY_IDLE_MONTHS,
  REPORT_SECTION_TEXTS,
  formatNairobiDay,
  monthsBefore,
  type ReportSection,
} from '@firm/shared';
import { heldAt, ledgerChange, movedByKind, type HeldRow } from './client-money-report.repository';
import {
  PERIOD_COLUMNS,
  cell,
  earlier,
  periodRow,
  totalRow,
  type ReportContext,
  type Row,
} from './report-kit';

const S = REPORT_SECTION_TEXTS['client-money'];
const [SIX, TWELVE] = CLIENT_MONEY_IDLE_MONTHS;
const rowKey = (row: HeldRow) => `${row.clientId}:${row.caseId ?? 'none'}`;
/** A list of balances and its total; none at all is an empty section, not a total of nothing. */
const withTotal = (rows: Row[]) => (rows.length ? [...rows, totalRow(rows)] : []);

/**
 * Client money (ADR 045, docs/product-rules.md#client-money): what the client account holds for
 * each client and case at the end of the period (or today, if the period runs on), what moved in
 * the period against the period before, and what has been held now with no movement for over 6
 * and over 12 months. No figure links to a list: the ledgers are one client's each, not a list
 * the report could filter.
 */
export async function clientMoneyReport(ctx: ReportContext): Promise<ReportSection[]> {
  const { db, range, previous, today } = ctx;
  const asOf = earlier(range.to, today);
  const [held, heldToday, moved, change] = await Promise.all([
    heldAt(db, asOf),
    asOf === today ? null : heldAt(db, today),
    Promise.all([movedByKind(db, range), movedByKind(db, previous)]),
    Promise.all([ledgerChange(db, range), ledgerChange(db, previous)]),
  ]);
  const heldRows = held.map((row) => ({
    key: rowKey(row),
    label: S.row(row.clientName, row.caseNumber),
    cells: [cell(row.heldKsh)],
  }));

  // Idle: no entry since the cut-off day, counted back from Nairobi's today in calendar months.
  const sixAgo = monthsBefore(today, SIX);
  const twelveAgo = monthsBefore(today, TWELVE);
  const idle = (heldToday ?? held).filter((row) => row.lastMoved < sixAgo);
  const idleRows = idle.map((row) => {
    const overTwelve = row.lastMoved < twelveAgo;
    return {
      key: rowKey(row),
      label: S.row(row.clientName, row.caseNumber, formatNairobiDay(row.lastMoved)),
      cells: [cell(overTwelve ? null : row.heldKsh), cell(overTwelve ? row.heldKsh : null)],
    };
  });

  return [
    {
      key: 'held',
      title: S.held(formatNairobiDay(asOf)),
      unit: 'ksh',
      chart: 'none',
      columns: [{ key: 'held', label: S.heldColumn }],
      rows: withTotal(heldRows),
      note: S.heldNote,
    },
    {
      key: 'movements',
      title: S.movements,
      unit: 'ksh',
      chart: 'bar',
      columns: PERIOD_COLUMNS,
      rows: [
        ...CLIENT_MONEY_ENTRY_KINDS.map((kind) =>
          periodRow(kind, CLIENT_MONEY_ENTRY_KIND_LABELS[kind], [
            moved[0].get(kind) ?? 0,
            moved[1].get(kind) ?? 0,
          ]),
        ),
        periodRow('net', S.netChange, change),
      ],
      note: S.movementsNote,
    },
    {
      key: 'idle',
      title: S.idle,
      unit: 'ksh',
      chart: 'stacked',
      columns: [
        { key: '6-12', label: S.idleBuckets['6-12'] },
        { key: '12+', label: S.idleBuckets['12+'] },
      ],
      rows: withTotal(idleRows),
      note: S.idleNote,
    },
  ];
}
