import { formatKsh, CLIENT_MONEY_STATEMENT_TEXTS as TEXTS } from '@firm/shared';
import { columnLabel, type Layout, type StatementField } from './statement-layouts';
import { readAmountCell, readDateCell } from './statement-values';

/**
 * One row under the heading, read into a statement line, a balance alone (a bank's "Balance
 * b/f" row: a date and a balance, no money in or out), a line left out (an M-Pesa transaction
 * that did not complete), nothing (an empty row, the M-Pesa export's totals row) or the
 * problems that stop it, each in words with its line number (CLIENT_MONEY_STATEMENT_TEXTS in packages/shared/src/client-money/texts.ts).
 */

export interface StatementLine {
  /** The file's line the row starts on, as a spreadsheet numbers its rows. */
  lineNumber: number;
  /** The Nairobi calendar day, YYYY-MM-DD, as the statement writes it. */
  date: string;
  /** HH:MM:SS when the statement gives a time (the M-Pesa export does), else null. */
  time: string | null;
  description: string;
  /** The bank's reference or the M-Pesa receipt number, as written; '' when there is none. */
  reference: string;
  /** Whole shillings: positive for money in, negative for money out. */
  amountKsh: number;
  /** The balance after this line, when the statement shows one. */
  balanceKsh: number | null;
  /** M-Pesa only: who paid or was paid ("2547****678 - JANE WANJIKU"), and the A/C No. typed. */
  otherParty: string | null;
  accountNumber: string | null;
}

export interface BalanceRow {
  lineNumber: number;
  date: string;
  time: string | null;
  balanceKsh: number;
}

export type RowResult =
  | { kind: 'line'; line: StatementLine }
  | { kind: 'balance'; row: BalanceRow }
  | { kind: 'skipped'; message: string }
  | { kind: 'nothing' }
  | { kind: 'problems'; messages: string[] };

const MAX_TEXT: Partial<Record<StatementField, number>> = {
  description: 500,
  reference: 100,
  otherParty: 200,
  accountNumber: 100,
};

// A bank's export can carry control characters (a tab, a stray NUL) inside a narrative.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A cell quoted back in a message: a long one is cut, so the message stays a sentence. */
const shown = (cell: string) => (cell.length > 40 ? `${cell.slice(0, 39)}…` : cell);

export function readRow(
  layout: Layout,
  indexes: Partial<Record<StatementField, number>>,
  cells: readonly string[],
  lineNumber: number,
): RowResult {
  if (cells.every((cell) => cell.trim() === '')) return { kind: 'nothing' };
  const cell = (field: StatementField) => {
    const index = indexes[field];
    return index === undefined ? '' : (cells[index] ?? '').replace(CONTROL, ' ').trim();
  };
  const problems: string[] = [];
  let widest = 0;
  for (const index of Object.values(indexes)) widest = Math.max(widest, (index ?? 0) + 1);
  if (cells.length < widest) problems.push(TEXTS.tooFewCells(lineNumber, cells.length, widest));

  if (layout.format === 'mpesa') {
    // The export ends with a totals row that has neither a receipt nor a time.
    if (cell('reference') === '' && cell('date') === '') return { kind: 'nothing' };
    const status = cell('status');
    if (status === '') problems.push(TEXTS.statusMissing(lineNumber));
    else if (status.toLowerCase() !== 'completed') {
      return { kind: 'skipped', message: TEXTS.skippedNotCompleted(lineNumber, shown(status)) };
    }
  }

  const date = readDateCell(cell('date'));
  if (!date.ok) {
    const written = shown(cell('date'));
    problems.push(
      date.problem === 'missing'
        ? TEXTS.dateMissing(lineNumber)
        : date.problem === 'not_a_day'
          ? TEXTS.dateNotReal(lineNumber, written)
          : date.problem === 'out_of_range'
            ? TEXTS.dateOutOfRange(lineNumber, written)
            : TEXTS.dateUnreadable(lineNumber, written),
    );
  }
  const amount = (field: 'moneyIn' | 'moneyOut' | 'balance') => {
    const read = readAmountCell(cell(field));
    const written = shown(cell(field));
    if (read.ok) return read.amountKsh;
    const label = columnLabel(layout, field);
    problems.push(
      read.problem === 'cents'
        ? TEXTS.amountHasCents(lineNumber, label, written)
        : read.problem === 'too_large'
          ? TEXTS.amountTooLarge(lineNumber, label, written)
          : TEXTS.amountUnreadable(lineNumber, label, written),
    );
    return null;
  };
  const moneyIn = amount('moneyIn');
  // The M-Pesa export writes Withdrawn as a negative number; a bank writes it plain. Either way
  // it is money out, so its sign carries nothing.
  const moneyOut = amount('moneyOut');
  const balance = amount('balance');
  if (moneyIn !== null && moneyIn < 0) {
    problems.push(
      TEXTS.moneyInNegative(lineNumber, columnLabel(layout, 'moneyIn'), shown(cell('moneyIn'))),
    );
  }
  const inKsh = moneyIn ?? 0;
  const outKsh = Math.abs(moneyOut ?? 0);
  if (inKsh > 0 && outKsh > 0) {
    problems.push(TEXTS.bothAmounts(lineNumber, formatKsh(inKsh), formatKsh(outKsh)));
  }

  const texts: Partial<Record<StatementField, string>> = {};
  for (const field of ['description', 'reference', 'otherParty', 'accountNumber'] as const) {
    const value = cell(field).replace(/\s+/g, ' ');
    const max = MAX_TEXT[field]!;
    if (value.length > max)
      problems.push(TEXTS.textTooLong(lineNumber, columnLabel(layout, field), max));
    texts[field] = value;
  }

  if (problems.length > 0 || !date.ok) return { kind: 'problems', messages: problems };
  if (inKsh === 0 && outKsh === 0) {
    if (balance !== null) {
      return {
        kind: 'balance',
        row: { lineNumber, date: date.date, time: date.time, balanceKsh: balance },
      };
    }
    return { kind: 'problems', messages: [TEXTS.noAmount(lineNumber)] };
  }
  return {
    kind: 'line',
    line: {
      lineNumber,
      date: date.date,
      time: date.time,
      description: texts.description ?? '',
      reference: texts.reference ?? '',
      amountKsh: inKsh > 0 ? inKsh : -outKsh,
      balanceKsh: balance,
      otherParty: layout.format === 'mpesa' ? texts.otherParty || null : null,
      accountNumber: layout.format === 'mpesa' ? texts.accountNumber || null : null,
    },
  };
}
