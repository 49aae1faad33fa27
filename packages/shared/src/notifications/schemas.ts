import { z } from 'zod';
import {
  NOTIFICATION_EMAIL_KINDS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_MAX_LIMIT,
  NOTIFICATIONS_PAGE_SIZE,
} from './texts';
import { paginationSchema, uuidField } from '../common/fields';
import { SMS_KINDS, type SmsKind } from './sms';
import {
  emptyAsUndefined,
  optionalPositiveInt,
  positiveInt,
  queryPage,
} from '../common/list-query';

/** The `/api/notifications/*` contract. */

export const listNotificationsQuerySchema = z.object({
  page: queryPage,
  limit: positiveInt(
    NOTIFICATIONS_PAGE_SIZE,
    NOTIFICATIONS_MAX_LIMIT,
    `Limit must be a whole number from 1 to ${NOTIFICATIONS_MAX_LIMIT}`,
  ),
  /**
   * Keyset paging: only notifications older than this sequence (the previous answer's
   * `nextBefore`). Unlike `page`, it neither repeats nor skips a row when newer ones arrive or
   * some are removed between two pages. Given with `page`, it wins.
   */
  before: optionalPositiveInt(Number.MAX_SAFE_INTEGER, NOTIFICATION_MESSAGES.invalidBefore),
  /** `true`: unread ones only. */
  unread: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], { error: 'Unread is true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  ),
});
export type ListNotificationsQuery = z.input<typeof listNotificationsQuerySchema>;
export type ListNotificationsFilters = z.output<typeof listNotificationsQuerySchema>;

export const notificationIdParamsSchema = z.object({
  id: uuidField(NOTIFICATION_MESSAGES.invalidId),
});

/** A notification (docs/product-rules.md#records), with the event that caused it. */
export const notificationSchema = z.object({
  id: z.string(),
  /** The per-person sequence: the live stream's event id (Last-Event-ID). */
  sequence: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  /** ISO time the event happened (the prototype's `timestamp`). */
  timestamp: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  /** A portal route path, or null when the event has no screen to open. */
  actionUrl: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  total: z.number().int(),
  unreadCount: z.number().int(),
  pagination: paginationSchema,
  /** The `before` that asks for the next (older) rows; null: none are left. */
  nextBefore: z.number().int().nullable(),
  notifications: z.array(notificationSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ success: z.literal(true), count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationResponseSchema = z.object({
  success: z.literal(true),
  notification: notificationSchema,
  unreadCount: z.number().int(),
});

export const readAllResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  updated: z.number().int(),
  unreadCount: z.number().int(),
});

export const removedResponseSchema = z.object({
  success: z.literal(true),
  unreadCount: z.number().int(),
});

/** What the live stream sends (`event: notification` and `event: unread-count`). */
export const notificationStreamCountSchema = z.object({ count: z.number().int() });

const emailPreferencesShape = Object.fromEntries(
  NOTIFICATION_EMAIL_KINDS.map((kind) => [kind, z.boolean()]),
) as Record<(typeof NOTIFICATION_EMAIL_KINDS)[number], z.ZodBoolean>;

/** GET/PUT /api/profile/notification-preferences: one switch per email kind (on by default). */
export const emailPreferencesSchema = z.object(emailPreferencesShape);
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const updateEmailPreferencesInputSchema = z.object(emailPreferencesShape).partial();
export type UpdateEmailPreferencesInput = z.infer<typeof updateEmailPreferencesInputSchema>;
export const emailPreferencesResponseSchema = z.object({
  success: z.literal(true),
  preferences: emailPreferencesSchema,
});

// Text messages (ADR 033); the kinds and texts are in ./sms.ts (no zod there: it rides in the
// portal's chunk, the schemas in the validation chunk).
const smsPreferencesShape = Object.fromEntries(
  SMS_KINDS.map((kind) => [kind, z.boolean()]),
) as Record<SmsKind, z.ZodBoolean>;

/** GET/PUT /api/profile/sms-preferences: one switch per kind, and where the texts go. */
export const smsPreferencesSchema = z.object(smsPreferencesShape);
export type SmsPreferences = z.infer<typeof smsPreferencesSchema>;
export const updateSmsPreferencesInputSchema = z.strictObject(smsPreferencesShape).partial();
export type UpdateSmsPreferencesInput = z.infer<typeof updateSmsPreferencesInputSchema>;
export const smsPreferencesResponseSchema = z.object({
  success: z.literal(true),
  preferences: smsPreferencesSchema,
  /** The number texts go to (E.164), or null: no Kenyan mobile number in the profile. */
  phone: z.string().nullable(),
});
export type SmsPreferencesResponse = z.infer<typeof smsPreferencesResponseSchema>;
