import type { Content, CustomTableLayout, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { BillingParty, Letterhead } from './billing-documents';

/**
 * The firm's look on paper (widths, colours, styles, table layouts) and the blocks the fee note,
 * the credit note and the receipt share, so the three documents read as one set.
 */

/**
 * Widths are fixed, never '*': pdfmake widens a star column to its longest word, so one unbroken
 * string (a URL, "XXXX…") would push the table off the page; a fixed column breaks the word.
 */
export const A4_CONTENT_WIDTH = 595.28 - 2 * 40;
/** Inside a box: its 10pt paddings and 0.8pt borders. */
export const BOX_INNER_WIDTH = A4_CONTENT_WIDTH - 2 * 10 - 2 * 0.8;
const TITLE_WIDTH = 170;
const DETAILS_WIDTH = 215;
const GAP = 18;
/** A label–value table in PLAIN_LAYOUT (6pt before the value) filling `width`. */
export const labelled = (width: number, label: number) => [label, width - label - 6];
const INK = '#1f2937';
const MUTED = '#5b6472';
export const BRAND = '#173f70';
const BRAND_FILL = '#f0f5fb';
export const BRAND_LINE = '#dbe6f3';
export const ALERT = '#b42318';
export const ALERT_FILL = '#fef3f2';

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

export const PLAIN_LAYOUT: CustomTableLayout = {
  hLineWidth: () => 0,
  vLineWidth: () => 0,
  paddingLeft: (i) => (i === 0 ? 0 : 6),
  paddingRight: () => 0,
  paddingTop: () => 1.5,
  paddingBottom: () => 1.5,
};

/** A table of lines: thin rules between rows, none down the sides; the header row filled. */
export const LINES_LAYOUT: CustomTableLayout = {
  hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0.8 : 0.5),
  vLineWidth: () => 0,
  hLineColor: (i) => (i <= 1 ? BRAND : '#d5dae1'),
  fillColor: (row) => (row === 0 ? BRAND_LINE : null),
  paddingLeft: () => 5,
  paddingRight: () => 5,
  paddingTop: () => 4,
  paddingBottom: () => 4,
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

export const rule = (marginTop = 10, marginBottom = 12): Content => ({
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

export const present = <T>(value: T | null | undefined | false): value is T =>
  value !== null && value !== undefined && value !== false;

/** `titleSize`: smaller than the style's 20pt for a title longer than "CREDIT NOTE". */
export function letterheadBlock(
  letterhead: Letterhead,
  title: string,
  number: string,
  titleSize?: number,
): Content {
  return {
    columns: [
      {
        width: A4_CONTENT_WIDTH - TITLE_WIDTH - GAP,
        stack: [
          { text: letterhead.firmName, style: 'firmName' },
          ...letterhead.addressLines.map((line) => line),
          `Tel ${letterhead.phone}  ·  ${letterhead.email}`,
          letterhead.kraPin ? `KRA PIN: ${letterhead.kraPin}` : null,
          letterhead.isVatRegistered ? 'VAT registered' : null,
        ].filter(present),
        style: 'muted',
      },
      {
        width: TITLE_WIDTH,
        stack: [
          { text: title, style: 'docTitle', ...(titleSize ? { fontSize: titleSize } : {}) },
          { text: number, style: 'docNumber' },
        ],
      },
    ],
    columnGap: GAP,
  };
}

export function partyBlock(label: string, party: BillingParty): Content {
  return {
    stack: [
      { text: label.toUpperCase(), style: 'label' },
      { text: party.name, bold: true, fontSize: 11 },
      party.email,
      party.phone ? party.phone : null,
      party.kraPin ? `KRA PIN: ${party.kraPin}` : null,
    ].filter(present),
  };
}

/** Label–value pairs, labels muted: the document's number, dates and status. */
export function detailsBlock(rows: Array<[string, Content]>): Content {
  return {
    table: {
      widths: labelled(DETAILS_WIDTH, 78),
      body: rows.map(([label, value]) => [{ text: label, style: 'muted' }, value]),
    },
    layout: PLAIN_LAYOUT,
  };
}

export function partyAndDetails(party: Content, details: Content): Content {
  return {
    columns: [
      { width: A4_CONTENT_WIDTH - DETAILS_WIDTH - GAP, stack: [party] },
      { width: DETAILS_WIDTH, stack: [details] },
    ],
    columnGap: GAP,
  };
}

export function box(content: Content[], fill = BRAND_FILL, border = BRAND_LINE): Content {
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
      { text: firmName, width: A4_CONTENT_WIDTH - 150 - GAP },
      {
        text: `${number}  ·  Page ${currentPage} of ${pageCount}`,
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

export function documentDefinition(
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
    // Noto Sans is wider than Helvetica, with a taller line (1.36 em against 1.16): 9pt on 1
    // reads as 9.5pt Helvetica on 1.2 did, and a fee note keeps to its pages.
    defaultStyle: { fontSize: 9, lineHeight: 1, color: INK },
    styles: STYLES,
    footer: footer(letterhead.firmName, number),
    content,
  };
}
