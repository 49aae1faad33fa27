import { pathOf } from '@firm/shared/common/endpoints';
import { BILLING_ENDPOINTS } from '@firm/shared/billing/endpoints';
import { downloadFile } from '../../../lib/file-transfer';

/** GET /api/fee-notes/:id/credit-note, as a download (the API needs the Bearer header). */
export function downloadCreditNote(feeNoteId: string, creditNoteNumber: string) {
  return downloadFile(
    pathOf(BILLING_ENDPOINTS.creditNotePdf, { id: feeNoteId }),
    `${creditNoteNumber.replaceAll('/', '-')}.pdf`,
  );
}
