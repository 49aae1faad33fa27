import { defineContract } from '../common/contract';
import { NOTIFICATIONS_ENDPOINTS } from './endpoints';
import {
  emailPreferencesResponseSchema,
  listNotificationsQuerySchema,
  notificationIdParamsSchema,
  notificationListSchema,
  notificationResponseSchema,
  readAllResponseSchema,
  removedResponseSchema,
  smsPreferencesResponseSchema,
  unreadCountSchema,
  updateEmailPreferencesInputSchema,
  updateSmsPreferencesInputSchema,
} from './schemas';

/**
 * Notifications and their preferences: each endpoint's params, query, body and answer (ADR 044).
 * The four without a summary had none before the contract; an empty one keeps them as the API
 * description (docs/api/openapi.json) had them.
 */
export const notificationsContract = defineContract(NOTIFICATIONS_ENDPOINTS, {
  listNotifications: {
    summary: 'Own notifications, newest first (unread=true: unread ones only)',
    query: listNotificationsQuerySchema,
    response: notificationListSchema,
  },
  unreadCount: { summary: '', response: unreadCountSchema },
  // Server-Sent Events, written by the route as they happen: no JSON answer to describe.
  notificationStream: {
    summary:
      'Server-Sent Events: each new notification (id: its sequence) and the unread count; honours Last-Event-ID',
    response: 'file',
  },
  markAllNotificationsRead: { summary: '', response: readAllResponseSchema },
  markNotificationRead: {
    summary: '',
    params: notificationIdParamsSchema,
    response: notificationResponseSchema,
  },
  removeNotification: {
    summary: '',
    params: notificationIdParamsSchema,
    response: removedResponseSchema,
  },
  getEmailPreferences: {
    summary: 'Which notification emails the person receives (all on by default)',
    response: emailPreferencesResponseSchema,
  },
  setEmailPreferences: {
    summary: 'Switch notification emails on or off, per kind',
    body: updateEmailPreferencesInputSchema,
    response: emailPreferencesResponseSchema,
  },
  getSmsPreferences: {
    summary: 'Which text messages the client receives, and the number they go to',
    response: smsPreferencesResponseSchema,
  },
  setSmsPreferences: {
    summary: 'Switch text messages on or off, per kind (switching one on is consent to it)',
    body: updateSmsPreferencesInputSchema,
    response: smsPreferencesResponseSchema,
  },
});

export type NotificationsContract = typeof notificationsContract;
