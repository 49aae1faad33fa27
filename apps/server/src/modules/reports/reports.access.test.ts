import {
  REPORT_KINDS,
  REPORT_TEXTS,
  reportAction,
  type Report,
  type ReportKind,
} from '@firm/shared';
import { expect } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';

/**
 * Who may read the reports: advocates, and admins with canAccessReports (the Money report: and
 * canManageCases); every other caller is refused with the reports' own words, for each report and
 * its CSV.
 */
const reportAccess = { action: 'reports:view', deniedMessage: REPORT_TEXTS.accessDenied } as const;
/**
 * The Money report is Billing's figures: it also takes Manage Cases. A caller without Reports is
 * refused by the route's words, one with Reports alone by the Money report's
 * (reports.csv-and-access.test.ts). The Client money report likewise takes what the client
 * ledgers take (`reports:client-money`).
 */
const accessOf = (kind: ReportKind) =>
  kind === 'money' || kind === 'client-money'
    ? ({ action: reportAction(kind) } as const)
    : reportAccess;

const ENDPOINTS: Record<string, MatrixEndpoint> = Object.fromEntries(
  REPORT_KINDS.flatMap((kind) => [
    [
      `GET /reports/${kind}`,
      {
        ...accessOf(kind),
        allowed: 200,
        request: () => ({
          method: 'GET',
          url: `/api/reports/${kind}?from=2026-10-01&to=2026-10-31`,
        }),
        check: (body) => {
          const report = body as Report;
          expect(report.kind).toBe(kind);
          expect(report.range).toEqual({ from: '2026-10-01', to: '2026-10-31' });
          expect(report.previousRange).toEqual({ from: '2026-09-01', to: '2026-09-30' });
          expect(report.sections.length).toBeGreaterThan(0);
        },
      } satisfies MatrixEndpoint,
    ],
    [
      `GET /reports/${kind}?format=csv`,
      {
        ...accessOf(kind),
        allowed: 200,
        request: () => ({ method: 'GET', url: `/api/reports/${kind}?format=csv` }),
        check: (body) => {
          expect(String(body)).toContain(',');
        },
      } satisfies MatrixEndpoint,
    ],
  ]),
);

describeAccessMatrix('/api/reports access', ENDPOINTS);
