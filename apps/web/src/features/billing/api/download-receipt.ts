import { pathOf } from '@firm/shared/common/endpoints';
import { BILLING_ENDPOINTS } from '@firm/shared/billing/endpoints';
import { downloadFile } from '../../../lib/file-transfer';

/** GET /api/payments/:id/receipt, as a download (the API needs the Bearer header). */
export function downloadReceipt(paymentId: string, receiptNumber: string | null) {
  const name = `${(receiptNumber ?? 'receipt').replaceAll('/', '-')}.pdf`;
  return downloadFile(pathOf(BILLING_ENDPOINTS.receiptPdf, { id: paymentId }), name);
}
