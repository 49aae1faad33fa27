import {
  CASE_CATEGORIES,
  CASE_CATEGORY_CODES,
  CASE_UNASSIGNED,
  OPEN_CASE_STATUSES,
  REPORT_CASE_AGES,
  REPORT_COURT_WEEKS,
  REPORT_SECTION_TEXTS,
  REPORT_TEXTS as T,
  addDays,
  caseStatusLabel,
  dayOfWeek,
  monthsBefore,
  monthsOf,
  reportLinks,
  type ReportSection,
} from '@firm/shared';
import { userNamesByIds } from '../users/user-lookups.repository';
import {
  casesPerMonth,
  courtDatesPerWeek,
  openCaseAges,
  openCaseCounts,
  openOnDaysByCategory,
} from './reports.repository';
import {
  NOW_COLUMNS,
  PERIOD_COLUMNS,
  cell,
  earlier,
  monthColumns,
  periodRow,
  totalRow,
  weekLabel,
  type ReportContext,
} from './report-kit';

const S = REPORT_SECTION_TEXTS.caseload;
/** "in progress" → "In progress": a row's label starts a line. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const link = reportLinks.cases;

/**
 * Caseload: what is open (at the end of the period, and now by status and assignee), what was
 * opened and closed, how old the open cases are, and the court dates ahead.
 */
