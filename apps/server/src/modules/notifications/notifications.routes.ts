import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATION_MESSAGES } from '@firm/shared';
import { notificationsContract as contract } from '@firm/shared/notifications/contract';
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
import { contractRoute, errorResponses } from '../../lib/route-kit';

const options = { tags: ['notifications'], errors: errorResponses(400, 401, 403, 404) };

/**
 * `/api/notifications/*`: a signed-in person's own notifications, whatever their role;
 * another person's id answers 404 (every query is scoped to the caller). Also the email
 * preferences, under /api/profile.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = [app.requireUser];

  app.route({
    ...contractRoute(contract.listNotifications, options),
    onRequest: signedIn,
    handler: async (request) => listNotifications(app.db, currentUser(request), request.query),
  });

  app.route({
    ...contractRoute(contract.unreadCount, options),
    onRequest: signedIn,
    handler: async (request) => ({
      success: true as const,
      count: await unreadCount(app.db, currentUser(request)),
    }),
  });

  app.route({
    ...contractRoute(contract.notificationStream, options),
    onRequest: signedIn,
    handler: async (request, reply) => {
      await app.notificationStreams.serve(
        request,
        reply,
        currentUser(request),
        currentSession(request),
      );
    },
  });

  app.route({
    ...contractRoute(contract.markAllNotificationsRead, options),
    onRequest: signedIn,
    handler: async (request) => ({
      success: true as const,
      message: NOTIFICATION_MESSAGES.allRead,
      ...(await readAllNotifications(app.db, currentUser(request))),
    }),
  });

  app.route({
    ...contractRoute(contract.markNotificationRead, options),
    onRequest: signedIn,
    handler: async (request) => ({
      success: true as const,
      ...(await readNotification(app.db, currentUser(request), request.params.id)),
    }),
  });

  app.route({
    ...contractRoute(contract.removeNotification, options),
    onRequest: signedIn,
    handler: async (request) => ({
      success: true as const,
      ...(await removeNotification(app.db, currentUser(request), request.params.id)),
    }),
  });

  app.route({
    ...contractRoute(contract.getEmailPreferences, options),
    onRequest: signedIn,
    handler: async (request) => ({
      success: true as const,
      preferences: await emailPreferences(app.db, currentUser(request).id),
    }),
  });

  app.route({
    ...contractRoute(contract.setEmailPreferences, options),
    onRequest: signedIn,
    handler: async (request) => ({
      success: true as const,
      preferences: await updateEmailPreferences(app.db, currentUser(request), request.body),
    }),
  });

  // Text messages: a client's own choices, and the number they go to (ADR 033).
  const mayChooseTexts = [app.requirePermission('profile:sms')];
  app.route({
    ...contractRoute(contract.getSmsPreferences, options),
    onRequest: mayChooseTexts,
    handler: async (request) => ({
      success: true as const,
      ...(await smsChoices(app.db, currentUser(request))),
    }),
  });

  app.route({
    ...contractRoute(contract.setSmsPreferences, options),
    onRequest: mayChooseTexts,
    handler: async (request) => ({
      success: true as const,
      ...(await updateSmsChoices(app.db, currentUser(request), request.body)),
    }),
  });
};
