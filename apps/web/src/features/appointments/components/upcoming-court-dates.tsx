import { nairobiToday } from '@firm/shared';
import { useCourtDates } from '../api/court-dates';
import { CourtDateLine } from './agenda';
import { formatLongDay } from './slot-picker';

/**
 * A client's court dates beside their appointments (ADR 025): their own open cases'
 * court dates from today, read-only; the case itself is one link away.
 */
export function UpcomingCourtDates() {
  const query = useCourtDates({ from: nairobiToday() }, { enabled: true });
  const courtDates = query.data?.courtDates ?? [];
  if (query.isPending || query.isError || courtDates.length === 0) return null;
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
