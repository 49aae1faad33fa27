import { isCalendarDay } from '../common/calendar-days';
import { NAIROBI_OFFSET } from '../common/nairobi-clock';
import { groupThousands } from '../common/numbers';
import {
  MAIN_OFFICE_HOURS,
  SATURDAY_START_TIMES,
  WEEKDAY_START_TIMES,
} from '../common/office-hours';

/**
 * Appointments' business rules (docs/product-rules.md), shared by the server, which
 * enforces them, and the booking screen, which offers only what the server will accept. Pure
 * functions: "now" and "is this a public holiday" are passed in (the holiday library stays on the
 * server; the screen asks the API which days are closed).
 */

export const APPOINTMENT_TYPES = [
  'preliminary_call',
  'consultation',
  'follow_up',
  'court_appearance',
] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

/**
 * The types whose fee and duration the firm settings set (System Settings). The free preliminary
 * call is not among them: it is advertised as free and 15 minutes, so
 * its terms are fixed here and no setting can put a fee on it (ADR 015).
 */
export const PRICED_APPOINTMENT_TYPES = ['consultation', 'follow_up', 'court_appearance'] as const;
export type PricedAppointmentType = (typeof PRICED_APPOINTMENT_TYPES)[number];
export const isPricedType = (type: AppointmentType): type is PricedAppointmentType =>
  type !== 'preliminary_call';

/** Each type's label and defaults, in whole Kenyan shillings (staff may override per appointment). */
export const APPOINTMENT_TYPE_DEFAULTS: Record<
  AppointmentType,
  { label: string; durationMinutes: number; feeKsh: number; bookableByClients: boolean }
> = {
  preliminary_call: {
    label: 'Free preliminary call',
    durationMinutes: 15,
    feeKsh: 0,
    bookableByClients: true,
  },
  consultation: {
    label: 'Consultation',
    durationMinutes: 30,
    feeKsh: 5000,
    bookableByClients: true,
  },
  follow_up: { label: 'Follow-up', durationMinutes: 45, feeKsh: 3000, bookableByClients: true },
  court_appearance: {
    label: 'Court Appearance',
    durationMinutes: 120,
    feeKsh: 8000,
    bookableByClients: false,
  },
};

/** Types a visitor or a client may book; court appearances are entered by staff. */
export const CLIENT_BOOKABLE_TYPES = APPOINTMENT_TYPES.filter(
  (type) => APPOINTMENT_TYPE_DEFAULTS[type].bookableByClients,
);

/** Whether a value (a link's `?book=`) names a type a visitor or a client may book. */
export const isClientBookableType = (value: string | null): value is AppointmentType =>
  (CLIENT_BOOKABLE_TYPES as readonly string[]).includes(value ?? '');

/**
 * A type's duration and fee: the firm settings' for a priced type, the fixed terms for the free
 * call (whatever the stored settings hold).
 */
export function typeTerms(
  settings: Record<PricedAppointmentType, { feeKsh: number; durationMinutes: number }>,
  type: AppointmentType,
): { feeKsh: number; durationMinutes: number } {
  if (!isPricedType(type)) {
    const fixed = APPOINTMENT_TYPE_DEFAULTS[type];
    return { feeKsh: fixed.feeKsh, durationMinutes: fixed.durationMinutes };
  }
  return settings[type];
}

/** Where a type may take place: the free preliminary call is by phone only. */
export const locationsOf = (type: AppointmentType): readonly AppointmentLocation[] =>
  type === 'preliminary_call' ? ['phone'] : APPOINTMENT_LOCATIONS;

