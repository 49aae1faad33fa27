import {
  ETIMS_RECEIPT_TEXTS,
  formatKsh,
  formatNairobiDate,
  formatNairobiDay,
  payByPaybill,
} from '@firm/shared';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { render } from './billing-pdf';
import {
  A4_CONTENT_WIDTH,
  ALERT,
  ALERT_FILL,
  BOX_INNER_WIDTH,
  BRAND,
  BRAND_LINE,
  LINES_LAYOUT,
  PLAIN_LAYOUT,
  box,
  detailsBlock,
  documentDefinition,
  labelled,
  letterheadBlock,
  partyAndDetails,
  partyBlock,
  present,
  rule,
} from './billing-pdf-blocks';
import type { FeeNoteDocument, FeeNoteDocumentLine, PaymentChannels } from './billing-documents';
import { etimsBlock, etimsQrOf, provisionalBanner } from './etims-pdf';

/** A table figure: "12,500" (whole shillings, the same grouping as formatKsh). */
const FIGURES = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const figures = (amount: number) => FIGURES.format(amount);

const STATUS_WORDS: Record<FeeNoteDocument['status'], string> = {
  issued: 'Unpaid',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

// Fixed, never '*' (A4_CONTENT_WIDTH in billing-pdf-blocks.ts says why).
const TOTALS_WIDTH = 250;
/** The lines table: Qty, Unit price, Amount, and 5pt paddings either side of each of 4 cells. */
const LINE_FIGURE_WIDTHS = [32, 78, 82] as const;
const DESCRIPTION_WIDTH = A4_CONTENT_WIDTH - 4 * 10 - LINE_FIGURE_WIDTHS.reduce((a, b) => a + b, 0);

/** How a client pays; never a dead end: with no M-Pesa and no bank, the phone. */
function paymentWays(channels: PaymentChannels, number: string): Content[] {
  const rows: Array<[string, Content]> = [];
  const { mpesa, bank } = channels;
  if (mpesa) {
    rows.push([
      'M-Pesa',
      mpesa.kind === 'paybill'
        ? // The one sentence the screen, the email and the text say too (ADR 047).
          { text: payByPaybill(mpesa.number, mpesa.accountReference), bold: true }
        : { text: ['Till ', { text: mpesa.number, bold: true }, ' (Buy Goods)'] },
    ]);
  }
  if (bank) {
    rows.push([
      'Bank transfer',
      {
        stack: [
          `${bank.bankName}, ${bank.branch} branch`,
          `Account name: ${bank.accountName}`,
          { text: ['Account number: ', { text: bank.accountNumber, bold: true }] },
          `Reference: ${number}`,
        ],
      },
    ]);
  }
  const phone = channels.phone;
  if (rows.length === 0) {
    return [{ text: ['Call ', { text: phone, bold: true }, ' to arrange payment.'] }];
  }
  return [
    {
      table: {
        widths: labelled(BOX_INNER_WIDTH, 72),
        body: rows.map(([label, value]) => [{ text: label, bold: true }, value]),
      },
      layout: { ...PLAIN_LAYOUT, paddingTop: () => 2, paddingBottom: () => 2 },
    },
    { text: ['Questions? Call ', { text: phone, bold: true }, '.'], margin: [0, 6, 0, 0] },
  ];
}

function linesTable(lines: FeeNoteDocumentLine[]): Content {
  const header: TableCell[] = [
    { text: 'Description', style: 'tableHeader' },
    { text: 'Qty', style: 'tableHeader', alignment: 'right' },
    { text: 'Unit price (KSh)', style: 'tableHeader', alignment: 'right' },
    { text: 'Amount (KSh)', style: 'tableHeader', alignment: 'right' },
  ];
  const body: TableCell[][] = [header];
  const groups: Array<[string, FeeNoteDocumentLine[]]> = [
    ['Professional fees', lines.filter((line) => line.kind === 'fee')],
    ['Disbursements', lines.filter((line) => line.kind === 'disbursement')],
  ];
  for (const [heading, group] of groups) {
    group.forEach((line, index) => {
      const cells: Content[] = [
        line.description,
        { text: String(line.quantity), alignment: 'right' },
        { text: figures(line.unitPriceKsh), alignment: 'right' },
        { text: figures(line.amountKsh), alignment: 'right' },
      ];
      // The group's heading sits in its first row, so a page never ends on a heading alone
      // (rows do not break); the other cells start with a blank of the same height.
      body.push(
        index > 0
          ? cells
          : cells.map((cell, column): Content => ({
              stack: [{ text: column === 0 ? heading : '\u00a0', style: 'subheading' }, cell],
            })),
      );
    });
  }
  if (lines.length === 0) {
    body.push([{ text: 'No lines.', style: 'muted', colSpan: 4 }, {}, {}, {}]);
  }
  return {
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: [DESCRIPTION_WIDTH, ...LINE_FIGURE_WIDTHS],
      body,
    },
    layout: LINES_LAYOUT,
    margin: [0, 0, 0, 10],
  };
}

