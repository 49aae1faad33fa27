import {
  APPOINTMENT_TYPES,
  APPOINTMENT_TYPE_DEFAULTS,
  REPORT_SECTION_TEXTS,
  REPORT_TEXTS as T,
  addDays,
  daysBetween,
  bookableStartTimes,
  monthsOf,
  reportLinks,
  typeTerms,
  type DayRange,
  type FirmSettings,
  type ReportSection,
} from '@firm/shared';
import { isKenyanPublicHoliday } from '../../lib/kenyan-holidays';
import { bookableAdvocates, userNamesByIds } from '../users/user-lookups.repository';
import {
  appointmentsBy,
  appointmentsPerMonth,
  appointmentsTakingTime,
  countAppointments,
} from './reports.repository';
import {
  PERIOD_COLUMNS,
  cell,
  monthColumns,
  periodRow,
  totalRow,
  type ReportContext,
} from './report-kit';

const S = REPORT_SECTION_TEXTS.appointments;
const link = reportLinks.appointments;
/** The statuses counted per month beside every booking (a scheduled one is booked, no more). */
const COUNTED = [
  ['confirmed', S.confirmed],
  ['completed', S.completed],
  ['cancelled', S.cancelled],
] as const;

/** Long before any booking: every start time of a day counts as offered, past or not. */
const LONG_AGO = new Date(0);

/**
 * The start times the firm offered in `range` for a consultation, per advocate taking bookings:
 * each open day's booking times (no Sunday, closed day or public holiday).
 */
function offeredTimes(range: DayRange, settings: FirmSettings): number {
  const durationMinutes = typeTerms(settings.appointmentTypes, 'consultation').durationMinutes;
  let offered = 0;
  // Counted by days, not by comparing day texts: past 9999-12-31 the next day's text
  // (`+010000-01-01`) sorts before it, and a text comparison never ended (date-fields.ts).
  const days = daysBetween(range.from, range.to);
  for (let i = 0; i < days; i += 1) {
    offered += bookableStartTimes({
      date: addDays(range.from, i),
      durationMinutes,
      now: LONG_AGO,
      isHoliday: isKenyanPublicHoliday,
      bookingTimes: settings.bookingTimes,
    }).length;
  }
  return offered;
}

const share = (taken: number, offered: number) =>
  offered === 0 ? null : Math.min(100, Math.round((taken / offered) * 1000) / 10);

/**
 * Appointments: booked, confirmed, completed and cancelled by month (by the meeting's date), by
 * type and by advocate; how much of the offered diary was taken; visitors' bookings never
 * confirmed.
 */
