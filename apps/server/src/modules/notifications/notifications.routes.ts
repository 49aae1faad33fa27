import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NOTIFICATION_MESSAGES,
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
} from '@firm/shared';
import { smsChoices, updateSmsChoices } from './client-sms';
import { currentSession, currentUser } from '../../plugins/auth';
import {
  emailPreferences,
  listNotifications,
  readAllNotifications,
  readNotification,
  removeNotification,
  unreadCount,
  updateEmailPreferences,
} from './notifications.service';
import { errorResponses } from '../../lib/route-kit';

const errors = errorResponses(400, 401, 403, 404);

/**
 * `/api/notifications/*`: a signed-in person's own notifications, whatever their role;
 * another person's id answers 404 (every query is scoped to the caller). Also the email
 * preferences, under /api/profile.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = [app.requireUser];
  const tags = ['notifications'];

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'Own notifications, newest first (unread=true: unread ones only)',
        querystring: listNotificationsQuerySchema,
        response: { 200: notificationListSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => listNotifications(app.db, currentUser(request), request.query),
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: { tags, response: { 200: unreadCountSchema, ...errors } },
      onRequest: signedIn,
    },
    async (request) => ({
      success: true as const,
      count: await unreadCount(app.db, currentUser(request)),
    }),
  );

  app.get(
    '/notifications/stream',
    {
      schema: {
        tags,
        summary:
          'Server-Sent Events: each new notification (id: its sequence) and the unread count; honours Last-Event-ID',
        response: { ...errors },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      await app.notificationStreams.serve(
        request,
        reply,
        currentUser(request),
        currentSession(request),
      );
    },
  );

  app.put(
    '/notifications/read-all',
    {
      schema: { tags, response: { 200: readAllResponseSchema, ...errors } },
      onRequest: signedIn,
    },
    async (request) => ({
      success: true as const,
      message: NOTIFICATION_MESSAGES.allRead,
      ...(await readAllNotifications(app.db, currentUser(request))),
    }),
  );

  app.put(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        params: notificationIdParamsSchema,
        response: { 200: notificationResponseSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => ({
      success: true as const,
      ...(await readNotification(app.db, currentUser(request), request.params.id)),
    }),
  );

  app.delete(
    '/notifications/:id',
    {
      schema: {
        tags,
        params: notificationIdParamsSchema,
        response: { 200: removedResponseSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => ({
      success: true as const,
      ...(await removeNotification(app.db, currentUser(request), request.params.id)),
    }),
  );

  app.get(
    '/profile/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Which notification emails the person receives (all on by default)',
        response: { 200: emailPreferencesResponseSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => ({
      success: true as const,
      preferences: await emailPreferences(app.db, currentUser(request).id),
    }),
  );

  app.put(
    '/profile/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Switch notification emails on or off, per kind',
        body: updateEmailPreferencesInputSchema,
        response: { 200: emailPreferencesResponseSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => ({
      success: true as const,
      preferences: await updateEmailPreferences(app.db, currentUser(request), request.body),
    }),
  );

  // Text messages: a client's own choices, and the number they go to (ADR 033).
  const mayChooseTexts = [app.requirePermission('profile:sms')];
  app.get(
    '/profile/sms-preferences',
    {
      schema: {
        tags,
        summary: 'Which text messages the client receives, and the number they go to',
        response: { 200: smsPreferencesResponseSchema, ...errors },
      },
      onRequest: mayChooseTexts,
    },
    async (request) => ({
      success: true as const,
      ...(await smsChoices(app.db, currentUser(request))),
    }),
  );

  app.put(
    '/profile/sms-preferences',
    {
      schema: {
        tags,
        summary: 'Switch text messages on or off, per kind (switching one on is consent to it)',
        body: updateSmsPreferencesInputSchema,
        response: { 200: smsPreferencesResponseSchema, ...errors },
      },
      onRequest: mayChooseTexts,
    },
    async (request) => ({
      success: true as const,
      ...(await updateSmsChoices(app.db, currentUser(request), request.body)),
    }),
  );
};
