import type {
  ClientLedgerDocument,
  ClientMoneyReconciliationDocument,
  ClientMoneyPackDocument,
  ClientMoneyReceiptDocument,
  CreditNoteDocument,
  FeeNoteDocument,
  ReceiptDocument,
} from './billing-documents';
import { warmUpPdfRenderer } from './billing-pdf';
import { renderClientLedgerPdf } from './client-ledger-pdf';
import { renderClientMoneyPackPdf } from './client-money-pack-pdf';
import { renderClientMoneyReceiptPdf } from './client-money-receipt-pdf';
import { renderClientMoneyReconciliationPdf } from './client-money-reconciliation-pdf';
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
  | { kind: 'receipt'; doc: ReceiptDocument }
  // Client money's documents (ADR 045), drawn by the same pool: billing/client-money-pdfs.ts.
  | { kind: 'client_money_receipt'; doc: ClientMoneyReceiptDocument }
  | { kind: 'client_ledger'; doc: ClientLedgerDocument }
  | { kind: 'client_money_reconciliation'; doc: ClientMoneyReconciliationDocument }
  | { kind: 'client_money_pack'; doc: ClientMoneyPackDocument };

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
    case 'client_money_receipt':
      return renderClientMoneyReceiptPdf(task.doc);
    case 'client_ledger':
      return renderClientLedgerPdf(task.doc);
    case 'client_money_reconciliation':
      return renderClientMoneyReconciliationPdf(task.doc);
    case 'client_money_pack':
      return renderClientMoneyPackPdf(task.doc);
  }
}
