/**
 * The two statement layouts the import reads, by their heading rows
 * (docs/client-money-statements.md lists every heading each accepts):
 * - `generic`: the firm's own layout, which any bank's export can be put into: Date, Description,
 *   Reference, Money in, Money out, Balance, under a few common names for each;
 * - `mpesa`: the export of Safaricom's M-Pesa organisation (paybill or till) portal: Receipt No.,
 *   Completion Time, Initiation Time, Details, Transaction Status, Paid In, Withdrawn, Balance,
 *   Balance Confirmed, Reason Type, Other Party Info, Linked Transaction ID, A/C No.
 * A heading is matched by its words alone: case, spacing, punctuation and a unit in brackets
 * ("Money in (KES)") do not count.
 */

export type StatementFormat = 'generic' | 'mpesa';

export type StatementField =
  | 'date'
  | 'description'
  | 'reference'
  | 'moneyIn'
  | 'moneyOut'
  | 'balance'
  | 'status'
  | 'otherParty'
  | 'accountNumber';

interface Column {
  field: StatementField;
  /** The column's name in the messages, as the layout's documentation writes it. */
  label: string;
  names: readonly string[];
  required: boolean;
}

export interface Layout {
  format: StatementFormat;
  columns: readonly Column[];
}

export const GENERIC_LAYOUT: Layout = {
  format: 'generic',
  columns: [
    {
      field: 'date',
      label: 'Date',
      names: ['date', 'transaction date', 'tran date', 'txn date', 'posting date', 'booking date'],
      required: true,
    },
    {
      field: 'description',
      label: 'Description',
      names: [
        'description',
        'details',
        'narrative',
        'narration',
        'particulars',
        'transaction details',
      ],
      required: true,
    },
    {
      field: 'reference',
      label: 'Reference',
      names: [
        'reference',
        'ref',
        'ref no',
        'reference no',
        'reference number',
        'cheque no',
        'cheque number',
        'transaction reference',
      ],
      required: false,
    },
    {
      field: 'moneyIn',
      label: 'Money in',
      names: ['money in', 'credit', 'credits', 'credit amount', 'paid in', 'deposit', 'deposits'],
      required: true,
    },
    {
      field: 'moneyOut',
      label: 'Money out',
      names: [
        'money out',
        'debit',
        'debits',
        'debit amount',
        'withdrawn',
        'withdrawal',
        'withdrawals',
      ],
      required: true,
    },
    {
      field: 'balance',
      label: 'Balance',
      names: ['balance', 'running balance', 'book balance', 'ledger balance'],
      required: true,
    },
  ],
};

export const MPESA_LAYOUT: Layout = {
  format: 'mpesa',
  columns: [
    {
      field: 'reference',
      label: 'Receipt No.',
      names: ['receipt no', 'receipt number'],
      required: true,
    },
    { field: 'date', label: 'Completion Time', names: ['completion time'], required: true },
    { field: 'description', label: 'Details', names: ['details'], required: true },
    { field: 'status', label: 'Transaction Status', names: ['transaction status'], required: true },
    { field: 'moneyIn', label: 'Paid In', names: ['paid in'], required: true },
    { field: 'moneyOut', label: 'Withdrawn', names: ['withdrawn'], required: true },
    { field: 'balance', label: 'Balance', names: ['balance'], required: true },
    {
      field: 'otherParty',
      label: 'Other Party Info',
      names: ['other party info'],
      required: false,
    },
    { field: 'accountNumber', label: 'A/C No.', names: ['a c no', 'account no'], required: false },
  ],
};

/** "Money In (KES)" → "money in"; "A/C No." → "a c no"; "Receipt No." → "receipt no". */
export function headingWords(cell: string): string {
  return cell
    .replace(/\([^)]*\)/g, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export type HeadingMatch =
  | { kind: 'heading'; layout: Layout; indexes: Partial<Record<StatementField, number>> }
  | { kind: 'incomplete'; layout: Layout; found: number; missing: string[] }
  | { kind: 'duplicate'; layout: Layout; first: string; second: string }
  | { kind: 'none' };

/**
 * Whether a row is a layout's heading. An M-Pesa heading is told by Receipt No. with Completion
 * Time, which no bank uses; any other row is tried as the generic layout. A row naming some of a
 * layout's required columns (at least two, one of them the date) is `incomplete`, so the person
 * hears which column is missing rather than that there is no heading at all.
 */
export function matchHeading(cells: readonly string[]): HeadingMatch {
  const words = cells.map(headingWords);
  const layout =
    words.includes('receipt no') && words.includes('completion time')
      ? MPESA_LAYOUT
      : GENERIC_LAYOUT;
  const indexes: Partial<Record<StatementField, number>> = {};
  for (const column of layout.columns) {
    for (let index = 0; index < words.length; index += 1) {
      if (!column.names.includes(words[index]!)) continue;
      const earlier = indexes[column.field];
      if (earlier !== undefined) {
        return {
          kind: 'duplicate',
          layout,
          first: cells[earlier]!.trim(),
          second: cells[index]!.trim(),
        };
      }
      indexes[column.field] = index;
    }
  }
  const required = layout.columns.filter((column) => column.required);
  const missing = required.filter((column) => indexes[column.field] === undefined);
  if (missing.length === 0) return { kind: 'heading', layout, indexes };
  const found = required.length - missing.length;
  if (found >= 2 && indexes.date !== undefined) {
    return { kind: 'incomplete', layout, found, missing: missing.map((column) => column.label) };
  }
  return { kind: 'none' };
}

export const columnLabel = (layout: Layout, field: StatementField): string =>
  layout.columns.find((column) => column.field === field)?.label ?? field;
