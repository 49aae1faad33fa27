import type { DayRange, ReportKind } from '@firm/shared';
import { downloadFile } from '../../../lib/file-transfer';
import { reportPath } from './get-report';

/**
 * GET /api/reports/{kind}?format=csv, as a download (the API needs the Bearer header), under the
 * name the API's Content-Disposition gives it.
 */
export function downloadReportCsv(kind: ReportKind, range: DayRange) {
  return downloadFile(
    reportPath(kind, range, 'csv'),
    `report-${kind}-${range.from}-to-${range.to}.csv`,
  );
}
