import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CALENDAR_FEED_TEXTS as T,
  calendarFeedCreatedSchema,
  calendarFeedParamsSchema,
  calendarFeedStatusSchema,
  courtDateListSchema,
  listCourtDatesQuerySchema,
  successMessageSchema,
} from '@firm/shared';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/route-kit';
import { currentUser } from '../../plugins/auth';
import {
  calendarFeedFile,
  calendarFeedStatus,
  createCalendarFeed,
  revokeCalendarFeed,
} from './calendar-feed';
import { listCourtDates } from './court-dates.service';

const errors = errorResponses(400, 401, 403, 404, 429);

/**
 * Court dates in the diary and the client's Appointments, and each person's private calendar
 * feed (ADR 025).
 */
export const courtDateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/court-dates',
    {
      schema: {
        tags: ['court-dates'],
        summary: "Open cases' court dates in a range of Nairobi days, as the caller sees the cases",
        querystring: listCourtDatesQuerySchema,
        response: { 200: courtDateListSchema, ...errors },
      },
      onRequest: [app.requirePermission('court-dates:view')],
    },
    async (request) => listCourtDates(app.db, currentUser(request), request.query),
  );

  const signedIn = [app.requireUser];
  app.get(
    '/profile/calendar-feed',
    {
      schema: {
        tags: ['profile'],
        summary:
          "Whether the caller's private calendar feed is active (its address is never shown again)",
        response: { 200: calendarFeedStatusSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => calendarFeedStatus(app.db, currentUser(request)),
  );

  app.post(
    '/profile/calendar-feed',
    {
      schema: {
        tags: ['profile'],
        summary: 'Create the private calendar feed, or replace its address (the old one stops)',
        response: { 200: calendarFeedCreatedSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => createCalendarFeed(app.db, currentUser(request), app.config.publicUrl),
  );

  app.delete(
    '/profile/calendar-feed',
    {
      schema: {
        tags: ['profile'],
        summary: 'Revoke the private calendar feed',
        response: { 200: successMessageSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => {
      await revokeCalendarFeed(app.db, currentUser(request));
      return { success: true as const, message: T.revoked };
    },
  );

  // No Bearer: calendar apps cannot send one. The secret is the path; a wrong, replaced or
  // revoked one is simply not found.
  app.get(
    '/calendar/:file',
    {
      schema: {
        tags: ['calendar'],
        summary: "A person's private iCalendar feed: /api/calendar/<token>.ics",
        params: calendarFeedParamsSchema,
        response: errors,
      },
      config: { rateLimit: { max: 120, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
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
  );
};
