import { NOTIFICATIONS_PAGE_SIZE, type Notification, type NotificationList } from '@firm/shared';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTIFICATION_LIST_KEY } from './keys';

/**
 * GET /api/notifications?before=&limit=. Pages by key (`before`: the previous page's
 * `nextBefore`), not by offset: the stream adds new notifications on top and removals drop rows
 * locally, which would shift an offset and repeat or skip a row on the next page.
 */
export const getNotifications = (before: number | null, signal?: AbortSignal) =>
  api.get<NotificationList>(
    `/notifications?limit=${NOTIFICATIONS_PAGE_SIZE}${before === null ? '' : `&before=${before}`}`,
    signal,
  );

export const notificationListOptions = () =>
  infiniteQueryOptions({
    queryKey: NOTIFICATION_LIST_KEY,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

/**
 * The pages as one list, each notification once: a row can reach two pages (the stream put it on
 * top while a refetch of the pages was under way), and the panel lists it once.
 */
export function uniqueNotifications(
  data: InfiniteData<NotificationList, unknown> | undefined,
): Notification[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) =>
    page.notifications.filter((each) => {
      if (seen.has(each.id)) return false;
      seen.add(each.id);
      return true;
    }),
  );
}

/** The panel's list, loaded when it opens and page by page as it scrolls. */
export const useNotifications = (enabled: boolean) =>
  useInfiniteQuery({ ...notificationListOptions(), enabled });