export async function appointmentsReport(ctx: ReportContext): Promise<ReportSection[]> {
  const { db, range, previous } = ctx;
  const periods = [range, previous] as const;
  const [
    perMonth,
    byType,
    byTypeBefore,
    byAdvocate,
    byAdvocateBefore,
    totals,
    settings,
    advocates,
  ] = await Promise.all([
    appointmentsPerMonth(db, range),
    appointmentsBy(db, { from: range.from, to: range.to }, 'type'),
    appointmentsBy(db, { from: previous.from, to: previous.to }, 'type'),
    appointmentsBy(db, { from: range.from, to: range.to }, 'advocate'),
    appointmentsBy(db, { from: previous.from, to: previous.to }, 'advocate'),
    Promise.all(
      periods.map((period) =>
        Promise.all([
          countAppointments(db, { from: period.from, to: period.to }),
          ...COUNTED.map(([status]) =>
            countAppointments(db, { from: period.from, to: period.to, status }),
          ),
          countAppointments(db, { from: period.from, to: period.to, cancelledBy: 'system' }),
        ]),
      ),
    ),
    ctx.settings(),
    bookableAdvocates(db),
  ]);
  const advocateIds = advocates.map((advocate) => advocate.id);
  const taken = await Promise.all(
    periods.map((period) => appointmentsTakingTime(db, period, advocateIds)),
  );
  const offered = periods.map((period) => offeredTimes(period, settings) * advocateIds.length);

  const months = monthsOf(range);
  const monthCount = (month: string, status?: string) =>
    perMonth
      .filter((row) => row.month === month && (!status || row.status === status))
      .reduce((sum, row) => sum + row.n, 0);
  const bothLinks = (filters: Record<string, string>) =>
    [
      link({ from: range.from, to: range.to, ...filters }),
      link({ from: previous.from, to: previous.to, ...filters }),
    ] as const;

  const typeRows = APPOINTMENT_TYPES.map((type) =>
    periodRow(
      type,
      APPOINTMENT_TYPE_DEFAULTS[type].label,
      [byType.get(type) ?? 0, byTypeBefore.get(type) ?? 0],
      bothLinks({ type }),
    ),
  );
  const advocateKeys = [...new Set([...byAdvocate.keys(), ...byAdvocateBefore.keys()])];
  const names = await userNamesByIds(db, advocateKeys);
  const advocateRows = advocateKeys
    .sort((a, b) => (byAdvocate.get(b) ?? 0) - (byAdvocate.get(a) ?? 0))
    .map((id) =>
      periodRow(
        id ?? 'none',
        id ? (names.get(id) ?? T.unknownPerson) : T.unknownPerson,
        [byAdvocate.get(id) ?? 0, byAdvocateBefore.get(id) ?? 0],
        // An appointment whose advocate's account is gone has no list of its own.
        id ? bothLinks({ advocate: id }) : [null, null],
      ),
    );
  const now = totals[0]!;
  const before = totals[1]!;

  return [
    {
      key: 'by-month',
      title: S.byMonth,
      unit: 'count',
      chart: 'bar',
      columns: monthColumns(range),
      rows: [
        {
          key: 'booked',
          label: S.booked,
          cells: months.map((m) => cell(monthCount(m.month), link({ from: m.from, to: m.to }))),
        },
        ...COUNTED.map(([status, label]) => ({
          key: status,
          label,
          cells: months.map((m) =>
            cell(monthCount(m.month, status), link({ from: m.from, to: m.to, status })),
          ),
        })),
      ],
    },
    {
      key: 'totals',
      title: S.totals,
      unit: 'count',
      chart: 'bar',
      columns: PERIOD_COLUMNS,
      rows: [
        periodRow('booked', S.booked, [now[0]!, before[0]!], bothLinks({})),
        ...COUNTED.map(([status, label], i) =>
          periodRow(status, label, [now[i + 1]!, before[i + 1]!], bothLinks({ status })),
        ),
      ],
    },
    {
      key: 'by-type',
      title: S.byType,
      unit: 'count',
      chart: 'bar',
      columns: PERIOD_COLUMNS,
      rows: [...typeRows, totalRow(typeRows, bothLinks({}))],
    },
    {
      key: 'by-advocate',
      title: S.byAdvocate,
      unit: 'count',
      chart: 'bar',
      columns: PERIOD_COLUMNS,
      rows: advocateRows,
    },
    {
      key: 'slots',
      title: S.slots,
      unit: 'percent',
      chart: 'bar',
      columns: PERIOD_COLUMNS,
      rows: [
        periodRow('share', S.share, [share(taken[0]!, offered[0]!), share(taken[1]!, offered[1]!)]),
      ],
      note: S.slotsNote(taken[0]!, offered[0]!),
    },
    {
      key: 'unconfirmed',
      title: S.unconfirmed,
      unit: 'count',
      chart: 'bar',
      columns: PERIOD_COLUMNS,
      rows: [
        periodRow(
          'unconfirmed',
          S.unconfirmedRow,
          [now[COUNTED.length + 1]!, before[COUNTED.length + 1]!],
          bothLinks({ cancelledBy: 'system' }),
        ),
      ],
    },
  ];
}
