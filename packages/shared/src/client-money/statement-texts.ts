import { formatKsh } from '../appointments/rules';

/**
 * Every word of the statement import, the matching and the reconciliation that a person reads
 * (docs/client-money-statements.md). Written for the firm's accountant: the line numbers are the
 * file's lines, as a spreadsheet numbers its rows.
 */
export const CLIENT_MONEY_STATEMENT_TEXTS = {
  fileEmpty: 'The file is empty: export the statement again and choose the CSV file it gives.',
  noHeading:
    'No heading row was found in the first 30 rows. The file should start with a row naming its columns: Date, Description, Reference, Money in, Money out, Balance; or be the M-Pesa portal’s statement export, whose heading starts Receipt No., Completion Time.',
  /** `names`: the columns the heading row lacks, already joined ("Money out, Balance"). */
  missingColumns: (line: number, names: string) =>
    `Line ${line} looks like the heading row, but it has no column for ${names}.`,
  duplicateColumn: (line: number, first: string, second: string) =>
    `Line ${line}: the columns “${first}” and “${second}” mean the same thing; keep one of them.`,
  noLines: 'The file has a heading row but no statement lines under it.',
  noBalance:
    'No line of the statement has a balance, so its closing balance cannot be known. Export it with the balance column filled.',
  tooManyLines: (max: string) =>
    `The statement has more than ${max} lines. Export one month at a time and import each.`,
  quoteNotClosed: (line: number) =>
    `Line ${line}: a quotation mark opened here is never closed, so the rest of the file cannot be read.`,
  unreadableRow: (line: number) => `Line ${line} cannot be read as CSV: check its quotation marks.`,
  rowTooLong: (line: number) =>
    `Line ${line} is far longer than a statement line can be: the file may not be a statement.`,
  tooFewCells: (line: number, cells: number, columns: number) =>
    `Line ${line} has ${cells} ${cells === 1 ? 'cell' : 'cells'}, but the statement’s columns need ${columns}: the line may be cut short.`,
  dateMissing: (line: number) => `Line ${line}: the date is missing.`,
  dateUnreadable: (line: number, cell: string) =>
    `Line ${line}: “${cell}” is not a date this import can read. Write dates day first, e.g. 30/11/2026, 30-Nov-2026 or 2026-11-30.`,
  dateNotReal: (line: number, cell: string) => `Line ${line}: “${cell}” is not a real day.`,
  dateOutOfRange: (line: number, cell: string) =>
    `Line ${line}: the date “${cell}” is outside the years 1900 to 2100.`,
  amountUnreadable: (line: number, column: string, cell: string) =>
    `Line ${line}: “${cell}” in ${column} is not an amount. Write shillings with or without commas, e.g. 12,500 or 12500.00.`,
  amountHasCents: (line: number, column: string, cell: string) =>
    `Line ${line}: “${cell}” in ${column} has cents. Client money is kept in whole shillings, so this line could never match the cash book: ask the bank whether the amount is right.`,
  amountTooLarge: (line: number, column: string, cell: string) =>
    `Line ${line}: “${cell}” in ${column} is too large to be a statement amount.`,
  moneyInNegative: (line: number, column: string, cell: string) =>
    `Line ${line}: ${column} “${cell}” is negative; money going out belongs in the other column.`,
  bothAmounts: (line: number, moneyIn: string, moneyOut: string) =>
    `Line ${line} has money both in (${moneyIn}) and out (${moneyOut}); a statement line is one or the other.`,
  noAmount: (line: number) => `Line ${line} has no amount in or out.`,
  statusMissing: (line: number) => `Line ${line}: the Transaction Status is missing.`,
  textTooLong: (line: number, column: string, max: number) =>
    `Line ${line}: ${column} is longer than ${max} characters.`,
  /** The balance the line shows, and what the lines before it add up to. */
  balanceBreak: (line: number, shown: number, expected: number) =>
    `Line ${line}: the balance ${formatKsh(shown)} does not follow from the lines before it (${formatKsh(expected)} expected). A line may be missing from the file, or an amount mistyped.`,
  moreErrors: (count: number) =>
    `… and ${count} more ${count === 1 ? 'problem' : 'problems'}. Correct these first and import the file again.`,
  /** An M-Pesa line left out of the statement because it never moved money. */
  skippedNotCompleted: (line: number, status: string) =>
    `Line ${line} left out: its status is “${status}”, and only completed transactions move money.`,

  // Matching: why a statement line was matched to an entry.
  matchedByReference: (reference: string, daysApart: number) =>
    daysApart === 0
      ? `Same amount and reference ${reference}, same day`
      : `Same amount and reference ${reference}, ${daysApart} ${daysApart === 1 ? 'day' : 'days'} apart`,
  matchedByDate: (daysApart: number) =>
    daysApart === 0
      ? 'Same amount, same day'
      : `Same amount, ${daysApart} ${daysApart === 1 ? 'day' : 'days'} apart`,

  // Reconciliation: each difference, in a sentence.
  statementAboveCashBook: (amount: number) =>
    `The adjusted statement balance is ${formatKsh(amount)} more than the cash book.`,
  statementBelowCashBook: (amount: number) =>
    `The adjusted statement balance is ${formatKsh(amount)} less than the cash book.`,
  /** `net`: the lines' amounts added up, signed (money in positive). */
  explainedByLines: (count: number, net: number) =>
    `${count} statement ${count === 1 ? 'line is' : 'lines are'} not in the cash book (${net === 0 ? 'cancelling out' : `${formatKsh(Math.abs(net))} ${net < 0 ? 'out' : 'in'}`}): record ${count === 1 ? 'it' : 'them'} in the cash book, or match ${count === 1 ? 'it' : 'them'} by hand.`,
  unexplained: (amount: number) =>
    `${formatKsh(amount)} is not explained by any unmatched line: look for an entry with a wrong amount or date.`,
  cashBookAboveLedgers: (amount: number) =>
    `The cash book is ${formatKsh(amount)} more than the client ledgers add up to.`,
  cashBookBelowLedgers: (amount: number) =>
    `The cash book is ${formatKsh(amount)} less than the client ledgers add up to.`,
} as const;
