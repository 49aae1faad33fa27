import type { PracticeYearCsvPart } from '@firm/shared';
import { pathOf, withQuery } from '@firm/shared/common/endpoints';
import { CLIENT_MONEY_ENDPOINTS } from '@firm/shared/client-money/endpoints';
import { downloadFile } from '../../../lib/file-transfer';

/**
 * The accountant's practice-year pack of client money (ADR 045), as downloads (the API needs the
 * Bearer header): the PDF, and each CSV part under the name the API gives it.
 */
export function downloadPracticeYearPdf(year: number) {
  return downloadFile(
    pathOf(CLIENT_MONEY_ENDPOINTS.practiceYearPackPdf, { year }),
    `Client-money-${year}-practice-year-pack.pdf`,
  );
}

export function downloadPracticeYearCsv(year: number, part: PracticeYearCsvPart, asOf?: string) {
  const path = pathOf(CLIENT_MONEY_ENDPOINTS.practiceYearCsv, { year, part });
  const name = `client-money-${year}-${part.replace(/\.csv$/, '')}${asOf ? `-${asOf}` : ''}.csv`;
  return downloadFile(withQuery(path, { asOf }), name);
}
