import {
  formatKsh,
  formatNairobiDate,
  formatNairobiDateTime,
  formatNairobiDay,
} from '@firm/shared';
import pdfmake from 'pdfmake';
import type {
  Content,
  CustomTableLayout,
  TableCell,
  TDocumentDefinitions,
} from 'pdfmake/interfaces';
import type {
  BillingParty,
  CreditNoteDocument,
  FeeNoteDocument,
  FeeNoteDocumentLine,
  Letterhead,
  PaymentChannels,
  PaymentMethod,
  ReceiptDocument,
} from './billing-documents';

/**
 * Fee notes, credit notes and receipts as A4 PDFs (pdfmake 0.3, on pdfkit). The text is drawn in
 * the PDF standard font Helvetica, which every reader has, so no font file ships with the server;
 * its encoding (WinAnsi) covers English and the Latin-1 accents, and `pdfText` turns anything
 * else into the nearest letter it can print (see there).
 *
 * The renderer formats only what it is given (billing-documents.ts): money through the shared
 * KSh format, dates through the shared Nairobi formatters, so the PDF and the screen agree.
 */

const FONT_FILES = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
} as const;
const STANDARD_FONT_NAMES = new Set<string>(Object.values(FONT_FILES));

/**
 * pdfmake is one shared object: set its fonts and policies before each render (cheap), so no
 * other user of it can leave us without Helvetica. The documents load nothing: no URL, and no
 * local file but the standard fonts' names (pdfkit draws those from its own metrics).
 */
function configurePdfmake(): void {
  pdfmake.addFonts({ Helvetica: { ...FONT_FILES } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => STANDARD_FONT_NAMES.has(path));
}

// ---------------------------------------------------------------------------------------------
// Text the standard font can print

/** Characters above Latin-1 that WinAnsi (the standard fonts' encoding) still has. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const LOOK_ALIKES: Record<string, string> = {
  '\u2212': '-', // minus sign
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '–', // figure dash
  '\u2015': '—', // horizontal bar
  '\u2032': "'", // prime
  '\u2033': '"', // double prime
  '\u2009': ' ', // thin space
  '\u202f': ' ', // narrow no-break space (some ICU versions group digits with it)
  '\u2007': ' ', // figure space
  '\u2002': ' ',
  '\u2003': ' ',
  '\t': ' ',
};
/** Bidi controls, zero-width characters and the BOM: nothing to draw (ADR 012 keeps them in text). */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;

/**
 * Text as the standard font can draw it. Helvetica's WinAnsi encoding has Latin-1 and a few
 * typographic signs; pdfkit would draw any other character as the wrong glyph, so it becomes its
 * look-alike ("−" → "-"), its letter without the accent ("Ł" stays "?", "ā" → "a"), or "?".
 */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n').replace(INVISIBLE, '')) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) {
      out += char;
    } else if (WIN_ANSI_EXTRAS.has(char)) {
      out += char;
    } else if (LOOK_ALIKES[char] !== undefined) {
      out += LOOK_ALIKES[char];
    } else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      // A control character: dropped.
    } else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += /^[\x20-\x7e\xa0-\xff]+$/.test(base) ? base : '?';
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Words and figures

/** A table figure: "12,500" (whole shillings, the same grouping as formatKsh). */
const FIGURES = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const figures = (amount: number) => FIGURES.format(amount);

const STATUS_WORDS: Record<FeeNoteDocument['status'], string> = {
  issued: 'Unpaid',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

const METHOD_WORDS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  bank: 'Bank transfer',
  cheque: 'Cheque',
  mpesa: 'M-Pesa',
};

/** "M-Pesa receipt TKR4XYZ12A", "Cheque no. 004512", "Bank reference FT26331XY". */
function referenceWords(method: PaymentMethod, reference: string): string {
  switch (method) {
    case 'mpesa':
      return `M-Pesa receipt ${reference}`;
    case 'cheque':
      return `Cheque no. ${reference}`;
    case 'bank':
      return `Bank reference ${reference}`;
    case 'cash':
      return reference;
  }
}

// ---------------------------------------------------------------------------------------------
// Look

/**
 * Widths are fixed, never '*': pdfmake widens a star column to its longest word, so one unbroken
 * string (a URL, "XXXX…") would push the table off the page; a fixed column breaks the word.
 */
