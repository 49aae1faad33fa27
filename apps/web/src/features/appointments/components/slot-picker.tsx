import {
  APPOINTMENT_SCREEN_FAILURES,
  APPOINTMENT_MESSAGES as M,
  BOOKING_HORIZON_DAYS,
  addDays,
  dayOfWeek,
  daysOfMonth,
  formatLongDay,
  formatMonthTitle,
  nairobiToday,
  type AppointmentType,
} from '@firm/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ListError, ListResults } from '../../../components/list/list-states';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { firm } from '../../../content/firm';
import { errorText } from '../../../lib/api-client';
import { useAvailability, useBookingCalendar } from '../api/availability';

export interface Slot {
  date: string;
  time: string;
}

const WEEKDAY_HEADINGS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const shiftMonth = (month: string, by: number) => {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  const moved = new Date(Date.UTC(year, monthIndex - 1 + by, 1));
  return moved.toISOString().slice(0, 7);
};

/**
 * While no advocate takes bookings (a fresh install), the booking form says so and offers the
 * phone and the contact form instead of a calendar that never offers a time (ADR 015).
 * Staff are told what is missing instead.
 */
export function BookingNotOpen({ forStaff = false }: { forStaff?: boolean }) {
  if (forStaff) {
    return (
      <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        {M.bookingNotOpenStaff}
      </p>
    );
  }
  return (
    <p role="status" className="rounded-md bg-brand-50 p-4 text-sm text-slate-800">
      {M.bookingNotOpen} {M.bookingNotOpenCall}{' '}
      <a
        href={`tel:${firm.phone.replace(/\s/g, '')}`}
        className="font-semibold whitespace-nowrap text-brand-800 underline"
      >
        {firm.phone}
      </a>{' '}
      or{' '}
      <Link to="/contact" className="font-semibold text-brand-800 underline">
        {M.bookingNotOpenWrite}
      </Link>
      .
    </p>
  );
}

/**
 * The date and time of a booking: a month calendar whose earliest day is today (Nairobi), with
 * Sundays, public holidays and days without a free time for the type greyed out (the server says
 * which, for the whole month in one request), then the chosen day's free start times only.
 */
