import {
  BACKUP_MESSAGES,
  BACKUP_TEXTS as T,
  backupHourText,
  backupSizeText,
  backupWhenInWords,
  type BackupRun,
  type BackupsAnswer,
} from '@firm/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { ListResults } from '../../../components/list/list-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { errorText } from '../../../lib/api-client';
import { useBackups, useSaveBackupHour, useStartBackup } from '../api/backups';

const RESULT_TONE = { running: 'amber', succeeded: 'green', failed: 'red' } as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** One fact of the card: a term and what it is. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function LastBackup({ run, now }: { run: BackupRun | null; now: Date }) {
  if (!run?.finishedAt || run.sizeBytes === null) return <>{T.noneYet}</>;
  return (
    <>
      <Badge tone="green">{T.result.succeeded}</Badge>{' '}
      <time dateTime={run.finishedAt}>
        {T.lastLine(backupWhenInWords(run.finishedAt, now), backupSizeText(run.sizeBytes))}
      </time>
    </>
  );
}

/** The nightly hour, changed in place (audited on the server). */
function HourForm({ hour }: { hour: number }) {
  const save = useSaveBackupHour();
  const [chosen, setChosen] = useState(hour);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({ hour: chosen });
      toast.success(T.hourSaved(chosen));
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-3">
      <div className="w-full sm:w-64">
        <SelectField
          label={T.hourLabel}
          value={chosen}
          onChange={(event) => setChosen(Number(event.target.value))}
        >
          {HOURS.map((each) => (
            <option key={each} value={each}>
              {backupHourText(each)}
            </option>
          ))}
        </SelectField>
      </div>
      <Button
        type="submit"
        variant="secondary"
        isLoading={save.isPending}
        disabled={chosen === hour}
      >
        {T.saveHour}
      </Button>
    </form>
  );
}

function RecentRuns({ runs, now }: { runs: BackupRun[]; now: Date }) {
  if (runs.length === 0) return <p className="text-sm text-slate-600">{T.noRecent}</p>;
  return (
    <ul
      className="divide-y divide-slate-200 rounded-md border border-slate-200"
      aria-label={T.recent}
    >
      {runs.map((run) => (
        <li key={run.id} className="space-y-1 p-3 text-sm">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Badge tone={RESULT_TONE[run.status]}>{T.result[run.status]}</Badge>
            <time dateTime={run.startedAt} className="text-slate-900">
              {backupWhenInWords(run.startedAt, now)}
            </time>
            {run.sizeBytes !== null ? (
              <span className="text-slate-600">{backupSizeText(run.sizeBytes)}</span>
            ) : null}
            <span className="text-slate-600">{T.startedBy(run.startedBy, run.trigger)}</span>
          </div>
          {run.error ? <p className="break-words text-red-800">{run.error}</p> : null}
        </li>
      ))}
    </ul>
  );
}

function Backups({ answer }: { answer: BackupsAnswer }) {
  const start = useStartBackup();
  const [refusal, setRefusal] = useState<string | null>(null);
  const now = new Date();
  const running = answer.running;
  const backUpNow = async () => {
    setRefusal(null);
    try {
      const started = await start.mutateAsync();
      toast.success(started.message);
    } catch (error) {
      setRefusal(errorText(error));
    }
  };
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700">{T.intro}</p>
      {answer.passphraseSet ? null : (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{T.passphraseMissingTitle}</p>
          <p className="mt-1">{BACKUP_MESSAGES.noPassphrase}</p>
        </div>
      )}
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact term={T.lastBackup}>
          <LastBackup run={answer.lastSucceeded} now={now} />
        </Fact>
        <Fact term={T.nextScheduled}>
          <time dateTime={answer.schedule.nextAt}>
            {T.nextLine(backupWhenInWords(answer.schedule.nextAt, now))}
          </time>
        </Fact>
        <Fact term={T.where}>
          <code className="rounded bg-slate-100 px-1 py-0.5 break-all">{answer.directory}</code>
          <span className="mt-1 block text-slate-700">{T.copyOff}</span>
          <span className="mt-1 block text-slate-600">{T.keeps}</span>
        </Fact>
      </dl>
      <div className="space-y-2" aria-live="polite">
        <Button
          onClick={() => void backUpNow()}
          isLoading={start.isPending || Boolean(running)}
          loadingText={T.backingUp}
          disabled={!answer.passphraseSet}
        >
          {T.backUpNow}
        </Button>
        {running ? (
          <p className="text-sm text-slate-700">
            {T.running(backupWhenInWords(running.startedAt, now))}
            {running.progress
              ? ` ${T.progress(running.progress.step, running.progress.done, running.progress.total)}`
              : null}
          </p>
        ) : null}
        <FormAlert message={refusal} />
      </div>
      <HourForm key={answer.schedule.hour} hour={answer.schedule.hour} />
      <section className="space-y-2">
        <h3 className="text-base font-semibold text-slate-900">{T.recent}</h3>
        <RecentRuns runs={answer.runs} now={now} />
      </section>
    </div>
  );
}

/** System Settings → Backups (ADR 039): the last good one, the next, where, and Back up now. */
export function BackupsPanel() {
  const query = useBackups();
  return (
    <ListResults query={query} loadingLabel={T.loading} failedText={T.loadFailed}>
      {(answer) => <Backups answer={answer} />}
    </ListResults>
  );
}
