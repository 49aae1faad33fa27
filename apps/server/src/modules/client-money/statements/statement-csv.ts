import type { Readable } from 'node:stream';
import { groupThousands, CLIENT_MONEY_STATEMENT_TEXTS as TEXTS } from '@firm/shared';
import { CsvError, parse, type InfoRecord, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import {
  matchHeading,
  type Layout,
  type StatementField,
  type StatementFormat,
} from './statement-layouts';
import { readRow, type BalanceRow, type StatementLine } from './statement-rows';

export type { StatementFormat } from './statement-layouts';
export type { StatementLine } from './statement-rows';

/**
 * A bank or M-Pesa statement in CSV, read into lines in whole shillings, oldest first; or, when
 * anything is wrong, every problem with its line number and nothing else: a statement is
 * imported whole or not at all (docs/client-money-statements.md). csv-parse reads the
 * CSV (quotes, commas inside quotes, a byte-order mark); the rows are handed over one at a time,
 * so a file is read as it arrives (`readStatementStream`) or from memory (`readStatementCsv`)
 * without its records being held twice.
 */

export interface StatementProblem {
  /** The file's line, or null for a problem of the whole file. */
  lineNumber: number | null;
  message: string;
}

export type StatementImport =
  | {
      ok: true;
      format: StatementFormat;
      /** Oldest first, whichever way the file ran (the M-Pesa export runs newest first). */
      lines: StatementLine[];
      /** The balance before the first line and after the last, from the statement's balances. */
      openingBalanceKsh: number;
      closingBalanceKsh: number;
      /** Lines read but left out (M-Pesa transactions that failed), each in words. */
      skipped: StatementProblem[];
    }
  | { ok: false; errors: StatementProblem[] };

/** A month's statement of a busy paybill is a few thousand lines; more is not one month. */
export const MAX_STATEMENT_LINES = 50_000;
/** The rows looked at for the heading: a bank's preamble (name, account, period) is a few. */
const HEADING_SEARCH_ROWS = 30;
/** The problems listed one by one; the rest are counted. */
const MAX_LISTED_PROBLEMS = 100;

const CSV_OPTIONS: Options = {
  bom: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: false,
  skip_records_with_error: true,
  // A statement's row is a few hundred characters; a megabyte "row" is not a statement.
  max_record_size: 20_000,
};

class TooManyLines extends Error {}
/** Thrown to stop reading a file that has shown no heading where one should be. */
class NoHeading extends Error {}

type Item = { line: StatementLine } | { balance: BalanceRow };

export interface ReadOptions {
  /** The most lines a statement may have; MAX_STATEMENT_LINES unless the caller sets fewer. */
  maxLines?: number;
}

class StatementReader {
  constructor(private readonly maxLines: number) {}

  private lastLine = 0;
  private rowsBeforeHeading = 0;
  private heading: { layout: Layout; indexes: Partial<Record<StatementField, number>> } | null =
    null;
  private nearHeading: StatementProblem | null = null;
  private readonly items: Item[] = [];
  private readonly problems: StatementProblem[] = [];
  private problemCount = 0;
  private readonly skipped: StatementProblem[] = [];
  private lineCount = 0;

  /** One CSV record that ends on the file's line `endLine`. */
  accept(cells: string[], endLine: number): void {
    const lineNumber = this.lastLine + 1;
    this.lastLine = endLine;
    if (!this.heading) return this.lookForHeading(cells, lineNumber);
    const row = readRow(this.heading.layout, this.heading.indexes, cells, lineNumber);
    if (row.kind === 'nothing') return;
    this.lineCount += 1;
    if (this.lineCount > this.maxLines) throw new TooManyLines();
    if (row.kind === 'problems')
      for (const message of row.messages) this.problem(lineNumber, message);
    else if (row.kind === 'skipped') this.skipped.push({ lineNumber, message: row.message });
    else if (row.kind === 'line') this.items.push({ line: row.line });
    else this.items.push({ balance: row.row });
  }

  /** A record csv-parse could not read: a quotation mark never closed, or a runaway row. */
  unreadable(error: CsvError | undefined): undefined {
    const line = this.lastLine + 1;
    this.problem(
      line,
      error?.code === 'CSV_QUOTE_NOT_CLOSED'
        ? TEXTS.quoteNotClosed(line)
        : error?.code === 'CSV_MAX_RECORD_SIZE'
          ? TEXTS.rowTooLong(line)
          : TEXTS.unreadableRow(line),
    );
    this.lastLine = Math.max(line, typeof error?.lines === 'number' ? error.lines : 0);
    return undefined;
  }

  failed(error: unknown): StatementImport {
    const line = this.lastLine + 1;
    if (error instanceof NoHeading) return this.finish();
    if (error instanceof TooManyLines) {
      return fail(null, TEXTS.tooManyLines(groupThousands(this.maxLines)));
    }
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
      return this.finishWith(line, TEXTS.quoteNotClosed(line));
    }
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') {
      return this.finishWith(line, TEXTS.rowTooLong(line));
    }
    throw error;
  }

  finish(): StatementImport {
    if (!this.heading) {
      if (this.nearHeading) return { ok: false, errors: [this.nearHeading] };
      return fail(null, this.rowsBeforeHeading === 0 ? TEXTS.fileEmpty : TEXTS.noHeading);
    }
    if (this.problemCount > 0) return { ok: false, errors: this.listedProblems() };
    if (!this.items.some((item) => 'line' in item)) return fail(null, TEXTS.noLines);
    const items = oldestFirst(this.items);
    const chain = checkBalances(items);
    if (chain.breaks.length > 0) {
      for (const problem of chain.breaks) this.problem(problem.lineNumber, problem.message);
      return { ok: false, errors: this.listedProblems() };
    }
    if (chain.openingBalanceKsh === null) return fail(null, TEXTS.noBalance);
    const lines = items.flatMap((item) => ('line' in item ? [item.line] : []));
    return {
      ok: true,
      format: this.heading.layout.format,
      lines,
      openingBalanceKsh: chain.openingBalanceKsh,
      closingBalanceKsh: chain.closingBalanceKsh!,
      skipped: this.skipped,
    };
  }

  private finishWith(lineNumber: number, message: string): StatementImport {
    this.problem(lineNumber, message);
    return { ok: false, errors: this.listedProblems() };
  }

  private lookForHeading(cells: string[], lineNumber: number): void {
    if (cells.every((cell) => cell.trim() === '')) return;
    this.rowsBeforeHeading += 1;
    if (this.rowsBeforeHeading > HEADING_SEARCH_ROWS) throw new NoHeading();
    const match = matchHeading(cells);
    if (match.kind === 'heading') this.heading = { layout: match.layout, indexes: match.indexes };
    else if (match.kind === 'duplicate') {
      this.nearHeading ??= {
        lineNumber,
        message: TEXTS.duplicateColumn(lineNumber, match.first, match.second),
      };
    } else if (match.kind === 'incomplete') {
      this.nearHeading ??= {
        lineNumber,
        message: TEXTS.missingColumns(lineNumber, match.missing.join(', ')),
      };
    }
  }

  private problem(lineNumber: number | null, message: string): void {
    this.problemCount += 1;
    if (this.problems.length < MAX_LISTED_PROBLEMS) this.problems.push({ lineNumber, message });
  }

  private listedProblems(): StatementProblem[] {
    const more = this.problemCount - this.problems.length;
    return more > 0
      ? [...this.problems, { lineNumber: null, message: TEXTS.moreErrors(more) }]
      : this.problems;
  }
}

