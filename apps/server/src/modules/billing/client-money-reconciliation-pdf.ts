import { formatKsh, formatMonthTitle, formatNairobiDay } from '@firm/shared';
import type {
  Content,
  CustomTableLayout,
  TableCell,
  TDocumentDefinitions,
} from 'pdfmake/interfaces';
import { render } from './billing-pdf';
import {
  A4_CONTENT_WIDTH,
  ALERT,
  ALERT_FILL,
  BOX_INNER_WIDTH,
  BRAND,
  LINES_LAYOUT,
  PLAIN_LAYOUT,
  box,
  detailsBlock,
  documentDefinition,
  labelled,
  letterheadBlock,
  partyAndDetails,
  rule,
} from './billing-pdf-blocks';
import type { ClientMoneyReconciliationDocument } from './billing-documents';

/**
 * A client account's monthly reconciliation (ADR 046) on the billing letterhead: the three figures
 * side by side, whether they agree and who locked the month, then the uncleared entries, the
 * statement lines not in the cash book, and each client's ledger, each table's header repeated on
 * a new page. Fixed column widths, as the client's statement (client-ledger-pdf.ts).
 */

const FIGURES = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const signed = (amount: number) =>
  amount < 0 ? `(${FIGURES.format(-amount)})` : FIGURES.format(amount);

const DATE_WIDTH = 72;
const REF_WIDTH = 90;
const AMOUNT_WIDTH = 80;
const WHAT_WIDTH = A4_CONTENT_WIDTH - 4 * 10 - DATE_WIDTH - REF_WIDTH - AMOUNT_WIDTH;

function figuresBlock(doc: ClientMoneyReconciliationDocument): Content {
  const row = (label: string, amount: number, strong = false): [Content, Content] => [
    { text: label, bold: strong },
    { text: formatKsh(amount), alignment: 'right', bold: strong },
  ];
  const rows: Array<[Content, Content]> = [
    row('Statement balance at the month’s end', doc.statementClosingKsh),
    row('Add: deposits not yet credited', doc.depositsInTransitKsh),
    row('Less: payments not yet presented', doc.unpresentedPaymentsKsh),
    row('Adjusted statement balance', doc.adjustedKsh, true),
    row('Cash book balance', doc.cashBookKsh, true),
    row('Client ledgers, added up', doc.ledgersKsh, true),
  ];
  const verdict = doc.reconciled
    ? (doc.locked ?? 'The three agree to the shilling; the month is not locked yet.')
    : 'The three do not agree:';
  return box(
    [
      { text: 'THE THREE-WAY RECONCILIATION', style: 'label' },
      {
        table: { widths: labelled(BOX_INNER_WIDTH, BOX_INNER_WIDTH - 120), body: rows },
        layout: { ...PLAIN_LAYOUT, paddingTop: () => 2, paddingBottom: () => 2 },
      },
      {
        text: doc.reconciled ? 'RECONCILED' : 'NOT RECONCILED',
        bold: true,
        fontSize: 14,
        color: doc.reconciled ? BRAND : ALERT,
        margin: [0, 8, 0, 2],
      },
      { text: verdict },
      ...doc.differences.map((sentence): Content => ({ text: `•  ${sentence}` })),
    ],
    doc.reconciled ? undefined : ALERT_FILL,
  );
}

function itemsTable(
  title: string,
  items: ClientMoneyReconciliationDocument['uncleared'],
  none: string,
): Content[] {
  const header: TableCell[] = [
    { text: 'Date', style: 'tableHeader' },
    { text: 'What', style: 'tableHeader' },
    { text: 'Reference', style: 'tableHeader' },
    { text: 'KSh', style: 'tableHeader', alignment: 'right' },
  ];
  const body: TableCell[][] = [header];
  for (const item of items) {
    body.push([
      formatNairobiDay(item.date),
      item.what,
      item.reference,
      { text: signed(item.amountKsh), alignment: 'right' },
    ]);
  }
  if (items.length === 0) body.push([{ text: none, style: 'muted', colSpan: 4 }, {}, {}, {}]);
  return [
    { text: title, style: 'label', margin: [0, 8, 0, 4] },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [DATE_WIDTH, WHAT_WIDTH, REF_WIDTH, AMOUNT_WIDTH],
        body,
      },
      layout: LINES_LAYOUT,
    },
  ];
}

