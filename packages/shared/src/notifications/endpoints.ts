import { defineEndpoints } from '../common/endpoints';

/**
 * A person's own notifications (ADR 017) and which emails and texts they receive: where each
 * endpoint is; shapes in contract.ts.
 */
export const NOTIFICATIONS_ENDPOINTS = defineEndpoints({
  listNotifications: { method: 'GET', path: '/notifications' },
  unreadCount: { method: 'GET', path: '/notifications/unread-count' },
  notificationStream: { method: 'GET', path: '/notifications/stream' },
  markAllNotificationsRead: { method: 'PUT', path: '/notifications/read-all' },
  markNotificationRead: { method: 'PUT', path: '/notifications/:id/read' },
  removeNotification: { method: 'DELETE', path: '/notifications/:id' },
  getEmailPreferences: { method: 'GET', path: '/profile/notification-preferences' },
  setEmailPreferences: { method: 'PUT', path: '/profile/notification-preferences' },
  getSmsPreferences: { method: 'GET', path: '/profile/sms-preferences' },
  setSmsPreferences: { method: 'PUT', path: '/profile/sms-preferences' },
});
