import { formatKsh, formatNairobiDay } from '@firm/shared';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { render } from './billing-pdf';
import {
  ALERT,
  ALERT_FILL,
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
import type { ClientMoneyReceiptDocument } from './billing-documents';

/**
 * A receipt for money received into a client account (ADR 045), on the same letterhead and blocks
 * as the fee-note receipt (receipt-pdf.ts), but marked "client account": the money is held for
 * the client, not paid to the firm, and the receipt says what is held for them after it.
 */
function clientMoneyReceiptDefinition(doc: ClientMoneyReceiptDocument): TDocumentDefinitions {
  const rows: Array<[string, Content]> = [
    ['In words', doc.amountWords],
    ['Paid into', doc.accountLabel],
    ['Reference', doc.reference],
    ['Case', doc.caseLabel ?? 'No case: held as your general money'],
    ['For', doc.narrative],
  ];
  const content: Content[] = [
    letterheadBlock(doc.letterhead, 'RECEIPT', doc.number),
    {
      text: 'CLIENT ACCOUNT',
      bold: true,
      color: BRAND,
      alignment: 'right',
      characterSpacing: 1,
      margin: [0, 2, 0, 0],
    },
    rule(),
    partyAndDetails(
      partyBlock('Received from, and held for', doc.client),
      detailsBlock([['Date received', formatNairobiDay(doc.date)]]),
    ),
    { text: '', margin: [0, 0, 0, 18] },
    doc.reversed
      ? box(
          [
            { text: 'REVERSED', bold: true, color: ALERT, margin: [0, 0, 0, 2] },
            'This receipt was corrected by a reversal: the money is no longer held under it.',
          ],
          ALERT_FILL,
          '#f4c7c3',
        )
      : null,
    box([
      { text: 'AMOUNT RECEIVED INTO THE CLIENT ACCOUNT', style: 'label' },
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
    {
      text: [
        'Now held for you in the firm’s client account: ',
        { text: formatKsh(doc.heldAfterKsh), bold: true },
      ],
      margin: [0, 0, 0, 8],
    },
    {
      text:
        'This money is the client’s, kept apart from the firm’s own in a client account under ' +
        'the Advocates (Accounts) Rules. It is not a payment of fees.',
      style: 'muted',
      margin: [0, 0, 0, 8],
    },
    { text: ['Questions? Call ', { text: doc.letterhead.phone, bold: true }, '.'] },
  ].filter((part): part is Content => part !== null);
  return documentDefinition(
    doc.letterhead,
    doc.number,
    {
      title: `Client account receipt ${doc.number}`,
      subject: `Client account receipt ${doc.number} for ${doc.client.name}`,
    },
    content,
  );
}

/** A receipt into a client account as an A4 PDF. */
export function renderClientMoneyReceiptPdf(doc: ClientMoneyReceiptDocument): Promise<Buffer> {
  return render(clientMoneyReceiptDefinition(doc));
}
