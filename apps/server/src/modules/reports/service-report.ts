import {
  REPORT_SECTION_TEXTS,
  REPORT_TEXTS as T,
  REPORT_WAITING_HOURS,
  reportLinks,
  type ReportSection,
} from '@firm/shared';
import { userNamesByIds } from '../users/user-lookups.repository';
import { answerHours, waitingConversations } from './reports.repository';
import { NOW_COLUMNS, PERIOD_COLUMNS, cell, periodRow, type ReportContext } from './report-kit';

const S = REPORT_SECTION_TEXTS.service;

/**
 * Client service: how long a client waits for the firm's answer, by who answered, and the
 * conversations where a client has waited over a day now.
 */
export async function serviceReport(ctx: ReportContext): Promise<ReportSection[]> {
  const { db, range, previous, now } = ctx;
  const since = new Date(now.getTime() - REPORT_WAITING_HOURS * 3_600_000);
  const [answers, answersBefore, waiting] = await Promise.all([
    answerHours(db, range),
    answerHours(db, previous),
    waitingConversations(db, since),
  ]);
  const staff = [
    ...new Set(
      [...answers, ...answersBefore].filter((row) => !row.wholeFirm).map((row) => row.senderId),
    ),
  ];
  const names = await userNamesByIds(db, staff);
  const medianOf = (rows: typeof answers, senderId: string | null) =>
    rows.find((row) => !row.wholeFirm && row.senderId === senderId)?.median ?? null;
  const firm = (rows: typeof answers) => rows.find((row) => row.wholeFirm)?.median ?? null;
  const answeredNow = answers.find((row) => row.wholeFirm)?.n ?? 0;

  return [
    {
      key: 'by-staff',
      title: S.byStaff,
      unit: 'hours',
      chart: 'bar',
      columns: PERIOD_COLUMNS,
      rows: [
        periodRow('firm', S.firm, [firm(answers), firm(answersBefore)]),
        ...staff
          .sort((a, b) => (names.get(a ?? '') ?? '').localeCompare(names.get(b ?? '') ?? ''))
          .map((id) =>
            periodRow(id ?? 'former', id ? (names.get(id) ?? T.unknownPerson) : T.unknownPerson, [
              medianOf(answers, id),
              medianOf(answersBefore, id),
            ]),
          ),
      ],
      note: `${S.byStaffNote} (${answeredNow})`,
    },
    {
      key: 'waiting',
      title: S.waiting,
      unit: 'count',
      chart: 'none',
      columns: NOW_COLUMNS,
      rows: [
        {
          key: 'waiting',
          label: S.waitingRow,
          cells: [cell(waiting, reportLinks.waitingConversations())],
        },
      ],
    },
  ];
}
