import {
  REPORT_TITLES,
  mayFollowReportLink,
  nairobiToday,
  presetRange,
  previousRange,
  reportAction,
  type Report,
  type ReportKind,
  type ReportQueryValues,
  type ReportSection,
} from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { csvRow } from '../../lib/csv';
import type { RequestMeta } from '../../lib/route-kit';
import { assertCan } from '../../lib/permissions';
import { writeAudit } from '../audit/audit-log.repository';
import { readFirmSettings } from '../settings/firm-settings.service';
import { appointmentsReport } from './appointments-report';
import { caseloadReport } from './caseload-report';
import { clientMoneyReport } from './client-money-report';
import { enquiriesReport } from './enquiries-report';
import { moneyReport } from './money-report';
import type { ReportContext } from './report-kit';
import { serviceReport } from './service-report';

export interface ReportsDeps {
  db: Db;
  firmNotifyEmail: string;
  logger?: FastifyBaseLogger;
  now?: () => Date;
}

const BUILDERS: Record<ReportKind, (ctx: ReportContext) => Promise<ReportSection[]>> = {
  caseload: caseloadReport,
  appointments: appointmentsReport,
  enquiries: enquiriesReport,
  service: serviceReport,
  money: moneyReport,
  'client-money': clientMoneyReport,
};

/**
 * GET /api/reports/{kind}: the report for the Nairobi days asked (this month by default), each
 * figure beside the same length of time just before (docs/product-rules.md#reports). Who may ask
 * is the route's guard (`reports:view`); the Money report shows Billing's figures, so it also takes
 * what Billing takes (`reports:money`), for its CSV too; the Client money report what the client
 * ledgers take (`reports:client-money`).
 */
export async function buildReport(
  deps: ReportsDeps,
  actor: UserRow,
  kind: ReportKind,
  query: Pick<ReportQueryValues, 'from' | 'to'>,
): Promise<Report> {
  assertCan(actor, reportAction(kind));
  const now = deps.now?.() ?? new Date();
  const today = nairobiToday(now);
  const range =
    query.from && query.to ? { from: query.from, to: query.to } : presetRange('this_month', today);
  const previous = previousRange(range);
  const sections = await BUILDERS[kind]({
    db: deps.db,
    range,
    previous,
    today,
    now,
    settings: () => readFirmSettings(deps),
  });
  return {
    kind,
    title: REPORT_TITLES[kind],
    range,
    previousRange: previous,
    today,
    // A figure links to its list only for a reader who may open that list and see all it counts.
    sections: sections.map((section) => ({
      ...section,
      rows: section.rows.map((row) => ({
        ...row,
        cells: row.cells.map((cell) => ({
          ...cell,
          link: cell.link && mayFollowReportLink(actor, cell.link) ? cell.link : null,
        })),
      })),
    })),
  };
}

/**
 * The report as CSV, one block per section (its title, its header row, its rows), audited as
 * every export is: who took which figures of the firm's clients, when.
 */
export async function reportCsv(
  deps: ReportsDeps,
  actor: UserRow,
  kind: ReportKind,
  query: Pick<ReportQueryValues, 'from' | 'to'>,
  meta: RequestMeta,
): Promise<{ csv: string; filename: string }> {
  const report = await buildReport(deps, actor, kind, query);
  await writeAudit(deps.db, {
    actorId: actor.id,
    action: 'report.exported',
    ip: meta.ip,
    details: { report: kind, title: report.title, from: report.range.from, to: report.range.to },
  });
  const lines = [csvRow([report.title, report.range.from, report.range.to])];
  for (const section of report.sections) {
    lines.push(
      '\r\n',
      csvRow([section.title]),
      csvRow(['', ...section.columns.map((column) => column.label)]),
      ...section.rows.map((row) => csvRow([row.label, ...row.cells.map((c) => c.value ?? '')])),
    );
  }
  return {
    // A byte-order mark: spreadsheets then read the names' letters as UTF-8.
    csv: `\uFEFF${lines.join('')}`,
    filename: `report-${kind}-${report.range.from}-to-${report.range.to}.csv`,
  };
}
