import type {
  AuditLogPage,
  AuditLogQuery,
  DataRequest,
  SuperKeyRotated,
  SuperKeyStatus,
  UpdateDataRequestInput,
} from '@firm/shared';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useScreenQuery } from '../../../lib/screen-query';

export type AuditFilters = Pick<
  AuditLogQuery,
  'person' | 'target' | 'action' | 'from' | 'to' | 'page'
>;

export function auditQueryString(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '' && !(name === 'page' && value === 1)) {
      params.set(name, String(value));
    }
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** GET /api/settings/audit-log */
export function useAuditLog(filters: AuditFilters) {
  return useScreenQuery({
    queryKey: ['settings', 'audit-log', filters],
    queryFn: ({ signal }) =>
      api.get<AuditLogPage>(`/settings/audit-log${auditQueryString(filters)}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/settings/audit-log/csv: the CSV text of the whole filtered log. */
export function fetchAuditCsv(filters: AuditFilters): Promise<string> {
  const { page: _page, ...rest } = filters;
  return api.get<string>(`/settings/audit-log/csv${auditQueryString(rest)}`);
}

const REQUESTS_KEY = ['settings', 'data-requests'] as const;

/** GET /api/settings/data-requests */
export function useDataRequests() {
  return useScreenQuery({
    queryKey: REQUESTS_KEY,
    queryFn: ({ signal }) =>
      api.get<{ requests: DataRequest[] }>('/settings/data-requests', signal),
  });
}

/** PUT /api/settings/data-requests/:id */
export function useAnswerDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateDataRequestInput & { id: string }) =>
      api.put<{ message: string; request: DataRequest }>(
        `/settings/data-requests/${encodeURIComponent(id)}`,
        input,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REQUESTS_KEY }),
  });
}

/** GET /api/settings/super-key */
export function useSuperKeyStatus() {
  return useScreenQuery({
    queryKey: ['settings', 'super-key'],
    queryFn: ({ signal }) => api.get<SuperKeyStatus>('/settings/super-key', signal),
  });
}

/** POST /api/settings/super-key/rotate */
export function useRotateSuperKey() {
  return useMutation({
    mutationFn: () => api.post<SuperKeyRotated>('/settings/super-key/rotate'),
  });
}
