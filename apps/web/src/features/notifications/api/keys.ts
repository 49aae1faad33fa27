/** The bell's queries: the list (pages, newest first) and the unread count. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const NOTIFICATION_LIST_KEY = ['notifications', 'list'] as const;
export const UNREAD_COUNT_KEY = ['notifications', 'unread-count'] as const;
