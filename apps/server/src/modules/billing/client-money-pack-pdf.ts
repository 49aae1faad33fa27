import { formatKsh, formatMonthTitle, formatNairobiDay } from '@firm/shared';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { render } from './billing-pdf';
import {
  A4_CONTENT_WIDTH,
  BRAND,
  LINES_LAYOUT,
  detailsBlock,
  documentDefinition,
  letterheadBlock,
  rule,
} from './billing-pdf-blocks';
import type { ClientMoneyPackDocument } from './billing-documents';

/**
 * The accountant's practice-year pack of client money (ADR 045) on the billing letterhead: the
 * journal, each client's ledger (opening balance, every movement with its running balance,
 * closing balance), the client balances at the year's end, and each client account's monthly
 * reconciliations, each part starting a page, its tables' header rows repeated and the pages
 * numbered (the shared footer). Tables have fixed widths (billing-pdf-blocks.ts says why never
 * '*'); rows may break across pages, since a year's tables run to hundreds of pages and keeping
 * each row whole costs pdfmake a second pass over every one.
 */

const FIGURES = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const figures = (amount: number) => (amount ? FIGURES.format(amount) : '');
const always = (amount: number) => FIGURES.format(amount);

/** Column widths that add up to the page, with 5pt paddings either side of each cell. */
function widths(fixed: number[], flexibleAt: number): number[] {
  const room = A4_CONTENT_WIDTH - 10 * fixed.length - fixed.reduce((a, b) => a + b, 0);
  return fixed.map((width, i) => (i === flexibleAt ? width + room : width));
}

const head = (text: string, right = false): TableCell => ({
  text,
  style: 'tableHeader',
  ...(right ? { alignment: 'right' as const } : {}),
});
const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });
const small = (text: string): Content => ({ text, style: 'muted', fontSize: 7 });
/**
 * A cell of two lines, the second small and muted, as one text (not a stack): a year's tables
 * have tens of thousands of rows, and each node more per row is held by pdfmake until the end.
 */
const twoLines = (first: string, second: string | null): TableCell =>
  second ? { text: [first, '\n', { text: second, style: 'muted', fontSize: 7 }] } : first;

const table = (columnWidths: number[], body: TableCell[][]): Content => ({
  table: { headerRows: 1, widths: columnWidths, body },
  layout: LINES_LAYOUT,
  fontSize: 8,
});

const partTitle = (title: string, note: string, first = false): Content[] => [
  {
    text: title,
    fontSize: 13,
    bold: true,
    color: BRAND,
    margin: [0, 0, 0, 2],
    ...(first ? {} : { pageBreak: 'before' as const }),
  },
  { text: note, style: 'muted', margin: [0, 0, 0, 8] },
];

const empty = (text: string, span: number): TableCell[] => [
  { text, style: 'muted', colSpan: span },
  ...Array.from({ length: span - 1 }, () => ({})),
];

function journal(doc: ClientMoneyPackDocument): Content[] {
  const body: TableCell[][] = [
    [
      head('Date'),
      head('Entry'),
      head('Client'),
      head('Account'),
      head('In (KSh)', true),
      head('Out (KSh)', true),
    ],
  ];
  for (const entry of doc.entries) {
    body.push([
      formatNairobiDay(entry.date),
      twoLines(entry.what, `Ref. ${entry.reference}`),
      twoLines(entry.client, entry.caseNumber ? `Case ${entry.caseNumber}` : null),
      entry.account,
      right(figures(entry.inKsh)),
      right(figures(entry.outKsh)),
    ]);
  }
  if (doc.entries.length === 0) body.push(empty('No entries in the year.', 6));
  return [
    ...partTitle(
      '1. Journal',
      `Every entry dated ${formatNairobiDay(doc.first)} to ${formatNairobiDay(doc.last)}, by date; In and Out are what each did to the client’s ledger.`,
      true,
    ),
    table(widths([66, 130, 100, 70, 52, 52], 1), body),
  ];
}

