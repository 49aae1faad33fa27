import type { AuditLogQuery, UpdateDataRequestInput } from '@firm/shared';
import { SETTINGS_ENDPOINTS } from '@firm/shared/settings/endpoints';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestPath } from '@firm/shared/common/endpoints';
import { downloadFile } from '../../../lib/file-transfer';
import { useScreenQuery } from '../../../lib/screen-query';
import { settingsApi } from './settings-api';

export type AuditFilters = Pick<
  AuditLogQuery,
  'person' | 'target' | 'action' | 'from' | 'to' | 'page'
>;

/** The log's filters as the request sends them: the first page is the API's default, left out. */
const auditQuery = ({ page, ...filters }: AuditFilters): AuditFilters =>
  page === 1 ? filters : { ...filters, page };

/** GET /api/settings/audit-log */
export function useAuditLog(filters: AuditFilters) {
  return useScreenQuery({
    queryKey: ['settings', 'audit-log', filters],
    queryFn: ({ signal }) => settingsApi.listAuditLog({ query: auditQuery(filters) }, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/settings/audit-log/csv: the whole filtered log, saved as today's CSV file. */
export function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const { page: _page, ...query } = filters;
  return downloadFile(
    requestPath(SETTINGS_ENDPOINTS.downloadAuditLogCsv, { query }),
    `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
  );
}

const REQUESTS_KEY = ['settings', 'data-requests'] as const;

/** GET /api/settings/data-requests */
export function useDataRequests() {
  return useScreenQuery({
    queryKey: REQUESTS_KEY,
    queryFn: ({ signal }) => settingsApi.listDataRequests({}, signal),
  });
}

/** PUT /api/settings/data-requests/:id */
export function useAnswerDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateDataRequestInput & { id: string }) =>
      settingsApi.answerDataRequest({ params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REQUESTS_KEY }),
  });
}

/** GET /api/settings/super-key */
export function useSuperKeyStatus() {
  return useScreenQuery({
    queryKey: ['settings', 'super-key'],
    queryFn: ({ signal }) => settingsApi.superKeyStatus({}, signal),
  });
}

/** POST /api/settings/super-key/rotate */
export function useRotateSuperKey() {
  return useMutation({
    mutationFn: () => settingsApi.rotateSuperKey({}),
  });
}
