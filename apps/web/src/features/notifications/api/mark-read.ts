import type { Notification } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { editNotifications, setUnreadCount } from './cache';

/** PUT /api/notifications/{id}/read */
export const markNotificationRead = (id: string) =>
  api.put<{ success: true; notification: Notification; unreadCount: number }>(
    `/notifications/${id}/read`,
  );

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
