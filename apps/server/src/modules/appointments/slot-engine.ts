import {
  APPOINTMENT_MESSAGES as M,
  addDays,
  bookableStartTimes,
  daysOfMonth,
  isClosedDay,
  nairobiInstant,
  nairobiToday,
  slotProblem,
  typeTerms,
  type AppointmentType,
  type Availability,
  type BookingCalendar,
  type FirmSettings,
  type SlotProblem,
} from '@firm/shared';
import { AppError } from '../../lib/app-error';
import { isKenyanPublicHoliday } from '../../lib/kenyan-holidays';
import { bookableAdvocates } from '../users/user-lookups.repository';
import { nowOf, settingsOf, type AppointmentDeps } from './appointment-deps';
import { diaryOfDay, type BusyRange, type CourtBlock } from './advocate-diary.repository';

/**
 * The slot engine: which start times the firm's hours allow on a day, and which of them some
 * advocate still has free (ADR 015; expired visitor holds never block: ADR 022).
 */

const SLOT_MESSAGES: Record<SlotProblem, string> = {
  closed_day: M.closedDay,
  not_a_slot: M.notASlot,
  past: M.past,
  too_soon: M.tooSoon,
  after_hours: M.afterHours,
};

/** Refuses (400) a start the firm's hours do not allow: a closed day, an odd time, too soon. */
export function checkSlot(
  date: string,
  time: string,
  durationMinutes: number,
  now: Date,
  settings: FirmSettings,
): void {
  const problem = slotProblem({
    date,
    time,
    durationMinutes,
    now,
    isHoliday: isKenyanPublicHoliday,
    bookingTimes: settings.bookingTimes,
  });
  if (problem) {
    const field = problem === 'closed_day' ? 'date' : 'time';
    throw AppError.badRequest(
      SLOT_MESSAGES[problem],
      { [field]: SLOT_MESSAGES[problem] },
      'SLOT_UNAVAILABLE',
    );
  }
}

/** The Nairobi day [00:00, 24:00) of `date` as instants. */
export const dayBounds = (date: string) =>
  [nairobiInstant(date, '00:00'), nairobiInstant(addDays(date, 1), '00:00')] as const;

/** A booking of `durationMinutes` from `date` `time` (Nairobi) as instants. */
export function slotRange(date: string, time: string, durationMinutes: number) {
  const startsAt = nairobiInstant(date, time);
  return { startsAt, endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000) };
}

const overlaps = (range: BusyRange, start: number, end: number) =>
  range.startsAt.getTime() < end && range.endsAt.getTime() > start;

/** Each advocate's busy ranges, by advocate. */
function busyByAdvocate(busy: BusyRange[]): Map<string, BusyRange[]> {
  const byAdvocate = new Map<string, BusyRange[]>();
  for (const range of busy) {
    byAdvocate.set(range.advocateId, [...(byAdvocate.get(range.advocateId) ?? []), range]);
  }
  return byAdvocate;
}

/**
 * Of the start times `allowed` on `date`, those at which at least one of `advocateIds` has nothing
 * overlapping a booking of `durationMinutes`.
 */
function unblockedTimes(
  date: string,
  allowed: readonly string[],
  durationMinutes: number,
  advocateIds: readonly string[],
  byAdvocate: Map<string, BusyRange[]>,
): string[] {
  return allowed.filter((time) => {
    const start = nairobiInstant(date, time).getTime();
    const end = start + durationMinutes * 60_000;
    return advocateIds.some(
      (id) => !(byAdvocate.get(id) ?? []).some((range) => overlaps(range, start, end)),
    );
  });
}

/**
 * What an advocate's court date takes out of their diary (ADR 025): the firm's travel time before
 * the hearing, and the hearing (a court appearance's duration) plus the travel after it.
 */
export function courtBlock(settings: FirmSettings): CourtBlock {
  return {
    beforeMinutes: settings.courtTravelMinutes,
    afterMinutes:
      typeTerms(settings.appointmentTypes, 'court_appearance').durationMinutes +
      settings.courtTravelMinutes,
  };
}