/** The last client's row and the total, one row of the ledgers table with no line between them. */
const TAIL_LAYOUT: CustomTableLayout = {
  ...LINES_LAYOUT,
  hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0 : 0.5),
  hLineColor: () => '#d5dae1',
  fillColor: () => null,
};

function ledgersTable(doc: ClientMoneyReconciliationDocument): Content[] {
  const header: TableCell[] = [
    { text: 'Client', style: 'tableHeader' },
    { text: 'Case', style: 'tableHeader' },
    { text: 'Held (KSh)', style: 'tableHeader', alignment: 'right' },
  ];
  const row = (ledger: ClientMoneyReconciliationDocument['ledgers'][number]): TableCell[] => [
    ledger.client,
    ledger.caseNumber ?? 'No case',
    { text: FIGURES.format(ledger.balanceKsh), alignment: 'right' },
  ];
  const total: TableCell[] = [
    { text: 'Total', bold: true },
    '',
    { text: FIGURES.format(doc.ledgersKsh), alignment: 'right', bold: true },
  ];
  const caseWidth = 120;
  const widths = [A4_CONTENT_WIDTH - 3 * 10 - caseWidth - AMOUNT_WIDTH, caseWidth, AMOUNT_WIDTH];
  const last = doc.ledgers.at(-1);
  // The total shares one row with the last client's (a table within it, the cell's padding taken
  // back by its margin so the columns line up): rows are never split across pages, so the total
  // is never left alone under a repeated header on a page of its own.
  const tail: TableCell[] = [
    {
      colSpan: 3,
      margin: [-5, -4, -5, -4],
      table: { widths, body: last ? [row(last), total] : [total] },
      layout: TAIL_LAYOUT,
    },
    {},
    {},
  ];
  return [
    { text: 'CLIENT LEDGERS AT THE MONTH’S END', style: 'label', margin: [0, 8, 0, 4] },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths,
        body: [header, ...doc.ledgers.slice(0, -1).map(row), tail],
      },
      layout: LINES_LAYOUT,
    },
  ];
}

function reconciliationDefinition(doc: ClientMoneyReconciliationDocument): TDocumentDefinitions {
  const monthTitle = formatMonthTitle(doc.month);
  const content: Content[] = [
    letterheadBlock(doc.letterhead, 'RECONCILIATION', monthTitle, 15),
    rule(),
    partyAndDetails(
      {
        stack: [
          { text: 'CLIENT ACCOUNT', style: 'label' },
          { text: doc.accountLabel, bold: true, fontSize: 11 },
        ],
      },
      detailsBlock([
        ['Month', monthTitle],
        ['As at', formatNairobiDay(doc.monthEnd)],
        ['Statement', doc.statementFiles.join(', ') || 'None imported'],
      ]),
    ),
    { text: '', margin: [0, 0, 0, 14] },
    figuresBlock(doc),
    ...itemsTable(
      'IN THE CASH BOOK, NOT YET ON THE STATEMENT',
      doc.uncleared,
      'Every entry is on the statement.',
    ),
    ...itemsTable(
      'ON THE STATEMENT, NOT IN THE CASH BOOK',
      doc.unmatched,
      'Every statement line is in the cash book.',
    ),
    ...ledgersTable(doc),
    {
      text:
        'Reconciled under the Advocates (Accounts) Rules: the client account’s statement, its ' +
        'cash book and the clients’ ledgers, compared at the month’s end.',
      style: 'muted',
      margin: [0, 10, 0, 0],
    },
  ];
  return documentDefinition(
    doc.letterhead,
    `Reconciliation ${doc.month}`,
    {
      title: `Reconciliation of ${doc.accountLabel} for ${monthTitle}`,
      subject: `Three-way reconciliation of the client account for ${monthTitle}`,
    },
    content,
  );
}

/** A client account's monthly reconciliation as an A4 PDF. */
export function renderClientMoneyReconciliationPdf(
  doc: ClientMoneyReconciliationDocument,
): Promise<Buffer> {
  return render(reconciliationDefinition(doc));
}
