import { pathOf } from '@firm/shared/common/endpoints';
import { BILLING_ENDPOINTS } from '@firm/shared/billing/endpoints';
import { downloadFile } from '../../../lib/file-transfer';

/** GET /api/fee-notes/:id/pdf, as a download (the API needs the Bearer header). */
export function downloadFeeNotePdf(id: string, number: string | null) {
  const name = `${(number ?? 'fee-note').replaceAll('/', '-')}.pdf`;
  return downloadFile(pathOf(BILLING_ENDPOINTS.feeNotePdf, { id }), name);
}