export async function caseloadReport(ctx: ReportContext): Promise<ReportSection[]> {
  const { db, range, previous, today, now } = ctx;
  const ends = [earlier(range.to, today), earlier(previous.to, today)] as const;
  // An open case is older than N months when opened before the day N months ago.
  const ageCutoffs = REPORT_CASE_AGES.map((months) => addDays(monthsBefore(today, months), -1));
  const weekStart = addDays(today, -((dayOfWeek(today) + 6) % 7));
  const weeks = Array.from({ length: REPORT_COURT_WEEKS }, (_, i) => {
    const from = addDays(weekStart, i * 7);
    return { from, to: addDays(from, 6) };
  });
  const [[atEnd, atPreviousEnd], openNow, opened, closed, openedBefore, closedBefore, ages, court] =
    await Promise.all([
      openOnDaysByCategory(db, ends) as Promise<[Map<string, number>, Map<string, number>]>,
      openCaseCounts(db),
      casesPerMonth(db, range, 'opened'),
      casesPerMonth(db, range, 'closed'),
      casesPerMonth(db, previous, 'opened'),
      casesPerMonth(db, previous, 'closed'),
      openCaseAges(db, now, ageCutoffs),
      courtDatesPerWeek(db, weeks),
    ]);

  const byCategory = CASE_CATEGORY_CODES.map((category) =>
    periodRow(
      category,
      CASE_CATEGORIES[category],
      [atEnd.get(category) ?? 0, atPreviousEnd.get(category) ?? 0],
      [link({ openOn: ends[0], category }), link({ openOn: ends[1], category })],
    ),
  );

  const byStatus = new Map<string, number>();
  const byAssignee = new Map<string | null, number>();
  for (const row of openNow) {
    byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + row.n);
    byAssignee.set(row.assigneeId, (byAssignee.get(row.assigneeId) ?? 0) + row.n);
  }
  const statusRows = OPEN_CASE_STATUSES.map((status) => ({
    key: status,
    label: sentence(caseStatusLabel(status)),
    cells: [cell(byStatus.get(status) ?? 0, link({ status }))],
  }));
  const names = await userNamesByIds(db, [...byAssignee.keys()]);
  const assigneeRows = [...byAssignee.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([id, n]) => ({
      key: id ?? CASE_UNASSIGNED,
      label: id ? (names.get(id) ?? T.unknownPerson) : T.unassigned,
      cells: [cell(n, link({ status: 'open', assignee: id ?? CASE_UNASSIGNED }))],
    }));

  // The open cases now, by age: bands that do not overlap (under 6 months, 6 to 12, over 12), so
  // they add up to every open case, each linked to the cases list of exactly those cases.
  const [youngest, oldest] = [ageCutoffs[0]!, ageCutoffs.at(-1)!];
  const ageRows = [
    {
      key: `under-${REPORT_CASE_AGES[0]}`,
      label: S.youngerThan(REPORT_CASE_AGES[0]),
      cells: [
        cell(
          ages.total - (ages.openedBy[0] ?? 0),
          link({ status: 'open', openedFrom: addDays(youngest, 1) }),
        ),
      ],
    },
    ...REPORT_CASE_AGES.slice(1).map((months, i) => ({
      key: `between-${REPORT_CASE_AGES[i]}-${months}`,
      label: S.between(REPORT_CASE_AGES[i]!, months),
      cells: [
        cell(
          (ages.openedBy[i] ?? 0) - (ages.openedBy[i + 1] ?? 0),
          link({
            status: 'open',
            openedFrom: addDays(ageCutoffs[i + 1]!, 1),
            openedTo: ageCutoffs[i],
          }),
        ),
      ],
    })),
    {
      key: `over-${REPORT_CASE_AGES.at(-1)}`,
      label: S.olderThan(REPORT_CASE_AGES.at(-1)!),
      cells: [cell(ages.openedBy.at(-1) ?? 0, link({ status: 'open', openedTo: oldest }))],
    },
  ];

  const months = monthsOf(range);
  const sum = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

  return [
    {
      key: 'open-at-end',
      title: S.openAtEnd,
      unit: 'count',
      chart: 'bar',
      columns: PERIOD_COLUMNS,
      rows: [
        ...byCategory,
        totalRow(byCategory, [link({ openOn: ends[0] }), link({ openOn: ends[1] })]),
      ],
    },
    {
      key: 'open-by-status',
      title: S.openByStatus,
      unit: 'count',
      chart: 'bar',
      columns: NOW_COLUMNS,
      rows: [...statusRows, totalRow(statusRows, [link({ status: 'open' })])],
    },
    {
      key: 'open-by-assignee',
      title: S.openByAssignee,
      unit: 'count',
      chart: 'bar',
      columns: NOW_COLUMNS,
      rows: assigneeRows,
    },
    {
      key: 'opened-closed',
      title: S.openedClosed,
      unit: 'count',
      chart: 'bar',
      columns: monthColumns(range),
      rows: [
        {
          key: 'opened',
          label: S.opened,
          cells: months.map((m) =>
            cell(opened.get(m.month) ?? 0, link({ openedFrom: m.from, openedTo: m.to })),
          ),
        },
        {
          key: 'closed',
          label: S.closed,
          cells: months.map((m) =>
            cell(closed.get(m.month) ?? 0, link({ closedFrom: m.from, closedTo: m.to })),
          ),
        },
      ],
    },
    {
      key: 'opened-closed-totals',
      title: S.openedClosedTotals,
      unit: 'count',
      chart: 'bar',
      columns: PERIOD_COLUMNS,
      rows: [
        periodRow(
          'opened',
          S.opened,
          [sum(opened), sum(openedBefore)],
          [
            link({ openedFrom: range.from, openedTo: range.to }),
            link({ openedFrom: previous.from, openedTo: previous.to }),
          ],
        ),
        periodRow(
          'closed',
          S.closed,
          [sum(closed), sum(closedBefore)],
          [
            link({ closedFrom: range.from, closedTo: range.to }),
            link({ closedFrom: previous.from, closedTo: previous.to }),
          ],
        ),
      ],
    },
    {
      key: 'age',
      title: S.age,
      unit: 'count',
      chart: 'bar',
      columns: NOW_COLUMNS,
      rows: [...ageRows, totalRow(ageRows, [link({ status: 'open' })])],
    },
    {
      key: 'median-age',
      title: S.medianAge,
      unit: 'days',
      chart: 'none',
      columns: NOW_COLUMNS,
      rows: [{ key: 'median', label: S.medianAgeRow, cells: [cell(ages.medianDays)] }],
      note: T.notAList,
    },
    {
      key: 'court-dates',
      title: S.courtDates,
      unit: 'count',
      chart: 'bar',
      columns: weeks.map((week) => ({ key: week.from, label: S.weekOf(weekLabel(week.from)) })),
      rows: [
        {
          key: 'court-dates',
          label: S.courtDatesRow,
          cells: weeks.map((week, i) =>
            cell(court[i] ?? 0, link({ courtFrom: week.from, courtTo: week.to })),
          ),
        },
      ],
    },
  ];
}
