import {
  MESSAGES,
  CASE_LIMITS,
  CASE_MESSAGES,
  CASE_PRIORITIES,
  allowedStatusMoves,
  type CaseDetail,
  type CasePriority,
  type CaseStatus,
  type PublicUser,
  type UpdateCaseInput,
  CASE_SCREEN_FAILURES,
} from '@firm/shared';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { inputClass } from '../../../components/ui/text-field';
import { ApiError, errorText } from '../../../lib/api-client';
import { isDateValue } from '../../../lib/typed-date';
import { useUpdateCase } from '../api/change-case';
import { useCasePeople } from '../api/create-case';
import { useCase } from '../api/get-case';
import { capitalised, isoToNairobiInput, nairobiInputToIso, statusText } from './case-format';

const labelClass = 'text-sm font-medium text-slate-800';

/**
 * Staff change status, priority, assignee and court date here. Only the allowed status moves are
 * offered; the change carries the version it was read at, and someone else's change in between is
 * explained with a way to reload.
 */
export function CaseControls({ item, actor }: { item: CaseDetail; actor: PublicUser }) {
  const update = useUpdateCase(item.id);
  const people = useCasePeople('');
  const refetch = useCase(item.id).refetch;
  const [status, setStatus] = useState<CaseStatus>(item.status);
  const [priority, setPriority] = useState<CasePriority>(item.priority);
  const [assignee, setAssignee] = useState(item.assignedTo ?? '');
  const [courtDate, setCourtDate] = useState(isoToNairobiInput(item.courtDate));
  const [hearing, setHearing] = useState('');
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  // The server's question about a court date on a weekend or holiday (ADR 025), until answered.
  const [unusualDay, setUnusualDay] = useState<string | null>(null);
  // Focused as the question appears: it may open below the fold of the dialog.
  const saveAnywayRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (unusualDay) saveAnywayRef.current?.focus();
  }, [unusualDay]);

  const moves = allowedStatusMoves(item.status, actor.role);
  const changes: UpdateCaseInput = { version: item.version };
  if (status !== item.status) changes.status = status;
  if (priority !== item.priority) changes.priority = priority;
  if (assignee !== (item.assignedTo ?? '')) changes.assignedTo = assignee || null;
  // A court date typed only in part is not sent: the field says what it needs instead.
  const courtDateReady = courtDate === '' || isDateValue(courtDate, 'datetime');
  if (courtDateReady && courtDate !== isoToNairobiInput(item.courtDate))
    changes.courtDate = nairobiInputToIso(courtDate);
  if (hearing.trim()) changes.courtHearing = hearing.trim();
  const hasChanges = Object.keys(changes).length > 1;

  const save = async (courtDateConfirmed = false) => {
    setProblem(null);
    setUnusualDay(null);
    try {
      const body = await update.mutateAsync(
        courtDateConfirmed ? { ...changes, courtDateConfirmed } : changes,
      );
      setHearing('');
      toast.success(body.message);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'COURT_DAY_UNUSUAL') {
        setUnusualDay(error.message);
        return;
      }
      const message = errorText(error, CASE_SCREEN_FAILURES.updateFailed);
      setProblem({
        message,
        stale: error instanceof ApiError && error.code === 'VERSION_CONFLICT',
      });
      toast.error(message);
    }
  };

  const reload = async () => {
    const { data } = await refetch();
    if (data) {
      setStatus(data.status);
      setPriority(data.priority);
      setAssignee(data.assignedTo ?? '');
      setCourtDate(isoToNairobiInput(data.courtDate));
    }
    setProblem(null);
  };

  return (
    <div className="space-y-3">
      {problem ? (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          <p>{problem.message}</p>
          {problem.stale ? (
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void reload()}>
              Reload case
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="case-status" className={labelClass}>
            Status
          </label>
          <select
            id="case-status"
            value={status}
            onChange={(event) => setStatus(event.target.value as CaseStatus)}
            className={`${inputClass(false)} mt-1 capitalize`}
          >
            {[item.status, ...moves].map((value) => (
              <option key={value} value={value}>
                {statusText(value)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="case-priority" className={labelClass}>
            Priority
          </label>
          <select
            id="case-priority"
            value={priority}
            onChange={(event) => setPriority(event.target.value as CasePriority)}
            className={`${inputClass(false)} mt-1`}
          >
            {CASE_PRIORITIES.map((value) => (
              <option key={value} value={value}>
                {capitalised(value)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="case-assignee" className={labelClass}>
            Assigned to
          </label>
          <select
            id="case-assignee"
            value={assignee}
            onChange={(event) => setAssignee(event.target.value)}
            className={`${inputClass(false)} mt-1`}
          >
            <option value="">{CASE_MESSAGES.notAssigned}</option>
            {item.assignedTo && !people.data?.assignees.some((p) => p.id === item.assignedTo) ? (
              <option value={item.assignedTo}>{item.assigneeName}</option>
            ) : null}
            {people.data?.assignees.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <DateField
          kind="datetime"
          label="Court date (Nairobi time)"
          value={courtDate}
          onChange={(value) => {
            setCourtDate(value);
            setUnusualDay(null);
          }}
        />
        <div className="sm:col-span-2">
          <label htmlFor="case-hearing" className={labelClass}>
            Record a hearing (optional)
          </label>
          <input
            id="case-hearing"
            value={hearing}
            maxLength={CASE_LIMITS.courtMax}
            placeholder="Mention: directions given"
            aria-describedby="case-hearing-hint"
            onChange={(event) => setHearing(event.target.value)}
            className={`${inputClass(false)} mt-1`}
          />
          <p id="case-hearing-hint" className="mt-1 text-xs text-slate-600">
            What happened in court; it is added to the case timeline.
          </p>
        </div>
      </div>
      {unusualDay ? (
        <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <p>{unusualDay}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              size="sm"
              ref={saveAnywayRef}
              onClick={() => void save(true)}
              isLoading={update.isPending}
            >
              {CASE_MESSAGES.courtDaySaveAnyway}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setUnusualDay(null);
                document.getElementById('case-court-date')?.focus();
              }}
            >
              {CASE_MESSAGES.courtDayChangeDate}
            </Button>
          </div>
        </div>
      ) : null}
      <Button
        onClick={() => void save()}
        disabled={!hasChanges}
        isLoading={update.isPending}
        loadingText={MESSAGES.saving}
      >
        Save changes
      </Button>
    </div>
  );
}
