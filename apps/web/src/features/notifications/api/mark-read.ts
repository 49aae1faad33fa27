import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editNotifications, setUnreadCount } from './cache';
import { notificationsApi } from './notifications-api';

/** PUT /api/notifications/{id}/read */
export const markNotificationRead = (id: string) =>
  notificationsApi.markNotificationRead({ params: { id } });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (result) => {
      editNotifications(queryClient, (items) =>
        items.map((item) => (item.id === result.notification.id ? result.notification : item)),
      );
      setUnreadCount(queryClient, result.unreadCount);
    },
  });
}
