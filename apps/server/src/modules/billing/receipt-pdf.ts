import { formatKsh, formatNairobiDateTime } from '@firm/shared';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { render } from './billing-pdf';
import {
  BOX_INNER_WIDTH,
  BRAND,
  PLAIN_LAYOUT,
  box,
  detailsBlock,
  documentDefinition,
  labelled,
  letterheadBlock,
  partyAndDetails,
  partyBlock,
  rule,
} from './billing-pdf-blocks';
import type { PaymentMethod, ReceiptDocument } from './billing-documents';

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

function appliedToWords(appliedTo: ReceiptDocument['appliedTo']): string {
  if (appliedTo.kind === 'fee_note') {
    const number = appliedTo.number;
    return appliedTo.balanceAfterKsh > 0
      ? `Fee note ${number} — balance now ${formatKsh(appliedTo.balanceAfterKsh)}`
      : `Fee note ${number} — now paid in full`;
  }
  return `Appointment fee: ${appliedTo.title}, ${formatNairobiDateTime(appliedTo.startsAt)}`;
}

function receiptDefinition(doc: ReceiptDocument): TDocumentDefinitions {
  const rows: Array<[string, Content]> = [['Method', METHOD_WORDS[doc.method]]];
  if (doc.reference) rows.push(['Reference', referenceWords(doc.method, doc.reference)]);
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
      text: ['Questions? Call ', { text: doc.letterhead.phone, bold: true }, '.'],
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
