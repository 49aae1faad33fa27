import { queryOptions, useQuery } from '@tanstack/react-query';
import { UNREAD_COUNT_KEY } from './keys';
import { notificationsApi } from './notifications-api';

/** GET /api/notifications/unread-count */
export const getUnreadCount = (signal?: AbortSignal) => notificationsApi.unreadCount({}, signal);

export const unreadCountOptions = () =>
  queryOptions({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: ({ signal }) => getUnreadCount(signal),
    select: (data) => data.count,
  });

/** The badge's number; the live stream keeps it current. */
export const useUnreadCount = () => useQuery(unreadCountOptions());
