import {
  CONTACT_URGENCIES,
  ENQUIRY_KINDS,
  ENQUIRY_KIND_LABELS,
  REPORT_SECTION_TEXTS,
  REPORT_URGENCY_LABELS,
  reportLinks,
  type ReportSection,
} from '@firm/shared';
import { enquiryCounts, enquiryResponseHours } from './reports.repository';
import { PERIOD_COLUMNS, periodRow, totalRow, type ReportContext } from './report-kit';

const S = REPORT_SECTION_TEXTS.enquiries;
const link = reportLinks.enquiries;

/**
 * Enquiries received (contact messages and visitors' confirmed booking requests, as the inbox
 * holds them): by kind and urgency, how fast the firm first acted, and how many became clients.
 */
export async function enquiriesReport(ctx: ReportContext): Promise<ReportSection[]> {
  const { db, range, previous } = ctx;
  const [counts, countsBefore, response, responseBefore] = await Promise.all([
    enquiryCounts(db, range),
    enquiryCounts(db, previous),
    enquiryResponseHours(db, range),
    enquiryResponseHours(db, previous),
  ]);
  const sum = (rows: typeof counts, where: (row: (typeof counts)[number]) => boolean) =>
    rows.filter(where).reduce((total, row) => total + row.n, 0);
  const bothLinks = (filters: Record<string, string>) =>
    [
      link({ from: range.from, to: range.to, ...filters }),
      link({ from: previous.from, to: previous.to, ...filters }),
    ] as const;

  const kindRows = ENQUIRY_KINDS.map((kind) =>
    periodRow(
      kind,
      ENQUIRY_KIND_LABELS[kind],
      [sum(counts, (row) => row.kind === kind), sum(countsBefore, (row) => row.kind === kind)],
      bothLinks({ kind }),
    ),
  );
  // Only a contact message carries an urgency (the inbox gives a booking "normal"): the section
  // counts contact messages alone, so its total is the by-kind row of contact messages.
  const isMessage = (row: (typeof counts)[number]) => row.kind === 'message';
  const urgencyRows = CONTACT_URGENCIES.map((urgency) =>
    periodRow(
      urgency,
      REPORT_URGENCY_LABELS[urgency],
      [
        sum(counts, (row) => isMessage(row) && row.urgency === urgency),
        sum(countsBefore, (row) => isMessage(row) && row.urgency === urgency),
      ],
      bothLinks({ kind: 'message', urgency }),
    ),
  );
  const converted = (rows: typeof counts) => rows.reduce((total, row) => total + row.converted, 0);

  return [
    {
      key: 'by-kind',
      title: S.byKind,
      unit: 'count',
      chart: 'bar',
      columns: PERIOD_COLUMNS,
      rows: [...kindRows, totalRow(kindRows, bothLinks({}))],
    },
    {
      key: 'by-urgency',
      title: S.byUrgency,
      unit: 'count',
      chart: 'bar',
      columns: PERIOD_COLUMNS,
      rows: [...urgencyRows, totalRow(urgencyRows, bothLinks({ kind: 'message' }))],
    },
    {
      key: 'response',
      title: S.response,
      unit: 'hours',
      chart: 'bar',
      columns: PERIOD_COLUMNS,
      rows: [
        periodRow('median', S.median, [response.median, responseBefore.median]),
        periodRow('p90', S.p90, [response.p90, responseBefore.p90]),
      ],
      note: S.responseNote(response.answered),
    },
    {
      key: 'converted',
      title: S.converted,
      unit: 'count',
      chart: 'bar',
      columns: PERIOD_COLUMNS,
      rows: [
        periodRow(
          'converted',
          S.convertedRow,
          [converted(counts), converted(countsBefore)],
          bothLinks({ converted: 'yes' }),
        ),
      ],
    },
  ];
}