function totalsBlock(doc: FeeNoteDocument): Content {
  const { totals } = doc;
  const row = (label: string, amount: number, strong = false): TableCell[] => [
    { text: label, bold: strong },
    { text: figures(amount), alignment: 'right', bold: strong },
  ];
  const maybeRows: Array<TableCell[] | null> = [
    [{ text: '' }, { text: 'KSh', alignment: 'right', style: 'muted', fontSize: 8 }],
    row('Professional fees', totals.feesKsh),
    totals.vatRatePercent > 0 ? row(`VAT ${totals.vatRatePercent}% on fees`, totals.vatKsh) : null,
    row('Disbursements', totals.disbursementsKsh),
    row('Total', totals.totalKsh, true),
    doc.status === 'cancelled' ? null : row('Paid', totals.paidKsh),
    doc.status === 'cancelled' ? null : row('Balance due', totals.balanceKsh, true),
  ];
  const rows = maybeRows.filter(present);
  const totalIndex = rows.findIndex((cells) => (cells[0] as { text: string }).text === 'Total');
  const balanceIndex = rows.length - 1;
  return {
    // Two cells, 6pt paddings either side of each, against the right margin.
    table: { widths: [TOTALS_WIDTH - 24 - 95, 95], body: rows },
    layout: {
      hLineWidth: (i) => (i === totalIndex ? 0.8 : 0),
      vLineWidth: () => 0,
      hLineColor: () => BRAND,
      fillColor: (i) => (i === balanceIndex && doc.status !== 'cancelled' ? BRAND_LINE : null),
      paddingLeft: () => 6,
      paddingRight: () => 6,
      paddingTop: () => 2.5,
      paddingBottom: () => 2.5,
    },
    margin: [A4_CONTENT_WIDTH - TOTALS_WIDTH, 0, 0, 14],
    unbreakable: true,
  };
}

function feeNoteNotice(doc: FeeNoteDocument): Content | null {
  if (doc.status === 'cancelled' && doc.cancellation) {
    const { creditNoteNumber, at, reason } = doc.cancellation;
    return box(
      [
        { text: 'CANCELLED', bold: true, color: ALERT, margin: [0, 0, 0, 2] },
        `Cancelled by credit note ${creditNoteNumber} on ${formatNairobiDate(at)}: ${reason}`,
      ],
      ALERT_FILL,
      '#f4c7c3',
    );
  }
  if (doc.isOverdue && (doc.status === 'issued' || doc.status === 'partly_paid')) {
    return box(
      [
        {
          text: [
            { text: 'OVERDUE', bold: true, color: ALERT },
            `  Payment was due on ${formatNairobiDay(doc.dueDate)}. Balance due: ${formatKsh(doc.totals.balanceKsh)}.`,
          ],
        },
      ],
      ALERT_FILL,
      '#f4c7c3',
    );
  }
  return null;
}

function howToPayBlock(doc: FeeNoteDocument): Content {
  const phone = doc.howToPay.phone;
  if (doc.status === 'cancelled') {
    return box([
      { text: 'Nothing to pay', style: 'boxTitle' },
      {
        text: [
          'This fee note was cancelled; nothing is due on it. Questions? Call ',
          { text: phone, bold: true },
          '.',
        ],
      },
    ]);
  }
  if (doc.status === 'paid' || doc.totals.balanceKsh <= 0) {
    return box([
      { text: 'Paid in full. Thank you.', style: 'boxTitle' },
      { text: ['Questions? Call ', { text: phone, bold: true }, '.'] },
    ]);
  }
  const amount = formatKsh(doc.totals.balanceKsh);
  const due = formatNairobiDay(doc.dueDate);
  return box([
    { text: 'How to pay', style: 'boxTitle' },
    {
      text: doc.isOverdue
        ? ['Please pay ', { text: amount, bold: true }, ` now: it was due on ${due}.`]
        : ['Please pay ', { text: amount, bold: true }, ` by ${due}.`],
      margin: [0, 0, 0, 6],
    },
    ...paymentWays(doc.howToPay, doc.number),
  ]);
}

function feeNoteStatus(doc: FeeNoteDocument): Content {
  const words = STATUS_WORDS[doc.status];
  const overdue = doc.isOverdue && (doc.status === 'issued' || doc.status === 'partly_paid');
  if (overdue)
    return {
      text: [
        { text: words, bold: true },
        { text: ' · Overdue', bold: true, color: ALERT },
      ],
    };
  if (doc.status === 'cancelled') return { text: words, bold: true, color: ALERT };
  return { text: words, bold: true };
}

function feeNoteDefinition(doc: FeeNoteDocument, qr: string | null): TDocumentDefinitions {
  const notice = feeNoteNotice(doc);
  const parts: Array<Content | null> = [
    letterheadBlock(doc.letterhead, 'FEE NOTE', doc.number),
    rule(),
    partyAndDetails(
      partyBlock('Bill to', doc.client),
      detailsBlock([
        ['Issue date', formatNairobiDate(doc.issuedAt)],
        ['Due date', { text: formatNairobiDay(doc.dueDate), bold: true }],
        ['Status', feeNoteStatus(doc)],
      ]),
    ),
    doc.caseLabel
      ? {
          text: [{ text: 'Matter: ', bold: true }, doc.caseLabel],
          margin: [0, 12, 0, 0],
        }
      : null,
    { text: '', margin: [0, 0, 0, 12] },
    provisionalBanner(doc.etims, ETIMS_RECEIPT_TEXTS.provisionalFeeNote),
    notice,
    linesTable(doc.lines),
    totalsBlock(doc),
    howToPayBlock(doc),
    etimsBlock(doc.etims, qr),
  ];
  const content = parts.filter(present);
  return documentDefinition(
    doc.letterhead,
    doc.number,
    { title: `Fee note ${doc.number}`, subject: `Fee note ${doc.number} for ${doc.client.name}` },
    content,
  );
}

/** A fee note (a Kenyan invoice) as an A4 PDF. */
export async function renderFeeNotePdf(doc: FeeNoteDocument): Promise<Buffer> {
  return render(feeNoteDefinition(doc, await etimsQrOf(doc.etims)));
}
