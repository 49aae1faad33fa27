import {
  REPORT_TEXTS as T,
  formatNairobiDay,
  monthsOf,
  reportMonthLabel,
  type DayRange,
  type FirmSettings,
  type ReportCell,
  type ReportSection,
} from '@firm/shared';
import type { Db } from '../../db/client';

/** What every report is worked out from. */
export interface ReportContext {
  db: Db;
  range: DayRange;
  previous: DayRange;
  /** Nairobi's today, and the instant the report is worked out ("now" figures). */
  today: string;
  now: Date;
  /** The firm's settings (booking times, appointment types), read when a report needs them. */
  settings: () => Promise<FirmSettings>;
}

export const cell = (value: number | null, link: string | null = null): ReportCell => ({
  value,
  link,
});

/** The columns of a figure compared with the previous period. */
export const PERIOD_COLUMNS = [
  { key: 'period', label: T.thisPeriod },
  { key: 'previous', label: T.previousPeriod },
];
/** The one column of a figure as of now. */
export const NOW_COLUMNS = [{ key: 'now', label: T.now }];

export const monthColumns = (range: DayRange) =>
  monthsOf(range).map((month) => ({ key: month.month, label: reportMonthLabel(month.month) }));

export const weekLabel = (day: string) => formatNairobiDay(day);

export type Row = ReportSection['rows'][number];

/** A row of two cells: this period's and the previous period's. */
export function periodRow(
  key: string,
  label: string,
  values: readonly [number | null, number | null],
  links: readonly [string | null, string | null] = [null, null],
): Row {
  return { key, label, cells: [cell(values[0], links[0]), cell(values[1], links[1])] };
}

/** The sum row of a section's rows (a total shows no list of its own unless given one). */
export function totalRow(rows: readonly Row[], links: readonly (string | null)[] = []): Row {
  const width = rows[0]?.cells.length ?? 0;
  return {
    key: 'total',
    label: T.total,
    cells: Array.from({ length: width }, (_, i) =>
      cell(
        rows.reduce((sum, row) => sum + (row.cells[i]?.value ?? 0), 0),
        links[i] ?? null,
      ),
    ),
  };
}

/** The earlier of two days: a period's end, or today when the period runs on. */
export const earlier = (a: string, b: string) => (a < b ? a : b);
