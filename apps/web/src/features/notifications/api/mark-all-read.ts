import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editNotifications, setUnreadCount } from './cache';
import { notificationsApi } from './notifications-api';

/** PUT /api/notifications/read-all */
export const markAllNotificationsRead = () => notificationsApi.markAllNotificationsRead({});

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (result) => {
      const now = new Date().toISOString();
      editNotifications(queryClient, (items) =>
        items.map((item) => (item.read ? item : { ...item, read: true, readAt: now })),
      );
      setUnreadCount(queryClient, result.unreadCount);
    },
  });
}