const A4_CONTENT_WIDTH = 595.28 - 2 * 40;
/** Inside a box: its 10pt paddings and 0.8pt borders. */
const BOX_INNER_WIDTH = A4_CONTENT_WIDTH - 2 * 10 - 2 * 0.8;
const TITLE_WIDTH = 170;
const DETAILS_WIDTH = 215;
const TOTALS_WIDTH = 250;
const GAP = 18;
/** The lines table: Qty, Unit price, Amount, and 5pt paddings either side of each of 4 cells. */
const LINE_FIGURE_WIDTHS = [32, 78, 82] as const;
const DESCRIPTION_WIDTH = A4_CONTENT_WIDTH - 4 * 10 - LINE_FIGURE_WIDTHS.reduce((a, b) => a + b, 0);
/** A label–value table in PLAIN_LAYOUT (6pt before the value) filling `width`. */
const labelled = (width: number, label: number) => [label, width - label - 6];
const INK = '#1f2937';
const MUTED = '#5b6472';
const BRAND = '#173f70';
const BRAND_FILL = '#f0f5fb';
const BRAND_LINE = '#dbe6f3';
const ALERT = '#b42318';
const ALERT_FILL = '#fef3f2';

const STYLES: TDocumentDefinitions['styles'] = {
  firmName: { fontSize: 17, bold: true, color: BRAND, margin: [0, 0, 0, 4] },
  docTitle: { fontSize: 20, bold: true, color: BRAND, alignment: 'right', characterSpacing: 1 },
  docNumber: { fontSize: 11, bold: true, alignment: 'right', margin: [0, 2, 0, 0] },
  label: { fontSize: 8, bold: true, color: MUTED, characterSpacing: 0.5, margin: [0, 0, 0, 3] },
  muted: { color: MUTED },
  tableHeader: { bold: true, fontSize: 9, color: BRAND },
  subheading: { bold: true, fontSize: 9.5, color: BRAND, margin: [0, 1, 0, 4] },
  boxTitle: { bold: true, fontSize: 10.5, color: BRAND, margin: [0, 0, 0, 4] },
};

/** Thin rules between rows, none down the sides; the header row filled. */
const LINES_LAYOUT: CustomTableLayout = {
  hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0.8 : 0.5),
  vLineWidth: () => 0,
  hLineColor: (i) => (i <= 1 ? BRAND : '#d5dae1'),
  fillColor: (row) => (row === 0 ? BRAND_LINE : null),
  paddingLeft: () => 5,
  paddingRight: () => 5,
  paddingTop: () => 4,
  paddingBottom: () => 4,
};

const PLAIN_LAYOUT: CustomTableLayout = {
  hLineWidth: () => 0,
  vLineWidth: () => 0,
  paddingLeft: (i) => (i === 0 ? 0 : 6),
  paddingRight: () => 0,
  paddingTop: () => 1.5,
  paddingBottom: () => 1.5,
};

function boxLayout(fill: string, border: string): CustomTableLayout {
  return {
    hLineWidth: () => 0.8,
    vLineWidth: () => 0.8,
    hLineColor: () => border,
    vLineColor: () => border,
    fillColor: () => fill,
    paddingLeft: () => 10,
    paddingRight: () => 10,
    paddingTop: () => 8,
    paddingBottom: () => 8,
  };
}

const rule = (marginTop = 10, marginBottom = 12): Content => ({
  canvas: [
    {
      type: 'line',
      x1: 0,
      y1: 0,
      x2: A4_CONTENT_WIDTH,
      y2: 0,
      lineWidth: 1.2,
      lineColor: BRAND,
    },
  ],
  margin: [0, marginTop, 0, marginBottom],
});

const present = <T>(value: T | null | undefined | false): value is T =>
  value !== null && value !== undefined && value !== false;

// ---------------------------------------------------------------------------------------------
// Blocks shared by the three documents

function letterheadBlock(letterhead: Letterhead, title: string, number: string): Content {
  return {
    columns: [
      {
        width: A4_CONTENT_WIDTH - TITLE_WIDTH - GAP,
        stack: [
          { text: pdfText(letterhead.firmName), style: 'firmName' },
          ...letterhead.addressLines.map((line) => pdfText(line)),
          `Tel ${pdfText(letterhead.phone)}  ·  ${pdfText(letterhead.email)}`,
          letterhead.kraPin ? `KRA PIN: ${pdfText(letterhead.kraPin)}` : null,
          letterhead.isVatRegistered ? 'VAT registered' : null,
        ].filter(present),
        style: 'muted',
      },
      {
        width: TITLE_WIDTH,
        stack: [
          { text: title, style: 'docTitle' },
          { text: pdfText(number), style: 'docNumber' },
        ],
      },
    ],
    columnGap: GAP,
  };
}

function partyBlock(label: string, party: BillingParty): Content {
  return {
    stack: [
      { text: label.toUpperCase(), style: 'label' },
      { text: pdfText(party.name), bold: true, fontSize: 11 },
      pdfText(party.email),
      party.phone ? pdfText(party.phone) : null,
      party.kraPin ? `KRA PIN: ${pdfText(party.kraPin)}` : null,
    ].filter(present),
  };
}

