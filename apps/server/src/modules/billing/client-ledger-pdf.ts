import { formatKsh, formatNairobiDay } from '@firm/shared';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { render } from './billing-pdf';
import {
  A4_CONTENT_WIDTH,
  BRAND,
  LINES_LAYOUT,
  PLAIN_LAYOUT,
  box,
  BOX_INNER_WIDTH,
  detailsBlock,
  documentDefinition,
  labelled,
  letterheadBlock,
  partyAndDetails,
  partyBlock,
  rule,
} from './billing-pdf-blocks';
import type { ClientLedgerDocument } from './billing-documents';

/**
 * A client's statement of client money (ADR 045) on the billing letterhead: what each case holds,
 * then every movement with its running balance, its header row repeated and its pages numbered
 * (the shared footer). Long names and case titles wrap inside fixed columns
 * (billing-pdf-blocks.ts says why never '*').
 */

/** A table figure: "1,250,000" (whole shillings, the same grouping as formatKsh). */
const FIGURES = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const figures = (amount: number) => (amount ? FIGURES.format(amount) : '');

/** Date, In, Out, Balance; 5pt paddings either side of each of the five cells. */
const DATE_WIDTH = 72;
const FIGURE_WIDTHS = [60, 60, 70] as const;
const WHAT_WIDTH =
  A4_CONTENT_WIDTH - 5 * 10 - DATE_WIDTH - FIGURE_WIDTHS.reduce((a, b) => a + b, 0);

function heldBlock(doc: ClientLedgerDocument): Content {
  const rows: Array<[string, Content]> = doc.cases.map((held) => [
    held.label ?? 'No case (your general money)',
    { text: formatKsh(held.balanceKsh), alignment: 'right' },
  ]);
  if (rows.length === 0) rows.push(['Nothing is held for you now.', '']);
  return box([
    { text: 'HELD FOR YOU IN THE CLIENT ACCOUNT', style: 'label' },
    { text: formatKsh(doc.heldKsh), fontSize: 18, bold: true, color: BRAND, margin: [0, 0, 0, 6] },
    {
      table: {
        widths: labelled(BOX_INNER_WIDTH, BOX_INNER_WIDTH - 110),
        body: rows.map(([label, value]) => [label, value]),
      },
      layout: { ...PLAIN_LAYOUT, paddingTop: () => 2, paddingBottom: () => 2 },
    },
  ]);
}

function movementsTable(doc: ClientLedgerDocument): Content {
  const header: TableCell[] = [
    { text: 'Date', style: 'tableHeader' },
    { text: 'Movement', style: 'tableHeader' },
    { text: 'In (KSh)', style: 'tableHeader', alignment: 'right' },
    { text: 'Out (KSh)', style: 'tableHeader', alignment: 'right' },
    { text: 'Balance (KSh)', style: 'tableHeader', alignment: 'right' },
  ];
  const body: TableCell[][] = [header];
  for (const entry of doc.entries) {
    const details = [
      entry.caseNumber ? `Case ${entry.caseNumber}` : null,
      `Ref. ${entry.reference}`,
    ].filter((part): part is string => part !== null);
    body.push([
      formatNairobiDay(entry.date),
      { stack: [entry.what, { text: details.join('  ·  '), style: 'muted', fontSize: 8 }] },
      { text: figures(entry.inKsh), alignment: 'right' },
      { text: figures(entry.outKsh), alignment: 'right' },
      { text: FIGURES.format(entry.runningBalanceKsh), alignment: 'right', bold: true },
    ]);
  }
  if (doc.entries.length === 0) {
    body.push([{ text: 'No movements yet.', style: 'muted', colSpan: 5 }, {}, {}, {}, {}]);
  }
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [DATE_WIDTH, WHAT_WIDTH, ...FIGURE_WIDTHS],
      body,
    },
    layout: LINES_LAYOUT,
  };
}

function clientLedgerDefinition(doc: ClientLedgerDocument): TDocumentDefinitions {
  const title = 'STATEMENT';
  const content: Content[] = [
    letterheadBlock(doc.letterhead, title, 'Client account'),
    rule(),
    partyAndDetails(
      partyBlock('Client', doc.client),
      detailsBlock([['As of', formatNairobiDay(doc.asOf)]]),
    ),
    { text: '', margin: [0, 0, 0, 14] },
    heldBlock(doc),
    ...(doc.howToPay
      ? [
          {
            text: [
              'To pay money on account from your phone’s M-Pesa menu: ',
              { text: doc.howToPay, bold: true },
            ],
            margin: [0, 0, 0, 10],
          } satisfies Content,
        ]
      : []),
    { text: 'EVERY MOVEMENT', style: 'label', margin: [0, 4, 0, 4] },
    movementsTable(doc),
    {
      text:
        'Money the firm holds for you is kept apart from its own in a client account under the ' +
        'Advocates (Accounts) Rules.',
      style: 'muted',
      margin: [0, 10, 0, 0],
    },
  ];
  return documentDefinition(
    doc.letterhead,
    `Statement ${doc.asOf}`,
    {
      title: `Client account statement for ${doc.client.name}`,
      subject: `Client account statement for ${doc.client.name} as of ${doc.asOf}`,
    },
    content,
  );
}

/** A client's statement of client money as an A4 PDF. */
export function renderClientLedgerPdf(doc: ClientLedgerDocument): Promise<Buffer> {
  return render(clientLedgerDefinition(doc));
}
