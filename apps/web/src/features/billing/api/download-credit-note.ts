import { downloadFile } from '../../../lib/file-transfer';

/** GET /api/fee-notes/:id/credit-note, as a download (the API needs the Bearer header). */
export function downloadCreditNote(feeNoteId: string, creditNoteNumber: string) {
  return downloadFile(
    `/fee-notes/${encodeURIComponent(feeNoteId)}/credit-note`,
    `${creditNoteNumber.replaceAll('/', '-')}.pdf`,
  );
}