/** Label–value pairs, labels muted: the document's number, dates and status. */
function detailsBlock(rows: Array<[string, Content]>): Content {
  return {
    table: {
      widths: labelled(DETAILS_WIDTH, 78),
      body: rows.map(([label, value]) => [{ text: label, style: 'muted' }, value]),
    },
    layout: PLAIN_LAYOUT,
  };
}

function partyAndDetails(party: Content, details: Content): Content {
  return {
    columns: [
      { width: A4_CONTENT_WIDTH - DETAILS_WIDTH - GAP, stack: [party] },
      { width: DETAILS_WIDTH, stack: [details] },
    ],
    columnGap: GAP,
  };
}

function box(content: Content[], fill = BRAND_FILL, border = BRAND_LINE): Content {
  return {
    table: { widths: [BOX_INNER_WIDTH], body: [[{ stack: content }]] },
    layout: boxLayout(fill, border),
    margin: [0, 0, 0, 12],
    unbreakable: true,
  };
}

function footer(firmName: string, number: string): TDocumentDefinitions['footer'] {
  return (currentPage, pageCount) => ({
    columns: [
      { text: pdfText(firmName), width: A4_CONTENT_WIDTH - 150 - GAP },
      {
        text: `${pdfText(number)}  ·  Page ${currentPage} of ${pageCount}`,
        width: 150,
        alignment: 'right',
      },
    ],
    columnGap: GAP,
    fontSize: 8,
    color: MUTED,
    margin: [40, 18, 40, 0],
  });
}

function documentDefinition(
  letterhead: Letterhead,
  number: string,
  info: { title: string; subject: string },
  content: Content[],
): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [40, 40, 40, 50],
    info: {
      title: info.title,
      author: letterhead.firmName,
      subject: info.subject,
      creator: letterhead.firmName,
    },
    language: 'en-KE',
    defaultStyle: { font: 'Helvetica', fontSize: 9.5, lineHeight: 1.2, color: INK },
    styles: STYLES,
    footer: footer(letterhead.firmName, number),
    content,
  };
}

async function render(definition: TDocumentDefinitions): Promise<Buffer> {
  configurePdfmake();
  return pdfmake.createPdf(definition).getBuffer();
}

/**
 * Renders a one-line page and throws it away: pdfkit reads the standard fonts' metrics on the
 * first render (100–300 ms), which would otherwise fall on the first client to download a fee
 * note after a start (server.ts calls it once listening).
 */
export async function warmUpPdfRenderer(): Promise<void> {
  await render({
    content: [{ text: 'Fee note', bold: true }, 'KSh 1'],
    defaultStyle: { font: 'Helvetica' },
  });
}

