import type { BackupScheduleInput } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useScreenQuery } from '../../../lib/screen-query';
import { backupsApi } from './backups-api';

const BACKUPS_KEY = ['settings', 'backups'] as const;
/** While a backup runs, the screen follows it (its progress, then its result). */
const FOLLOW_MS = 2000;

/** GET /api/settings/backups */
export function useBackups() {
  return useScreenQuery({
    queryKey: BACKUPS_KEY,
    queryFn: ({ signal }) => backupsApi.getBackups({}, signal),
    refetchInterval: (query) => (query.state.data?.running ? FOLLOW_MS : false),
  });
}

/** POST /api/settings/backups: 202 once the run is claimed; the list then follows it. */
export function useStartBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => backupsApi.startBackup({}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BACKUPS_KEY }),
  });
}

/** PUT /api/settings/backups/schedule */
export function useSaveBackupHour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BackupScheduleInput) => backupsApi.setBackupHour({ body: input }),
    onSuccess: (answer) => queryClient.setQueryData(BACKUPS_KEY, answer),
  });
}