export function SlotPicker({
  type,
  value,
  onChange,
  advocateId,
  excludeId,
  dateError,
  timeError,
  forStaff = false,
}: {
  type: AppointmentType;
  value: Partial<Slot>;
  onChange: (slot: Partial<Slot>) => void;
  advocateId?: string | undefined;
  excludeId?: string | undefined;
  dateError?: string | undefined;
  timeError?: string | undefined;
  /** Staff are told what is missing when no advocate takes bookings, not to call the firm. */
  forStaff?: boolean;
}) {
  const today = nairobiToday();
  const lastDay = addDays(today, BOOKING_HORIZON_DAYS);
  const [month, setMonth] = useState((value.date ?? today).slice(0, 7));
  const calendar = useBookingCalendar({ month, type, advocateId, excludeId });
  const closed = new Set(calendar.data?.closedDays ?? []);
  const full = new Set(calendar.data?.fullDays ?? []);
  const availability = useAvailability(
    value.date ? { date: value.date, type, advocateId, excludeId } : null,
  );
  const headingId = useId();
  const timesId = useId();

  const days = daysOfMonth(month);
  // Monday-first grid: blanks before the 1st.
  const leading = (dayOfWeek(days[0]!) + 6) % 7;
  const isSelectable = (day: string) =>
    day >= today && day <= lastDay && !closed.has(day) && !full.has(day) && calendar.isSuccess;
  // What a screen reader says besides the date: why a day cannot be chosen.
  const dayNote = (day: string) =>
    closed.has(day)
      ? `, ${M.dayClosed}`
      : full.has(day)
        ? `, ${day === today ? M.dayNoTimesLeft : M.dayFullyBooked}`
        : '';

  if (calendar.data?.bookingOpen === false) return <BookingNotOpen forStaff={forStaff} />;

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">
          Date{' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </legend>
        <div className="mt-2 rounded-lg border border-slate-200 p-3">
          <div className="flex items-center justify-between">
            <Button
              variant="quiet"
              size="icon"
              aria-label="Previous month"
              disabled={month <= today.slice(0, 7)}
              onClick={() => setMonth(shiftMonth(month, -1))}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </Button>
            <h3 id={headingId} aria-live="polite" className="text-sm font-semibold text-slate-900">
              {formatMonthTitle(month)}
            </h3>
            <Button
              variant="quiet"
              size="icon"
              aria-label="Next month"
              disabled={month >= lastDay.slice(0, 7)}
              onClick={() => setMonth(shiftMonth(month, 1))}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </Button>
          </div>
          <div
            role="group"
            aria-labelledby={headingId}
            className="mt-2 grid grid-cols-7 gap-1 text-center text-sm"
          >
            {WEEKDAY_HEADINGS.map((name) => (
              <span
                key={name}
                aria-hidden="true"
                className="py-1 text-xs font-medium text-slate-500"
              >
                {name}
              </span>
            ))}
            {Array.from({ length: leading }, (_, i) => (
              <span key={`blank-${i}`} aria-hidden="true" />
            ))}
            {days.map((day) => {
              const isSelected = value.date === day;
              const selectable = isSelectable(day);
              return (
                <button
                  key={day}
                  type="button"
                  aria-label={`${formatLongDay(day)}${dayNote(day)}`}
                  aria-pressed={isSelected}
                  disabled={!selectable}
                  onClick={() => onChange({ date: day })}
                  className={`min-h-10 rounded-md py-2 font-medium ${
                    isSelected
                      ? 'bg-brand-700 text-white'
                      : selectable
                        ? 'text-slate-900 hover:bg-brand-50'
                        : 'cursor-not-allowed text-slate-300 line-through decoration-slate-300'
                  } ${day === today && !isSelected ? 'ring-1 ring-brand-600' : ''}`}
                >
                  {Number(day.slice(8))}
                </button>
              );
            })}
          </div>
          {calendar.isPending ? <Spinner label={M.calendarLoading} /> : null}
          {calendar.isError ? (
            <ListError
              message={errorText(calendar.error, APPOINTMENT_SCREEN_FAILURES.calendarLoadFailed)}
              onRetry={() => void calendar.refetch()}
              compact
            />
          ) : null}
          <p className="mt-2 text-xs text-slate-600">{M.calendarLegend}</p>
        </div>
        {dateError ? <p className="mt-1 text-sm text-red-700">{dateError}</p> : null}
      </fieldset>

      <fieldset aria-describedby={timeError ? timesId : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          Time{' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </legend>
        {!value.date ? (
          <p className="mt-1 text-sm text-slate-600">
            {APPOINTMENT_SCREEN_FAILURES.chooseDateFirst}
          </p>
        ) : (
          <ListResults
            query={availability}
            loadingLabel={M.timesLoading}
            failedText={APPOINTMENT_SCREEN_FAILURES.timesLoadFailed}
            isEmpty={(data) => data.times.length === 0}
            empty={{ title: APPOINTMENT_SCREEN_FAILURES.noFreeTimes(formatLongDay(value.date)) }}
            compact
          >
            {(data) => (
              <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
                {data.times.map((time) => (
                  <label
                    key={time}
                    className={`relative cursor-pointer rounded-md border px-2 py-2 text-center text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
                      value.time === time
                        ? 'border-brand-700 bg-brand-700 text-white'
                        : 'border-slate-300 text-slate-800 hover:bg-brand-50'
                    }`}
                  >
                    <input
                      type="radio"
                      name={`${timesId}-time`}
                      value={time}
                      checked={value.time === time}
                      onChange={() => onChange({ date: value.date, time })}
                      // Transparent over the whole chip: the tap target is the chip itself.
                      className="absolute inset-0 cursor-pointer opacity-0"
                    />
                    {time}
                  </label>
                ))}
              </div>
            )}
          </ListResults>
        )}
        {timeError ? (
          <p id={timesId} className="mt-1 text-sm text-red-700">
            {timeError}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}

export const SLOT_TAKEN_HINT = `${M.slotTaken}. Please choose another time.`;