/** How a client pays; never a dead end: with no M-Pesa and no bank, the phone. */
function paymentWays(channels: PaymentChannels, number: string): Content[] {
  const rows: Array<[string, Content]> = [];
  const { mpesa, bank } = channels;
  if (mpesa) {
    rows.push([
      'M-Pesa',
      mpesa.kind === 'paybill'
        ? {
            text: [
              'Paybill ',
              { text: pdfText(mpesa.number), bold: true },
              ', Account ',
              { text: pdfText(mpesa.accountReference), bold: true },
            ],
          }
        : { text: ['Till ', { text: pdfText(mpesa.number), bold: true }, ' (Buy Goods)'] },
    ]);
  }
  if (bank) {
    rows.push([
      'Bank transfer',
      {
        stack: [
          `${pdfText(bank.bankName)}, ${pdfText(bank.branch)} branch`,
          `Account name: ${pdfText(bank.accountName)}`,
          { text: ['Account number: ', { text: pdfText(bank.accountNumber), bold: true }] },
          `Reference: ${pdfText(number)}`,
        ],
      },
    ]);
  }
  const phone = pdfText(channels.phone);
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

// ---------------------------------------------------------------------------------------------
// Fee note

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
        pdfText(line.description),
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
        `Cancelled by credit note ${pdfText(creditNoteNumber)} on ${formatNairobiDate(at)}: ${pdfText(reason)}`,
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
  const phone = pdfText(doc.howToPay.phone);
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

function feeNoteDefinition(doc: FeeNoteDocument): TDocumentDefinitions {
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
          text: [{ text: 'Matter: ', bold: true }, pdfText(doc.caseLabel)],
          margin: [0, 12, 0, 0],
        }
      : null,
    { text: '', margin: [0, 0, 0, 12] },
    notice,
    linesTable(doc.lines),
    totalsBlock(doc),
    howToPayBlock(doc),
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
export function renderFeeNotePdf(doc: FeeNoteDocument): Promise<Buffer> {
  return render(feeNoteDefinition(doc));
}

// ---------------------------------------------------------------------------------------------
// Credit note

function amountRows(rows: Array<[string, string, boolean]>): Content {
  return {
    table: {
      widths: [BOX_INNER_WIDTH - 6 - 110, 110],
      body: rows.map(([label, amount, strong]) => [
        { text: label, bold: strong },
        { text: amount, alignment: 'right', bold: strong, fontSize: strong ? 11 : 9.5 },
      ]),
    },
    layout: { ...PLAIN_LAYOUT, paddingTop: () => 2.5, paddingBottom: () => 2.5 },
  };
}

function creditNoteDefinition(doc: CreditNoteDocument): TDocumentDefinitions {
  const amounts: Array<[string, string, boolean]> = [
    ['Amount credited', formatKsh(doc.amountKsh), true],
  ];
  if (doc.vatKsh > 0) amounts.push(['of which VAT', formatKsh(doc.vatKsh), false]);
  const content: Content[] = [
    letterheadBlock(doc.letterhead, 'CREDIT NOTE', doc.number),
    rule(),
    partyAndDetails(
      partyBlock('Credit to', doc.client),
      detailsBlock([
        ['Date', formatNairobiDate(doc.issuedAt)],
        ['Fee note', pdfText(doc.feeNoteNumber)],
      ]),
    ),
    {
      text: [
        { text: 'Cancels fee note ', bold: true },
        { text: pdfText(doc.feeNoteNumber), bold: true },
        ' in full.',
      ],
      fontSize: 11,
      margin: [0, 18, 0, 8],
    },
    { text: 'REASON', style: 'label' },
    { text: pdfText(doc.reason), margin: [0, 0, 0, 14] },
    box([amountRows(amounts)]),
    {
      text: [
        `Nothing is due on fee note ${pdfText(doc.feeNoteNumber)}. Questions? Call `,
        { text: pdfText(doc.letterhead.phone), bold: true },
        '.',
      ],
    },
  ];
  return documentDefinition(
    doc.letterhead,
    doc.number,
    {
      title: `Credit note ${doc.number}`,
      subject: `Credit note ${doc.number} for ${doc.client.name}`,
    },
    content,
  );
}

/** A credit note (it cancels one fee note in full) as an A4 PDF. */
export function renderCreditNotePdf(doc: CreditNoteDocument): Promise<Buffer> {
  return render(creditNoteDefinition(doc));
}

// ---------------------------------------------------------------------------------------------
// Receipt

function appliedToWords(appliedTo: ReceiptDocument['appliedTo']): string {
  if (appliedTo.kind === 'fee_note') {
    const number = pdfText(appliedTo.number);
    return appliedTo.balanceAfterKsh > 0
      ? `Fee note ${number} — balance now ${formatKsh(appliedTo.balanceAfterKsh)}`
      : `Fee note ${number} — now paid in full`;
  }
  return `Appointment fee: ${pdfText(appliedTo.title)}, ${formatNairobiDateTime(appliedTo.startsAt)}`;
}

function receiptDefinition(doc: ReceiptDocument): TDocumentDefinitions {
  const rows: Array<[string, Content]> = [['Method', METHOD_WORDS[doc.method]]];
  if (doc.reference) rows.push(['Reference', pdfText(referenceWords(doc.method, doc.reference))]);
  rows.push(['For', appliedToWords(doc.appliedTo)]);
  const content: Content[] = [
    letterheadBlock(doc.letterhead, 'RECEIPT', doc.number),
    rule(),
    partyAndDetails(
      partyBlock('Received from', doc.client),
      detailsBlock([['Date received', formatNairobiDateTime(doc.receivedAt)]]),
    ),
    { text: '', margin: [0, 0, 0, 18] },
    box([
      { text: 'AMOUNT RECEIVED', style: 'label' },
      {
        text: formatKsh(doc.amountKsh),
        fontSize: 20,
        bold: true,
        color: BRAND,
        margin: [0, 0, 0, 8],
      },
      {
        table: {
          widths: labelled(BOX_INNER_WIDTH, 72),
          body: rows.map(([label, value]) => [{ text: label, style: 'muted' }, value]),
        },
        layout: { ...PLAIN_LAYOUT, paddingTop: () => 2, paddingBottom: () => 2 },
      },
    ]),
    { text: 'Thank you.', bold: true, fontSize: 12, color: BRAND, margin: [0, 4, 0, 4] },
    {
      text: ['Questions? Call ', { text: pdfText(doc.letterhead.phone), bold: true }, '.'],
    },
  ];
  return documentDefinition(
    doc.letterhead,
    doc.number,
    { title: `Receipt ${doc.number}`, subject: `Receipt ${doc.number} for ${doc.client.name}` },
    content,
  );
}

/** A receipt (a payment on a fee note, or an appointment's fee) as an A4 PDF. */
export function renderReceiptPdf(doc: ReceiptDocument): Promise<Buffer> {
  return render(receiptDefinition(doc));
}