/**
 * The free start times of `date` for a booking of `durationMinutes`: those the rules allow at which
 * at least one bookable advocate (or the one asked for) has nothing overlapping.
 */
export async function freeTimes(
  deps: AppointmentDeps,
  date: string,
  durationMinutes: number,
  options: { advocateId?: string | undefined; excludeId?: string | undefined } = {},
  settings?: FirmSettings,
): Promise<string[]> {
  const firm = settings ?? (await settingsOf(deps));
  const allowed = bookableStartTimes({
    date,
    durationMinutes,
    now: nowOf(deps),
    isHoliday: isKenyanPublicHoliday,
    bookingTimes: firm.bookingTimes,
  });
  if (allowed.length === 0) return [];
  const [from, to] = dayBounds(date);
  const { advocateIds, busy } = await diaryOfDay(deps.db, from, to, {
    ...options,
    now: nowOf(deps),
    court: courtBlock(firm),
  });
  return unblockedTimes(date, allowed, durationMinutes, advocateIds, busyByAdvocate(busy));
}

/** GET /appointments/availability: the free start times of a day. */
export async function availability(
  deps: AppointmentDeps,
  query: {
    date: string;
    type: AppointmentType;
    advocateId?: string | undefined;
    excludeId?: string | undefined;
  },
): Promise<Availability> {
  const settings = await settingsOf(deps);
  const closed = isClosedDay(query.date, isKenyanPublicHoliday, settings.bookingTimes);
  const times = closed
    ? []
    : await freeTimes(
        deps,
        query.date,
        typeTerms(settings.appointmentTypes, query.type).durationMinutes,
        { advocateId: query.advocateId, excludeId: query.excludeId },
        settings,
      );
  return { date: query.date, closed, times };
}

/**
 * GET /appointments/calendar: a month at a glance for the type (and advocate) chosen (ADR 015):
 * the days that take no bookings (Sundays, days the firm settings leave without
 * start times, holidays), the open days from today on without a free start time, and whether any
 * advocate takes bookings at all. The month's diary is read in one query (the days from today to
 * the month's end, expired visitor holds left out as in availability: ADR 022), then each day is
 * worked out as `availability` would; the answer names days only, never who is booked.
 */
export async function bookingCalendar(
  deps: AppointmentDeps,
  query: {
    month: string;
    type: AppointmentType;
    advocateId?: string | undefined;
    excludeId?: string | undefined;
  },
): Promise<BookingCalendar> {
  const settings = await settingsOf(deps);
  const { bookingTimes } = settings;
  const now = nowOf(deps);
  const today = nairobiToday(now);
  const days = daysOfMonth(query.month);
  const closedDays = days.filter((day) => isClosedDay(day, isKenyanPublicHoliday, bookingTimes));
  const durationMinutes = typeTerms(settings.appointmentTypes, query.type).durationMinutes;
  const openDays = days.filter((day) => day >= today && !closedDays.includes(day));
  // Every bookable advocate is read, whichever is asked for: "is booking open" is the firm's.
  const { advocateIds, busy } = openDays.length
    ? await diaryOfDay(deps.db, dayBounds(openDays[0]!)[0], dayBounds(openDays.at(-1)!)[1], {
        excludeId: query.excludeId,
        now,
        court: courtBlock(settings),
      })
    : { advocateIds: (await bookableAdvocates(deps.db)).map((each) => each.id), busy: [] };
  const asked = query.advocateId
    ? advocateIds.filter((id) => id === query.advocateId)
    : advocateIds;
  const byAdvocate = busyByAdvocate(busy);
  const fullDays = openDays.filter((day) => {
    const allowed = bookableStartTimes({
      date: day,
      durationMinutes,
      now,
      isHoliday: isKenyanPublicHoliday,
      bookingTimes,
    });
    return unblockedTimes(day, allowed, durationMinutes, asked, byAdvocate).length === 0;
  });
  return {
    month: query.month,
    today,
    bookingOpen: advocateIds.length > 0,
    closedDays,
    fullDays,
  };
}
