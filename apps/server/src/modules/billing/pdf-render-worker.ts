import type { CreditNoteDocument, FeeNoteDocument, ReceiptDocument } from './billing-documents';
import { warmUpPdfRenderer } from './billing-pdf';
import { renderCreditNotePdf } from './credit-note-pdf';
import { renderFeeNotePdf } from './fee-note-pdf';
import { renderReceiptPdf } from './receipt-pdf';

/**
 * A worker thread of the PDF pool (pdf-render-pool.ts): draws one document per task, off the
 * server's event loop. Its fonts are read once, when the thread starts.
 */

export type RenderTask =
  | { kind: 'fee_note'; doc: FeeNoteDocument }
  | { kind: 'credit_note'; doc: CreditNoteDocument }
  | { kind: 'receipt'; doc: ReceiptDocument };

const warm = warmUpPdfRenderer();

export default async function renderTask(task: RenderTask): Promise<Uint8Array> {
  await warm;
  switch (task.kind) {
    case 'fee_note':
      return renderFeeNotePdf(task.doc);
    case 'credit_note':
      return renderCreditNotePdf(task.doc);
    case 'receipt':
      return renderReceiptPdf(task.doc);
  }
}
