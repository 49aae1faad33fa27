import {
  HEADER_TIMER_TEXTS as H,
  TIME_SCREEN_TEXTS as T,
  TIME_TEXTS,
  type Timer,
} from '@firm/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Timer as TimerIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { Button } from '../ui/button';
import { errorText } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { useDismiss } from '../../lib/use-dismiss';
import { wantToaster } from '../../lib/toasts';
import { FileTimerDialog } from './file-timer-dialog';
import { clockOf, useElapsed } from './timer-clock';
import { useDiscardTimer, useTimer, useTimerAction } from './time-requests';

/** The header sits outside the portal's cache: its own, per person, as the bell's. */
function useOwnQueryClient(): QueryClient {
  const { user } = useSession();
  const owner = user?.id ?? null;
  const [cache, setCache] = useState(() => ({ owner, client: createQueryClient() }));
  if (cache.owner !== owner) {
    const next = { owner, client: createQueryClient() };
    setCache(next);
    return next.client;
  }
  return cache.client;
}

function TimerPanel({
  timer,
  clock,
  id,
  onFile,
  onClose,
}: {
  timer: Timer;
  clock: string;
  id: string;
  onFile: () => void;
  onClose: () => void;
}) {
  const act = useTimerAction();
  const discard = useDiscardTimer();
  const busy = act.isPending || discard.isPending;
  const headingId = useId();
  const failed = (error: unknown) => void toast.error(errorText(error, T.timerFailed));
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="fixed inset-x-2 top-16 z-40 rounded-lg border border-slate-200 bg-white p-4 shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-80"
    >
      <h2 id={headingId} className="text-sm font-semibold text-slate-900">
        {H.panelTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {H.onCase(timer.caseNumber)} ·{' '}
        <span className="font-mono tabular-nums">
          {timer.paused ? T.timerPaused(clock) : T.timerRunning(clock)}
        </span>
      </p>
      <Link
        to={`/cases/${timer.caseId}`}
        onClick={onClose}
        className="mt-1 inline-block text-sm font-medium text-brand-800 underline hover:text-brand-900"
      >
        {H.openCase}
      </Link>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() =>
            act.mutate({ action: timer.paused ? 'resume' : 'pause' }, { onError: failed })
          }
        >
          {timer.paused ? H.resume : H.pause}
        </Button>
        <Button size="sm" disabled={busy} onClick={onFile}>
          {H.stop}
        </Button>
        <Button
          size="sm"
          variant="quietDanger"
          disabled={busy}
          onClick={() => {
            if (!window.confirm(H.confirmDiscard)) return;
            discard.mutate(undefined, {
              onSuccess: () => {
                toast.success(TIME_TEXTS.timerDiscarded);
                onClose();
              },
              onError: failed,
            });
          }}
        >
          {H.discard}
        </Button>
      </div>
    </section>
  );
}

/**
 * The staff header's timer (docs/product-rules.md#time-and-expenses, ADR 050): the person's one
 * timer, kept on the server, on every page: its case and time, and a panel to pause, resume,
 * stop and file it, or throw it away. Nothing shows while no timer runs: a timer is started on
 * the case one is on, from its Time section.
 */
function HeaderTimerButton() {
  const query = useTimer();
  const timer = query.data?.timer ?? null;
  const elapsed = useElapsed(timer, query.dataUpdatedAt);
  const [isOpen, setIsOpen] = useState(false);
  const [filing, setFiling] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useDismiss(isOpen, () => setIsOpen(false), { container: containerRef, button: buttonRef });
  if (!timer) return null;
  const clock = clockOf(elapsed);
  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={
          timer.paused
            ? H.buttonPaused(timer.caseNumber, clock)
            : H.buttonRunning(timer.caseNumber, clock)
        }
        onClick={() => setIsOpen((open) => !open)}
        className={`inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium ${
          timer.paused
            ? 'bg-slate-100 text-slate-700 hover:bg-slate-200'
            : 'bg-brand-50 text-brand-800 hover:bg-brand-100'
        }`}
      >
        <TimerIcon aria-hidden="true" className="size-4 shrink-0" />
        <span aria-hidden="true" className="font-mono tabular-nums">
          {clock}
        </span>
      </button>
      {isOpen ? (
        <TimerPanel
          timer={timer}
          clock={clock}
          id={panelId}
          onClose={() => setIsOpen(false)}
          onFile={() => {
            setIsOpen(false);
            setFiling(true);
          }}
        />
      ) : null}
      {filing ? (
        <FileTimerDialog timer={timer} clock={clock} onClose={() => setFiling(false)} />
      ) : null}
    </div>
  );
}

export function HeaderTimer() {
  const queryClient = useOwnQueryClient();
  useEffect(() => wantToaster(), []);
  useEffect(() => () => queryClient.clear(), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <HeaderTimerButton />
    </QueryClientProvider>
  );
}
