import type { TimeEntryInput, TimerActionValues } from '@firm/shared';
import type { TimeContract } from '@firm/shared/time/contract';
import { TIME_ENDPOINTS } from '@firm/shared/time/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endpointClient } from '../../lib/endpoint-client';
import { emitLiveEvent, onLiveEvent } from '../../lib/live-events';

/**
 * Time's requests (ADR 050), from its contract (packages/shared/src/time): the case page shows
 * the Time section, so they live here beside its panel, as client money's do.
 */
export const timeApi = endpointClient<TimeContract>(TIME_ENDPOINTS);

export const TIME_KEY = ['time'] as const;
const entriesKey = (caseId: string) => [...TIME_KEY, 'entries', caseId] as const;
const TIMER_KEY = [...TIME_KEY, 'timer'] as const;

/** GET /api/time-entries?caseId=: the case's time the caller may see. */
export function useCaseTimeEntries(caseId: string) {
  return useQuery({
    queryKey: entriesKey(caseId),
    queryFn: ({ signal }) => timeApi.listTimeEntries({ query: { caseId } }, signal),
  });
}

/** GET /api/time-activities: the firm's list, in its order. */
export function useTimeActivities(enabled = true) {
  return useQuery({
    queryKey: [...TIME_KEY, 'activities'],
    queryFn: ({ signal }) => timeApi.listActivities({}, signal),
    select: (answer) => answer.activities,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/**
 * GET /api/timer: the caller's timer, kept on the server, asked again when the tab comes back
 * (a reload, another tab or a phone that slept sees the same timer).
 */
export function useTimer(enabled = true) {
  const queryClient = useQueryClient();
  // The header's timer and a case's Time section keep separate caches: each tells the other.
  useEffect(
    () =>
      onLiveEvent('timer', ({ timer, filedCaseId }) => {
        queryClient.setQueryData(TIMER_KEY, { timer });
        if (!filedCaseId) return;
        void queryClient.invalidateQueries({ queryKey: entriesKey(filedCaseId) });
        void queryClient.invalidateQueries({ queryKey: [...TIME_KEY, 'unbilled'] });
      }),
    [queryClient],
  );
  return useQuery({
    enabled,
    queryKey: TIMER_KEY,
    queryFn: ({ signal }) => timeApi.getTimer({}, signal),
    refetchOnWindowFocus: true,
  });
}

export function useRecordTime(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TimeEntryInput) => timeApi.createTimeEntry({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entriesKey(caseId) }),
  });
}

export function useTimerAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TimerActionValues) => timeApi.actOnTimer({ body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(TIMER_KEY, { timer: answer.timer });
      emitLiveEvent('timer', { timer: answer.timer, filedCaseId: answer.entry?.caseId });
    },
  });
}

/** DELETE /api/timer: the timer thrown away, nothing filed. */
export function useDiscardTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => timeApi.discardTimer({}),
    onSuccess: () => {
      queryClient.setQueryData(TIMER_KEY, { timer: null });
      emitLiveEvent('timer', { timer: null });
    },
  });
}
