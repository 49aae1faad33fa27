import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALENDAR_FEED_TEXTS as T } from '@firm/shared';
import { courtDatesContract as contract } from '@firm/shared/court-dates/contract';
import { AppError } from '../../lib/app-error';
import { contractRoute, errorResponses } from '../../lib/route-kit';
import { currentUser } from '../../plugins/auth';
import {
  calendarFeedFile,
  calendarFeedStatus,
  createCalendarFeed,
  revokeCalendarFeed,
} from './calendar-feed';
import { listCourtDates } from './court-dates.service';

const errors = errorResponses(400, 401, 403, 404, 429);
const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E, tag: string) =>
  contractRoute(endpoint, { tags: [tag], errors });

/**
 * Court dates in the diary and the client's Appointments, and each person's private calendar
 * feed (ADR 025).
 */
export const courtDateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(contract.listCourtDates, 'court-dates'),
    onRequest: [app.requirePermission('court-dates:view')],
    handler: async (request) => listCourtDates(app.db, currentUser(request), request.query),
  });

  const signedIn = [app.requireUser];
  app.route({
    ...route(contract.calendarFeedStatus, 'profile'),
    onRequest: signedIn,
    handler: async (request) => calendarFeedStatus(app.db, currentUser(request)),
  });

  app.route({
    ...route(contract.createCalendarFeed, 'profile'),
    onRequest: signedIn,
    handler: async (request) =>
      createCalendarFeed(app.db, currentUser(request), app.config.publicUrl),
  });

  app.route({
    ...route(contract.revokeCalendarFeed, 'profile'),
    onRequest: signedIn,
    handler: async (request) => {
      await revokeCalendarFeed(app.db, currentUser(request));
      return { success: true as const, message: T.revoked };
    },
  });

  // No Bearer: calendar apps cannot send one. The secret is the path; a wrong, replaced or
  // revoked one is simply not found.
  app.route({
    ...route(contract.calendarFeed, 'calendar'),
    config: { rateLimit: { max: 120, timeWindow: '15 minutes' } },
    handler: async (request, reply) => {
      const body = await calendarFeedFile(app.db, request.params.file, app.config.publicUrl);
      if (body === undefined) throw AppError.notFound(T.notFound, 'NOT_FOUND');
      return (
        reply
          .type('text/calendar; charset=utf-8')
          .header('Cache-Control', 'private, max-age=300')
          .header('Referrer-Policy', 'no-referrer')
          // The 200 is iCalendar text, not JSON: it has no response schema, and the typed reply
          // knows only the error bodies.
          .send(body as unknown as { message: string })
      );
    },
  });
};
