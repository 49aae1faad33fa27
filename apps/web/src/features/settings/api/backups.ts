import type { BackupScheduleInput, BackupStarted, BackupsAnswer } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useScreenQuery } from '../../../lib/screen-query';

const BACKUPS_KEY = ['settings', 'backups'] as const;
/** While a backup runs, the screen follows it (its progress, then its result). */
const FOLLOW_MS = 2000;

/** GET /api/settings/backups */
export function useBackups() {
  return useScreenQuery({
    queryKey: BACKUPS_KEY,
    queryFn: ({ signal }) => api.get<BackupsAnswer>('/settings/backups', signal),
    refetchInterval: (query) => (query.state.data?.running ? FOLLOW_MS : false),
  });
}

/** POST /api/settings/backups: 202 once the run is claimed; the list then follows it. */
export function useStartBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<BackupStarted>('/settings/backups'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BACKUPS_KEY }),
  });
}

/** PUT /api/settings/backups/schedule */
export function useSaveBackupHour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BackupScheduleInput) =>
      api.put<BackupsAnswer>('/settings/backups/schedule', input),
    onSuccess: (answer) => queryClient.setQueryData(BACKUPS_KEY, answer),
  });
}
