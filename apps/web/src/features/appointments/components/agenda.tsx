import {
  addDays,
  dayOfWeek,
  formatNairobiDay,
  nairobiDateTime,
  nairobiToday,
  type PublicUser,
} from '@firm/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { ListResults } from '../../../components/list/list-states';
import { Button } from '../../../components/ui/button';
import { useAppointments } from '../api/list-appointments';
import { StatusBadge, whereOf } from './appointment-card';

type Span = 'day' | 'week';

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
    ...(user.role === 'advocate' ? { advocateId: user.id } : {}),
  });
  const step = span === 'day' ? 1 : 7;

  return (
    <section aria-labelledby="agenda-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="agenda-title" className="text-xl font-semibold text-slate-900">
          {user.role === 'advocate' ? 'My Diary' : 'Firm Diary'}
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
        loadingLabel="Loading the diary"
        failedText="Failed to fetch appointments"
        isEmpty={(data) => data.appointments.length === 0}
        empty={{
          title:
            span === 'day' ? 'Nothing in the diary that day' : 'Nothing in the diary that week',
        }}
      >
        {(data) => (
          <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {data.appointments.map((appointment, index) => {
              const isNewDay =
                index === 0 || data.appointments[index - 1]!.date !== appointment.date;
              return (
                <li key={appointment.id} className="p-3">
                  {span === 'week' && isNewDay ? (
                    <p className="mb-1 text-xs font-semibold tracking-wide text-brand-800 uppercase">
                      {formatNairobiDay(appointment.date)}
                    </p>
                  ) : null}
                  <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
                    <span className="w-24 font-semibold text-slate-900 tabular-nums">
                      {appointment.time}–{nairobiDateTime(new Date(appointment.endsAt)).time}
                    </span>
                    <span className="font-medium text-slate-900">{appointment.title}</span>
                    <StatusBadge status={appointment.status} />
                    <span className="text-slate-600">
                      {appointment.client} · {whereOf(appointment)}
                      {user.role !== 'advocate' ? ` · ${appointment.advocateName}` : ''}
                    </span>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </ListResults>
    </section>
  );
}
