import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { editNotifications, setUnreadCount } from './cache';

/** DELETE /api/notifications/{id} */
export const removeNotification = (id: string) =>
  api.delete<{ success: true; unreadCount: number }>(`/notifications/${id}`);

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
