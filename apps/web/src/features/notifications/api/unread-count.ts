import type { UnreadCount } from '@firm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { UNREAD_COUNT_KEY } from './keys';

/** GET /api/notifications/unread-count */
export const getUnreadCount = (signal?: AbortSignal) =>
  api.get<UnreadCount>('/notifications/unread-count', signal);

export const unreadCountOptions = () =>
  queryOptions({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: ({ signal }) => getUnreadCount(signal),
    select: (data) => data.count,
  });

/** The badge's number; the live stream keeps it current. */
export const useUnreadCount = () => useQuery(unreadCountOptions());