function ledgers(doc: ClientMoneyPackDocument): Content[] {
  const content: Content[] = partTitle(
    '2. Client ledgers',
    'Each client’s ledger: the balance brought forward, every movement of the year with its running balance, and the balance carried forward.',
  );
  if (doc.ledgers.length === 0) {
    content.push({ text: 'No client held money or had a movement in the year.', style: 'muted' });
  }
  for (const ledger of doc.ledgers) {
    let held = ledger.openingKsh;
    const body: TableCell[][] = [
      [
        head('Date'),
        head('Movement'),
        head('In (KSh)', true),
        head('Out (KSh)', true),
        head('Balance (KSh)', true),
      ],
      [formatNairobiDay(doc.first), 'Opening balance', '', '', right(always(held), true)],
    ];
    for (const index of ledger.entryIndexes) {
      const entry = doc.entries[index]!;
      held += entry.inKsh - entry.outKsh;
      const details = [
        entry.caseNumber ? `Case ${entry.caseNumber}` : null,
        `Ref. ${entry.reference}`,
      ]
        .filter((part): part is string => part !== null)
        .join('  ·  ');
      body.push([
        formatNairobiDay(entry.date),
        twoLines(entry.what, details),
        right(figures(entry.inKsh)),
        right(figures(entry.outKsh)),
        right(always(held)),
      ]);
    }
    body.push([formatNairobiDay(doc.last), 'Closing balance', '', '', right(always(held), true)]);
    content.push(
      { text: ledger.client, bold: true, margin: [0, 8, 0, 3] },
      table(widths([66, 170, 58, 58, 66], 1), body),
    );
  }
  return content;
}

function balances(doc: ClientMoneyPackDocument): Content[] {
  const body: TableCell[][] = [[head('Client'), head('Case'), head('Held (KSh)', true)]];
  let total = 0;
  for (const row of doc.balances) {
    total += row.balanceKsh;
    body.push([row.client, row.caseLabel ?? 'On no case', right(always(row.balanceKsh))]);
  }
  if (doc.balances.length === 0) body.push(empty('Nothing was held for any client.', 3));
  body.push([{ text: 'Total', bold: true }, '', right(always(total), true)]);
  return [
    ...partTitle(
      '3. Client balances',
      `What was held for each client, per case, at the end of ${formatNairobiDay(doc.balancesAsOf)}: ${formatKsh(total)} in all.`,
    ),
    table(widths([170, 170, 80], 1), body),
  ];
}

function reconciliations(doc: ClientMoneyPackDocument): Content[] {
  const body: TableCell[][] = [
    [
      head('Account and month'),
      head('Statement, adjusted (KSh)', true),
      head('Cash book (KSh)', true),
      head('Client ledgers (KSh)', true),
      head('Reconciled and locked'),
    ],
  ];
  for (const month of doc.reconciliations) {
    body.push([
      { stack: [month.account, small(formatMonthTitle(month.month))] },
      right(month.adjustedKsh === null ? '—' : always(month.adjustedKsh)),
      right(always(month.cashBookKsh)),
      right(always(month.ledgersKsh)),
      {
        stack: [
          { text: month.reconciled ? 'Reconciled' : 'Not reconciled', bold: true },
          ...(month.differences ? [small(month.differences)] : []),
          small(month.lock),
        ],
      },
    ]);
  }
  if (doc.reconciliations.length === 0)
    body.push(empty('No client account was open in the year.', 5));
  return [
    ...partTitle(
      '4. Monthly reconciliations',
      'Each client account’s months: the statement’s balance at the month’s end adjusted for entries not yet on it, the cash book, and the client ledgers, which agree when the month is reconciled.',
    ),
    table(widths([110, 75, 65, 65, 100], 4), body),
  ];
}

function packDefinition(doc: ClientMoneyPackDocument): TDocumentDefinitions {
  const content: Content[] = [
    letterheadBlock(doc.letterhead, 'CLIENT MONEY', `Practice year ${doc.year}`),
    rule(),
    detailsBlock([
      [
        'Practice year',
        `${formatNairobiDay(doc.first)} to ${formatNairobiDay(`${doc.year}-12-31`)}`,
      ],
      ['Shown to', formatNairobiDay(doc.last)],
      ['Drawn on', formatNairobiDay(doc.drawnOn)],
      ['Entries', always(doc.entries.length)],
    ]),
    { text: '', margin: [0, 0, 0, 12] },
    ...journal(doc),
    ...ledgers(doc),
    ...balances(doc),
    ...reconciliations(doc),
  ];
  return documentDefinition(
    doc.letterhead,
    `Client money ${doc.year}`,
    {
      title: `Client money practice-year pack ${doc.year}`,
      subject: `The journal, client ledgers, client balances and reconciliations of ${doc.year}`,
    },
    content,
  );
}

/** The practice-year pack as an A4 PDF. */
export function renderClientMoneyPackPdf(doc: ClientMoneyPackDocument): Promise<Buffer> {
  return render(packDefinition(doc));
}
