import { NOTIFICATIONS_PAGE_SIZE, type NotificationList } from '@firm/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTIFICATION_LIST_KEY } from './keys';

/** GET /api/notifications?page=&limit= */
export const getNotifications = (page: number, signal?: AbortSignal) =>
  api.get<NotificationList>(`/notifications?page=${page}&limit=${NOTIFICATIONS_PAGE_SIZE}`, signal);

export const notificationListOptions = () =>
  infiniteQueryOptions({
    queryKey: NOTIFICATION_LIST_KEY,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined,
  });

/** The panel's list, loaded when it opens and page by page as it scrolls. */
export const useNotifications = (enabled: boolean) =>
  useInfiniteQuery({ ...notificationListOptions(), enabled });
