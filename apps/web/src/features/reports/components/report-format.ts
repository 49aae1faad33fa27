import {
  REPORT_MAX_DAYS,
  REPORT_TEXTS as T,
  daysBetween,
  formatKsh,
  formatNairobiDay,
  isCalendarDate,
  type DayRange,
  type ReportSection,
  type ReportUnit,
} from '@firm/shared';

/** How the Reports screen writes its figures and periods (docs/product-rules.md#reports). */

const whole = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const tenths = new Intl.NumberFormat('en-KE', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const upToTenths = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 1 });
const compact = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 });

/** A figure in its unit: "12", "KSh 58,000" (as billing writes money), "3.5" hours, "40%". */
export function formatFigure(unit: ReportUnit, value: number): string {
  switch (unit) {
    case 'ksh':
      return formatKsh(value);
    case 'hours':
      return tenths.format(value);
    case 'days':
      return upToTenths.format(value);
    case 'percent':
      return `${upToTenths.format(value)}%`;
    default:
      return whole.format(value);
  }
}

/** A chart axis's tick: as the table writes it, but shillings short ("KSh 1.2M"). */
export const formatTick = (unit: ReportUnit, value: number): string =>
  unit === 'ksh' ? `KSh ${compact.format(value)}` : formatFigure(unit, value);

/** "1 Nov 2026": the shared formatter's day without its weekday, as [day, month, year]. */
const dayParts = (day: string) => formatNairobiDay(day).split(' ').slice(1);

/**
 * A period in words, its month and year said once: "1 – 30 Nov 2026", "1 Oct – 31 Dec 2026",
 * "1 Nov 2025 – 31 Jan 2026", or one day alone.
 */
export function periodWords({ from, to }: DayRange): string {
  const end = dayParts(to).join(' ');
  if (from === to) return end;
  const start = dayParts(from);
  const kept =
    from.slice(0, 4) !== to.slice(0, 4) ? 3 : from.slice(0, 7) !== to.slice(0, 7) ? 2 : 1;
  return T.covering(start.slice(0, kept).join(' '), end);
}

/**
 * A period that wraps whole onto the next line, not "1 – / 31 Oct 2026": spaces that do not
 * break, and word joiners either side of the dash (a line may otherwise break after a dash).
 */
export const unbroken = (text: string) =>
  text.replaceAll(' ', '\u00a0').replaceAll('–', '\u2060–\u2060');

/** "1 – 30 Nov 2026, compared with 1 – 31 Oct 2026", each period kept on one line. */
export const periodLine = (range: DayRange, previous: DayRange) =>
  T.periodLine(unbroken(periodWords(range)), unbroken(periodWords(previous)));

/**
 * What is wrong with a range typed or linked, in the API's words (reports/schemas.ts says the
 * same), and which date it is about; null when the server would take it. Checked here so that a
 * wrong range sends nothing.
 */
export function rangeProblem(range: DayRange): { field: 'from' | 'to'; message: string } | null {
  if (!isCalendarDate(range.from)) return { field: 'from', message: T.invalidDate };
  if (!isCalendarDate(range.to)) return { field: 'to', message: T.invalidDate };
  if (range.from > range.to) return { field: 'from', message: T.fromAfterTo };
  if (daysBetween(range.from, range.to) > REPORT_MAX_DAYS) {
    return { field: 'to', message: T.rangeTooLong };
  }
  return null;
}

/** Whether a chart of the section would draw any bar at all (else its table stands alone). */
export const hasBars = (section: ReportSection) =>
  section.rows.some((row) => !isTotalRow(row) && row.cells.some((cell) => !!cell.value));

/** A section's row of sums: shown in its table, left out of its chart (it would dwarf the rest). */
export const isTotalRow = (row: ReportSection['rows'][number]) => row.key === 'total';

/**
 * Whether a section has nothing to show: every figure missing, or every count and sum 0. A 0 of
 * hours, days or a share is a measurement (a median age of 0 days: the cases opened today), shown.
 */
export function isEmptySection(section: ReportSection): boolean {
  const isTally = section.unit === 'count' || section.unit === 'ksh';
  return section.rows.every((row) =>
    row.cells.every((cell) => cell.value === null || (isTally && cell.value === 0)),
  );
}

export interface ChartSeries {
  /** The bars' labels, down the side. */
  categories: string[];
  /** One colour each: its label (the legend) and a value per category. */
  series: { label: string; values: (number | null)[] }[];
  isStacked: boolean;
  /** Whether each colour is a column (this period, the previous one) or a row (a status). */
  seriesAre: 'columns' | 'rows';
}

/**
 * What a section's chart draws. A period compared with the one before (or "now") draws a bar per
 * row, one colour per column; months, weeks or stacked buckets draw a bar per column, one colour
 * per row. The total row stays in the table.
 */
export function chartSeriesOf(section: ReportSection): ChartSeries {
  const rows = section.rows.filter((row) => !isTotalRow(row));
  const isStacked = section.chart === 'stacked';
  if (!isStacked && section.columns.length <= 2) {
    return {
      categories: rows.map((row) => row.label),
      series: section.columns.map((column, i) => ({
        label: column.label,
        values: rows.map((row) => row.cells[i]?.value ?? null),
      })),
      isStacked,
      seriesAre: 'columns',
    };
  }
  return {
    categories: section.columns.map((column) => column.label),
    series: rows.map((row) => ({
      label: row.label,
      values: section.columns.map((_, i) => row.cells[i]?.value ?? null),
    })),
    isStacked,
    seriesAre: 'rows',
  };
}

/**
 * The chart's height in pixels: room for each bar (the chart is as wide as the screen allows, so
 * its height is what keeps bars readable on a 360 px phone), and for the legend and the axis.
 */
export function chartHeight({ categories, series, isStacked }: ChartSeries): number {
  const perCategory = isStacked ? 28 : Math.max(28, series.length * 16 + 10);
  const legend = series.length > 1 ? 32 : 0;
  return Math.max(140, categories.length * perCategory + legend + 40);
}

/** The largest figure of a section, in words, for the chart's summary ("12 — Family Law, This period"). */
export function highestFigure(section: ReportSection): string | null {
  let best: { value: number; text: string } | null = null;
  for (const row of section.rows) {
    if (isTotalRow(row)) continue;
    for (const [i, cell] of row.cells.entries()) {
      if (cell.value === null || (best && cell.value <= best.value)) continue;
      const text = formatFigure(section.unit, cell.value);
      best = {
        value: cell.value,
        text: T.figureLink(text, row.label, section.columns[i]?.label ?? ''),
      };
    }
  }
  return best?.text ?? null;
}
