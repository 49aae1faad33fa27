import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { editNotifications, setUnreadCount } from './cache';

/** PUT /api/notifications/read-all */
export const markAllNotificationsRead = () =>
  api.put<{ success: true; updated: number; unreadCount: number }>('/notifications/read-all');

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
