import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useScreenQuery } from '../../../lib/screen-query';
import { etimsApi } from './etims-api';

const ETIMS_KEY = ['settings', 'etims'] as const;

/** GET /api/settings/etims: configured or not, the device initialised when, the last error. */
export function useEtimsSettings() {
  return useScreenQuery({
    queryKey: [...ETIMS_KEY, 'settings'],
    queryFn: ({ signal }) => etimsApi.getSettings({}, signal),
  });
}

/** GET /api/settings/etims/transmissions: what KRA refused or did not answer for 48 hours. */
export function useEtimsProblems() {
  return useScreenQuery({
    queryKey: [...ETIMS_KEY, 'problems'],
    queryFn: ({ signal }) => etimsApi.listProblems({}, signal),
  });
}

/** POST /api/settings/etims/initialise: the device set up again now. */
export function useInitialiseEtims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => etimsApi.initialise({}),
    onSuccess: (settings) => queryClient.setQueryData([...ETIMS_KEY, 'settings'], settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ETIMS_KEY }),
  });
}

/** POST /api/fee-notes/{id}/etims/retry: sent again; the list then looks again. */
export function useRetryEtims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feeNoteId: string) => etimsApi.retry({ params: { id: feeNoteId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ETIMS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['billing'] }),
      ]),
  });
}