const fail = (lineNumber: number | null, message: string): StatementImport => ({
  ok: false,
  errors: [{ lineNumber, message }],
});

const itemDate = (item: Item) => ('line' in item ? item.line : item.balance);

/**
 * The statement's lines in the order the money moved. A file whose last line is dated before its
 * first runs newest first (the M-Pesa portal's export does) and is turned round; a file of one
 * day is turned round only if its balances follow that way and not the other. Within that, the
 * file's own order stands: it is the order the bank's balances follow.
 */
function oldestFirst(items: Item[]): Item[] {
  const first = itemDate(items[0]!);
  const last = itemDate(items[items.length - 1]!);
  const firstKey = `${first.date} ${first.time ?? ''}`;
  const lastKey = `${last.date} ${last.time ?? ''}`;
  if (lastKey < firstKey) return [...items].reverse();
  if (lastKey > firstKey) return items;
  const reversed = [...items].reverse();
  return checkBalances(reversed).breaks.length < checkBalances(items).breaks.length
    ? reversed
    : items;
}

interface Chain {
  breaks: StatementProblem[];
  openingBalanceKsh: number | null;
  closingBalanceKsh: number | null;
}

/**
 * Each balance the statement shows must follow from the one before and the lines between: a
 * line missing from the export, or a misread amount, shows here rather than as a reconciliation
 * that never agrees. Lines stamped with the same second (the M-Pesa export has them, in no
 * reliable order) are checked as a group: the group's total must lead to one of their balances.
 * After a break the count starts again from the balance shown, so one missing line is one
 * problem, not one per line after it.
 */
