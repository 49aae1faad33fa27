import { NOTIFICATIONS_PAGE_SIZE, type Notification, type NotificationList } from '@firm/shared';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { NOTIFICATION_LIST_KEY } from './keys';
import { notificationsApi } from './notifications-api';

/**
 * GET /api/notifications?before=&limit=. Pages by key (`before`: the previous page's
 * `nextBefore`), not by offset: the stream adds new notifications on top and removals drop rows
 * locally, which would shift an offset and repeat or skip a row on the next page.
 */
export const getNotifications = (before: number | null, signal?: AbortSignal) =>
  notificationsApi.listNotifications({ query: { limit: NOTIFICATIONS_PAGE_SIZE, before } }, signal);

export const notificationListOptions = () =>
  infiniteQueryOptions({
    queryKey: NOTIFICATION_LIST_KEY,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

/**
 * The pages as one list. Each row is on one page: a page holds only rows older than the one
 * before it (the cursor), and the stream adds a new row on top only when it is not listed yet.
 */
export const listedNotifications = (
  data: InfiniteData<NotificationList, unknown> | undefined,
): Notification[] => data?.pages.flatMap((page) => page.notifications) ?? [];

/** The panel's list, loaded when it opens and page by page as it scrolls. */
export const useNotifications = (enabled: boolean) =>
  useInfiniteQuery({ ...notificationListOptions(), enabled });
