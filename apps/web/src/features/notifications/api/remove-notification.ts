import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editNotifications, setUnreadCount } from './cache';
import { notificationsApi } from './notifications-api';

/** DELETE /api/notifications/{id} */
export const removeNotification = (id: string) =>
  notificationsApi.removeNotification({ params: { id } });

export function useRemoveNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeNotification,
    onSuccess: (result, id) => {
      editNotifications(queryClient, (items) => items.filter((item) => item.id !== id));
      setUnreadCount(queryClient, result.unreadCount);
    },
  });
}
