import type { Notification, NotificationList, UnreadCount } from '@firm/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { NOTIFICATION_LIST_KEY, UNREAD_COUNT_KEY } from './keys';

/** Edits of the cached list and count, shared by the mutations and the live stream. */

type Pages = InfiniteData<NotificationList, number | null>;

export function setUnreadCount(queryClient: QueryClient, count: number) {
  queryClient.setQueryData<UnreadCount>(UNREAD_COUNT_KEY, { success: true, count });
}

export function editNotifications(
  queryClient: QueryClient,
  edit: (items: Notification[]) => Notification[],
) {
  queryClient.setQueryData<Pages>(NOTIFICATION_LIST_KEY, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => {
            const notifications = edit(page.notifications);
            return { ...page, notifications, count: notifications.length };
          }),
        }
      : data,
  );
}

/** A notification the stream sent: on top of the first page, unless already listed. */
export function addNotification(queryClient: QueryClient, notification: Notification) {
  queryClient.setQueryData<Pages>(NOTIFICATION_LIST_KEY, (data) => {
    if (!data) return data;
    const isListed = data.pages.some((page) =>
      page.notifications.some((each) => each.id === notification.id),
    );
    if (isListed) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return {
      ...data,
      pages: [
        {
          ...first,
          total: first.total + 1,
          notifications: [notification, ...first.notifications],
        },
        ...rest,
      ],
    };
  });
}
