import { formatLongDay, nairobiToday, type CourtDateList } from '@firm/shared';
import { useCourtDates } from '../api/court-dates';
import { CourtDateLine } from './agenda';

/**
 * A client's court dates beside their appointments (ADR 025): their own open cases'
 * court dates from today, read-only; the case itself is one link away.
 */
export function UpcomingCourtDates() {
  const query = useCourtDates({ from: nairobiToday() }, { enabled: true });
  if (query.isPending || query.isError) return null;
  return <CourtDatesSection courtDates={query.data.courtDates} />;
}

/**
 * The section itself, drawn from court dates the caller already holds. The Appointments screen
 * passes its own query's data, so the section and the list below it appear in the same render: a
 * second query here would hand over its data a render later (each screen query is deferred), and
 * the list, already drawn, would jump down the screen (a layout shift of a third of the screen).
 */
export function CourtDatesSection({ courtDates }: { courtDates: CourtDateList['courtDates'] }) {
  if (courtDates.length === 0) return null;
  return (
    <section aria-labelledby="court-dates-title" className="space-y-3">
      <h2 id="court-dates-title" className="text-xl font-semibold text-slate-900">
        Your court dates
      </h2>
      <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {courtDates.map((court) => (
          <li key={court.caseId} className="p-3">
            <p className="mb-1 text-xs font-semibold tracking-wide text-brand-800 uppercase">
              {formatLongDay(court.date)}
            </p>
            <CourtDateLine court={court} showClient={false} />
          </li>
        ))}
      </ol>
    </section>
  );
}
