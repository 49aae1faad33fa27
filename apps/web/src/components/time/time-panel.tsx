import { TIME_SCREEN_TEXTS as T, formatKsh, type TimeEntry } from '@firm/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ListResults } from '../list/list-states';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { errorText } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { useCaseTimeEntries, useTimer, useTimerAction } from './time-requests';
import { AddTimeDialog } from './add-time-dialog';
import { clockOf, useElapsed } from './timer-clock';

const BILLING_TONE = { unbilled: 'amber', drafted: 'blue', billed: 'green' } as const;

/**
 * The case's timer controls (docs/product-rules.md#time-and-expenses): the person's one timer is
 * kept on the server, so this shows it wherever it was started; on another case it says where.
 */
function TimerControls({ caseId }: { caseId: string }) {
  const query = useTimer();
  const act = useTimerAction();
  const timer = query.data?.timer ?? null;
  const elapsed = useElapsed(timer, query.dataUpdatedAt);

  const run = async (
    body: Parameters<typeof act.mutateAsync>[0],
    done?: (minutes?: number) => string,
  ) => {
    try {
      const answer = await act.mutateAsync(body);
      if (done) toast.success(done(answer.entry?.minutes));
    } catch (error) {
      toast.error(errorText(error, T.timerFailed));
    }
  };

  if (query.isPending) return null;
  if (timer && timer.caseId !== caseId) {
    return <p className="text-sm text-slate-700">{T.timerOnOtherCase(timer.caseNumber)}</p>;
  }
  if (!timer) {
    return (
      <Button
        size="sm"
        variant="secondary"
        disabled={act.isPending}
        onClick={() => void run({ action: 'start', caseId }, () => T.timerStarted)}
      >
        {T.startTimer}
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="text-sm font-medium text-slate-800" role="status">
        {timer.paused ? T.timerPaused(clockOf(elapsed)) : T.timerRunning(clockOf(elapsed))}
      </p>
      <Button
        size="sm"
        variant="secondary"
        disabled={act.isPending}
        onClick={() => void run({ action: timer.paused ? 'resume' : 'pause' })}
      >
        {timer.paused ? T.resumeTimer : T.pauseTimer}
      </Button>
      <Button
        size="sm"
        disabled={act.isPending}
        onClick={() =>
          void run({ action: 'stop', billable: true }, (minutes) => T.timerFiled(minutes ?? 0))
        }
      >
        {T.stopTimer}
      </Button>
    </div>
  );
}

function EntryRow({ entry }: { entry: TimeEntry }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 py-2 last:border-b-0">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">
          {formatDate(entry.date)} · {T.entryLine(entry.minutes, entry.activity)}
        </p>
        <p className="text-sm break-words whitespace-pre-line text-slate-700">{entry.narrative}</p>
        <p className="text-xs text-slate-500">{entry.userName}</p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <span className="text-sm font-semibold text-slate-900">{formatKsh(entry.valueKsh)}</span>
        {entry.billable ? (
          <Badge tone={BILLING_TONE[entry.billing]}>{T.billingLabels[entry.billing]}</Badge>
        ) : (
          <Badge>{T.notBillable}</Badge>
        )}
      </div>
    </li>
  );
}

/** "Time" on a case page: the time recorded on it, Add time, and the timer. */
export function TimePanel({ caseId, caseNumber }: { caseId: string; caseNumber: string }) {
  const query = useCaseTimeEntries(caseId);
  const [adding, setAdding] = useState(false);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => setAdding(true)}>
          {T.addTime}
        </Button>
        <TimerControls caseId={caseId} />
      </div>
      <ListResults
        query={query}
        loadingLabel={T.loading}
        failedText={T.loadFailed}
        isEmpty={(answer) => answer.entries.length === 0}
        empty={{ title: T.empty }}
        compact
      >
        {(answer) => (
          <ul aria-label={T.caption}>
            {answer.entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </ListResults>
      {adding ? (
        <AddTimeDialog caseId={caseId} caseNumber={caseNumber} onClose={() => setAdding(false)} />
      ) : null}
    </div>
  );
}