function checkBalances(items: Item[]): Chain {
  const breaks: StatementProblem[] = [];
  let running: number | null = null;
  let movedBeforeAnchor = 0;
  let anchor: number | null = null;
  for (let start = 0; start < items.length;) {
    const stamp = itemDate(items[start]!);
    let end = start + 1;
    while (
      stamp.time !== null &&
      end < items.length &&
      itemDate(items[end]!).date === stamp.date &&
      itemDate(items[end]!).time === stamp.time
    ) {
      end += 1;
    }
    const group = items.slice(start, end);
    start = end;
    const moved = group.reduce((sum, item) => sum + ('line' in item ? item.line.amountKsh : 0), 0);
    const shown = group.flatMap((item) => {
      const balance = 'line' in item ? item.line.balanceKsh : item.balance.balanceKsh;
      return balance === null ? [] : [balance];
    });
    if (running !== null) {
      const expected: number = running + moved;
      if (shown.length > 0 && !shown.includes(expected)) {
        const shownLast = shown[shown.length - 1]!;
        const lineNumber = itemDate(group[0]!).lineNumber;
        breaks.push({ lineNumber, message: TEXTS.balanceBreak(lineNumber, shownLast, expected) });
        running = shownLast;
      } else running = expected;
      continue;
    }
    const end_ = groupEndBalance(group, moved, shown);
    if (end_ === null) movedBeforeAnchor += moved;
    else {
      anchor = end_ - moved - movedBeforeAnchor;
      running = end_;
    }
  }
  if (anchor === null) return { breaks, openingBalanceKsh: null, closingBalanceKsh: null };
  return { breaks, openingBalanceKsh: anchor, closingBalanceKsh: running };
}

/**
 * The balance after a group when nothing before it gives one: a single line's own balance; for
 * lines of the same second, a balance that one of them could have ended on, given that another
 * of them started the group.
 */
function groupEndBalance(group: Item[], moved: number, shown: number[]): number | null {
  if (shown.length === 0) return null;
  if (group.length === 1) return shown[0]!;
  for (const candidate of shown) {
    const opening = candidate - moved;
    const fits = group.some(
      (item) => 'line' in item && item.line.balanceKsh === opening + item.line.amountKsh,
    );
    if (fits) return candidate;
  }
  return shown[shown.length - 1]!;
}

/**
 * csv-parse hands each record to the reader as it is read, with the line it ends on, and keeps
 * none (`on_record` answers null): the statement's lines are held once, by the reader.
 */
const readerOptions = (reader: StatementReader): Options => ({
  ...CSV_OPTIONS,
  on_skip: (error) => reader.unreadable(error),
  on_record: (record: string[], context: InfoRecord) => {
    reader.accept(record, context.lines);
    return null;
  },
});

const lineLimit = (options: ReadOptions) =>
  Math.min(options.maxLines ?? MAX_STATEMENT_LINES, MAX_STATEMENT_LINES);

/** A statement held in memory (a test, a fixture, a small upload). */
export function readStatementCsv(
  input: string | Buffer,
  options: ReadOptions = {},
): StatementImport {
  const reader = new StatementReader(lineLimit(options));
  try {
    parseSync(input, readerOptions(reader));
  } catch (error) {
    return reader.failed(error);
  }
  return reader.finish();
}

/** A statement as it arrives (an upload's file stream), read one record at a time. */
export async function readStatementStream(
  source: Readable,
  options: ReadOptions = {},
): Promise<StatementImport> {
  const reader = new StatementReader(lineLimit(options));
  const parser = parse(readerOptions(reader));
  source.on('error', (error) => parser.destroy(error));
  try {
    // The parser passes nothing on: the loop only waits for the file's end.
    for await (const _ of source.pipe(parser)) void _;
  } catch (error) {
    source.destroy();
    return reader.failed(error);
  }
  return reader.finish();
}