export const APPOINTMENT_STATUSES = ['scheduled', 'confirmed', 'completed', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * A visitor's booking holds its slot for this long, awaiting the visitor's confirmation from the
 * emailed link; unconfirmed, its time is released (ADR 022).
 */
export const VISITOR_HOLD_MINUTES = 30;
/** Open (live, still to come) visitor bookings one email, or one phone number, may have at once. */
export const VISITOR_OPEN_BOOKINGS_MAX = 3;
/** The firm settings' default ceiling of unconfirmed visitor bookings a day (Nairobi day). */
export const VISITOR_DAILY_CEILING_DEFAULT = 20;
export const VISITOR_DAILY_CEILING_MAX = 500;

/**
 * Who cancelled an appointment (ADR 015): the person booked (a client, or a visitor from
 * their link), the firm (staff), or the system (a visitor's hold that ran out, ADR 022).
 */
export const CANCELLED_BY = ['client', 'firm', 'system'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** Appointments that still hold their advocate's time. */
export const LIVE_APPOINTMENT_STATUSES = ['scheduled', 'confirmed'] as const;

export const PAYMENT_STATUSES = ['pending', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** How money reaches the firm: for fee notes and appointments' fees alike (ADR 035). */
export const PAYMENT_METHODS = ['cash', 'bank', 'cheque', 'mpesa'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  bank: 'Bank transfer',
  cheque: 'Cheque',
  mpesa: 'M-Pesa',
};

/** Where the meeting happens: at one of the firm's offices, by phone, or by video call. */
export const APPOINTMENT_LOCATIONS = ['office', 'phone', 'video'] as const;

/** A video call's meeting link: an https address, nothing else (ADR 015). */
export const MEETING_LINK_PATTERN = /^https:\/\/[^\s]+$/;
export const MEETING_LINK_MAX = 500;
/** True for an empty value (no link) or an https address; the screens check as the server does. */
export const isMeetingLink = (value: string): boolean =>
  value.trim() === '' || MEETING_LINK_PATTERN.test(value.trim());
export type AppointmentLocation = (typeof APPOINTMENT_LOCATIONS)[number];
export const APPOINTMENT_LOCATION_LABELS: Record<AppointmentLocation, string> = {
  office: 'At our office',
  phone: 'Phone call',
  video: 'Video call',
};

// The start times (docs/product-rules.md#validation) live beside the office hours they fit in
// (common/office-hours.ts).
export type StartTime = string;

/** The days that may take bookings (Monday to Saturday; the office is closed on Sunday). */
export const BOOKING_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type BookingDay = (typeof BOOKING_DAYS)[number];
export const BOOKING_DAY_LABELS: Record<BookingDay, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};
/**
 * The start times each day offers (firm settings); a day with none takes no bookings.
 * Held by the firm settings; these are the defaults until an advocate changes them.
 */
export type BookingTimes = Record<BookingDay, readonly string[]>;
export const DEFAULT_BOOKING_TIMES: BookingTimes = {
  mon: WEEKDAY_START_TIMES,
  tue: WEEKDAY_START_TIMES,
  wed: WEEKDAY_START_TIMES,
  thu: WEEKDAY_START_TIMES,
  fri: WEEKDAY_START_TIMES,
  sat: SATURDAY_START_TIMES,
};

/** Nobody books a slot that starts sooner than this. */
export const BOOKING_LEAD_MINUTES = 120;
/** How far ahead the calendar offers days. */
export const BOOKING_HORIZON_DAYS = 90;
export const DURATION_MIN_MINUTES = 15;
export const DURATION_MAX_MINUTES = 8 * 60;
export const FEE_MAX_KSH = 10_000_000;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether `date` is a real calendar day written YYYY-MM-DD. */
export const isCalendarDate = isCalendarDay;

export const isClockTime = (time: string) => TIME_PATTERN.test(time);

/** The instant of `time` on `date`, both on a Nairobi clock. */
export function nairobiInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00${NAIROBI_OFFSET}`);
}

/**
 * Nairobi calendar days `from`–`to` (inclusive, either may be left out) as instants: `[from, to)`,
 * what a list's date-range filter compares a timestamp with.
 */
export function nairobiDays(from: string, to: string): { from: Date; to: Date };
export function nairobiDays(from?: string, to?: string): { from?: Date; to?: Date };
export function nairobiDays(from?: string, to?: string): { from?: Date; to?: Date } {
  return {
    from: from ? nairobiInstant(from, '00:00') : undefined,
    to: to ? nairobiInstant(addDays(to, 1), '00:00') : undefined,
  };
}

/** Day of the week of a calendar date (0 = Sunday). */
export function dayOfWeek(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T12:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** The days of a month `YYYY-MM`. */
export function daysOfMonth(month: string): string[] {
  const first = `${month}-01`;
  const days: string[] = [];
  for (let day = first; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The start times a day offers before any rule about now or the diary: none on Sunday, else the
 * firm's settings for that weekday (sorted).
 */
export function startTimesOf(
  date: string,
  bookingTimes: BookingTimes = DEFAULT_BOOKING_TIMES,
): readonly StartTime[] {
  const day = dayOfWeek(date);
  if (day === 0) return [];
  return [...bookingTimes[BOOKING_DAYS[day - 1]!]].sort();
}

/** Minutes after midnight of an `HH:MM` time. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Why a start cannot be booked; null when it can. */
export type SlotProblem = 'closed_day' | 'not_a_slot' | 'past' | 'too_soon' | 'after_hours';

export interface SlotQuestion {
  date: string;
  time: string;
  durationMinutes: number;
  now: Date;
  isHoliday: (date: string) => boolean;
  /** The firm's start times per weekday; the defaults when left out. */
  bookingTimes?: BookingTimes | undefined;
}

/**
 * The rules a booking's time must meet, in order: an open day (not Sunday, not a Kenyan public
 * holiday), one of that day's start times, not past, at least BOOKING_LEAD_MINUTES ahead, and over
 * before the office closes.
 */
export function slotProblem({
  date,
  time,
  durationMinutes,
  now,
  isHoliday,
  bookingTimes,
}: SlotQuestion): SlotProblem | null {
  const starts = startTimesOf(date, bookingTimes);
  if (starts.length === 0 || isHoliday(date)) return 'closed_day';
  if (!starts.includes(time)) return 'not_a_slot';
  const startsAt = nairobiInstant(date, time).getTime();
  if (startsAt <= now.getTime()) return 'past';
  if (startsAt - now.getTime() < BOOKING_LEAD_MINUTES * 60_000) return 'too_soon';
  const hours = MAIN_OFFICE_HOURS[dayOfWeek(date)];
  if (!hours || minutesOf(time) + durationMinutes > hours.closesAt) return 'after_hours';
  return null;
}

/** The start times of `date` that the rules allow (the diary is checked separately). */
export function bookableStartTimes(question: Omit<SlotQuestion, 'time'>): StartTime[] {
  return startTimesOf(question.date, question.bookingTimes).filter(
    (time) => slotProblem({ ...question, time }) === null,
  );
}

/** Whether a day offers no appointments at all (Sunday, a day the firm closed, a public holiday). */
export const isClosedDay = (
  date: string,
  isHoliday: (date: string) => boolean,
  bookingTimes: BookingTimes = DEFAULT_BOOKING_TIMES,
) => startTimesOf(date, bookingTimes).length === 0 || isHoliday(date);

/** `KSh 5,000` (docs/product-rules.md#limits). */
export const formatKsh = (amount: number): string => `KSh ${groupThousands(amount)}`;

/** Status changes staff may make; cancelling has its own endpoint and needs a reason. */
export const STATUS_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  scheduled: ['confirmed', 'cancelled'],
  confirmed: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export const canMoveTo = (from: AppointmentStatus, to: AppointmentStatus) =>
  from === to || STATUS_TRANSITIONS[from].includes(to);

/**
 * The human reference of an appointment (APT-3F9A2C1D), as on screens, emails, calendars, and
 * (letters and digits only) as the account number an M-Pesa payment of its fee quotes.
 */
export const appointmentReference = (id: string) => `APT-${id.slice(0, 8).toUpperCase()}`;
