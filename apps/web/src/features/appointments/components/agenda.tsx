import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_SCREEN_FAILURES,
  addDays,
  can,
  dayOfWeek,
  formatNairobiDay,
  nairobiDateTime,
  nairobiToday,
  type Appointment,
  type DiaryCourtDate,
  type PublicUser,
  isAdvocateAccount,
} from '@firm/shared';
import { ChevronLeft, ChevronRight, Gavel } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListResults } from '../../../components/list/list-states';
import { Button } from '../../../components/ui/button';
import { useCourtDates } from '../api/court-dates';
import { useAppointments } from '../api/list-appointments';
import { StatusBadge, whereOf } from './appointment-card';

type Span = 'day' | 'week';

type DiaryEntry =
  | { kind: 'appointment'; at: string; date: string; appointment: Appointment }
  | { kind: 'court'; at: string; date: string; court: DiaryCourtDate };

/** Appointments and court dates in one day's or week's order. */
export function diaryEntries(
  appointments: readonly Appointment[],
  courtDates: readonly DiaryCourtDate[],
): DiaryEntry[] {
  return [
    ...appointments.map((appointment) => ({
      kind: 'appointment' as const,
      at: appointment.startsAt,
      date: appointment.date,
      appointment,
    })),
    ...courtDates.map((court) => ({
      kind: 'court' as const,
      at: court.courtDate,
      date: court.date,
      court,
    })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** A court date in the diary: read-only, with the court and the case (ADR 025). */
export function CourtDateLine({
  court,
  showClient,
}: {
  court: DiaryCourtDate;
  showClient: boolean;
}) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
      <span className="w-24 font-semibold text-slate-900 tabular-nums">{court.time}</span>
      <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
        <Gavel aria-hidden="true" className="size-3.5" />
        Court date
      </span>
      <Link
        to={`/cases/${court.caseId}`}
        className="font-medium text-brand-900 underline underline-offset-2"
      >
        {court.caseNumber}: {court.caseTitle}
      </Link>
      <span className="text-slate-600">
        {court.court ?? APPOINTMENT_MESSAGES.courtNotRecorded}
        {court.courtCaseNumber ? ` · ${court.courtCaseNumber}` : ''}
        {showClient && court.clientName ? ` · ${court.clientName}` : ''}
      </span>
    </div>
  );
}

/**
 * Staff's diary: one day or one week (Monday to Saturday) of live and past appointments, in
 * Nairobi time. An advocate sees their own diary; other staff the whole firm's.
 */
export function Agenda({ user }: { user: PublicUser }) {
  const [span, setSpan] = useState<Span>('day');
  const [day, setDay] = useState(nairobiToday());
  const from = span === 'day' ? day : addDays(day, -((dayOfWeek(day) + 6) % 7));
  const to = span === 'day' ? day : addDays(from, 6);
  const query = useAppointments({
    from,
    to,
    limit: 100,
    sort: 'asc',
    ...(isAdvocateAccount(user) ? { advocateId: user.id } : {}),
  });
  // Court dates of open cases, for staff who open case files; an advocate's diary has their own.
  const courtDates = useCourtDates(
    { from, to, ...(isAdvocateAccount(user) ? { assigneeId: user.id } : {}) },
    { enabled: can(user, 'cases:view') },
  );
  const courtList = courtDates.data?.courtDates ?? [];
  const step = span === 'day' ? 1 : 7;

  return (
    <section aria-labelledby="agenda-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="agenda-title" className="text-xl font-semibold text-slate-900">
          {isAdvocateAccount(user) ? 'My Diary' : 'Firm Diary'}
        </h2>
        <div role="group" aria-label="Diary span" className="flex gap-1">
          {(['day', 'week'] as const).map((each) => (
            <Button
              key={each}
              size="sm"
              variant={span === each ? 'primary' : 'secondary'}
              aria-pressed={span === each}
              onClick={() => setSpan(each)}
            >
              {each === 'day' ? 'Day' : 'Week'}
            </Button>
          ))}
        </div>
      </div>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="quiet"
          size="icon"
          aria-label={`Previous ${span}`}
          onClick={() => setDay(addDays(day, -step))}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <p aria-live="polite" className="text-center text-sm font-medium text-slate-800">
          {span === 'day'
            ? formatNairobiDay(day)
            : `${formatNairobiDay(from)} – ${formatNairobiDay(to)}`}
        </p>
        <Button
          variant="quiet"
          size="icon"
          aria-label={`Next ${span}`}
          onClick={() => setDay(addDays(day, step))}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <ListResults
        query={query}
        loadingLabel={APPOINTMENT_MESSAGES.diaryLoading}
        failedText={APPOINTMENT_SCREEN_FAILURES.listLoadFailed}
        isEmpty={(data) => data.appointments.length === 0 && courtList.length === 0}
        empty={{
          title:
            span === 'day'
              ? APPOINTMENT_SCREEN_FAILURES.diaryEmptyDay
              : APPOINTMENT_SCREEN_FAILURES.diaryEmptyWeek,
        }}
      >
        {(data) => {
          const entries = diaryEntries(data.appointments, courtList);
          return (
            <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {entries.map((entry, index) => {
                const isNewDay = index === 0 || entries[index - 1]!.date !== entry.date;
                return (
                  <li
                    key={
                      entry.kind === 'court' ? `court-${entry.court.caseId}` : entry.appointment.id
                    }
                    className="p-3"
                  >
                    {span === 'week' && isNewDay ? (
                      <p className="mb-1 text-xs font-semibold tracking-wide text-brand-800 uppercase">
                        {formatNairobiDay(entry.date)}
                      </p>
                    ) : null}
                    {entry.kind === 'court' ? (
                      <CourtDateLine court={entry.court} showClient />
                    ) : (
                      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
                        <span className="w-24 font-semibold text-slate-900 tabular-nums">
                          {entry.appointment.time}–
                          {nairobiDateTime(new Date(entry.appointment.endsAt)).time}
                        </span>
                        <span className="font-medium text-slate-900">
                          {entry.appointment.title}
                        </span>
                        <StatusBadge status={entry.appointment.status} />
                        <span className="text-slate-600">
                          {entry.appointment.client} · {whereOf(entry.appointment)}
                          {!isAdvocateAccount(user) ? ` · ${entry.appointment.advocateName}` : ''}
                        </span>
                      </div>
                    )}
                  </li>
                );
              })}
            </ol>
          );
        }}
      </ListResults>
    </section>
  );
}
