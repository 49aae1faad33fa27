import { downloadFile } from '../../../lib/file-transfer';

/** GET /api/payments/:id/receipt, as a download (the API needs the Bearer header). */
export function downloadReceipt(paymentId: string, receiptNumber: string | null) {
  const name = `${(receiptNumber ?? 'receipt').replaceAll('/', '-')}.pdf`;
  return downloadFile(`/payments/${encodeURIComponent(paymentId)}/receipt`, name);
}
