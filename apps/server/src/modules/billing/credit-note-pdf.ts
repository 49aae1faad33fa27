import { ETIMS_RECEIPT_TEXTS, formatKsh, formatNairobiDate } from '@firm/shared';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { render } from './billing-pdf';
import {
  BOX_INNER_WIDTH,
  PLAIN_LAYOUT,
  box,
  detailsBlock,
  documentDefinition,
  letterheadBlock,
  partyAndDetails,
  partyBlock,
  present,
  rule,
} from './billing-pdf-blocks';
import type { CreditNoteDocument } from './billing-documents';
import { etimsBlock, etimsQrOf, provisionalBanner } from './etims-pdf';

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

function creditNoteDefinition(doc: CreditNoteDocument, qr: string | null): TDocumentDefinitions {
  const amounts: Array<[string, string, boolean]> = [
    ['Amount credited', formatKsh(doc.amountKsh), true],
  ];
  if (doc.vatKsh > 0) amounts.push(['of which VAT', formatKsh(doc.vatKsh), false]);
  const parts: Array<Content | null> = [
    letterheadBlock(doc.letterhead, 'CREDIT NOTE', doc.number),
    rule(),
    partyAndDetails(
      partyBlock('Credit to', doc.client),
      detailsBlock([
        ['Date', formatNairobiDate(doc.issuedAt)],
        ['Fee note', doc.feeNoteNumber],
      ]),
    ),
    {
      text: [
        { text: 'Cancels fee note ', bold: true },
        { text: doc.feeNoteNumber, bold: true },
        ' in full.',
      ],
      fontSize: 11,
      margin: [0, 18, 0, 8],
    },
    { text: 'REASON', style: 'label' },
    { text: doc.reason, margin: [0, 0, 0, 14] },
    provisionalBanner(doc.etims, ETIMS_RECEIPT_TEXTS.provisionalCreditNote),
    box([amountRows(amounts)]),
    etimsBlock(doc.etims, qr),
    {
      text: [
        `Nothing is due on fee note ${doc.feeNoteNumber}. Questions? Call `,
        { text: doc.letterhead.phone, bold: true },
        '.',
      ],
    },
  ];
  const content = parts.filter(present);
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
export async function renderCreditNotePdf(doc: CreditNoteDocument): Promise<Buffer> {
  return render(creditNoteDefinition(doc, await etimsQrOf(doc.etims)));
}
