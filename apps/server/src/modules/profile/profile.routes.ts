import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PROFILE_MESSAGES,
  createDataRequestInputSchema,
  dataExportQuerySchema,
  dataRequestCreatedSchema,
  emailChangeConfirmInputSchema,
  emailChangeInputSchema,
  nairobiToday,
  ownDataRequestsSchema,
  profileSchema,
  profileUpdatedSchema,
  sessionIdParamsSchema,
  sessionListSchema,
  sessionsSignedOutSchema,
  successMessageSchema,
  updateProfessionalInputSchema,
  updateProfileInputSchema,
} from '@firm/shared';
import { z } from 'zod';
import { currentSession, currentUser } from '../../plugins/auth';
import { endOtherSessions, endSession, listSessions } from './device-sessions.service';
import { confirmEmailChange, requestEmailChange } from './email-change.service';
import { exportOwnData, listOwnRequests, requestDeletion } from './own-data.service';
import {
  getProfile,
  updateProfessionalDetails,
  updateProfile,
  type ProfileDeps,
} from './profile.service';
import { errorResponses, requestMeta } from '../../lib/route-kit';
import { DATA_EXPORT_HTML_CSP, renderDataExportHtml } from './data-export-html';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Sending mail to any address a signed-in person types: a few a quarter-hour is plenty. */
const EMAIL_CHANGE_LIMIT = { max: 5, timeWindow: '15 minutes' };

/** `/api/profile/*`: the signed-in person's own account. Every route needs a session. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ProfileDeps = {
    db: app.db,
    outbox: app.outbox,
    publicUrl: app.config.publicUrl,
    logger: app.log,
  };
  const signedIn = [app.requireUser];
  const tags = ['profile'];

  app.get(
    '/profile',
    {
      schema: {
        tags,
        summary: 'The signed-in person and any email change awaiting confirmation',
        response: { 200: profileSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => getProfile(deps, currentUser(request)),
  );

  app.put(
    '/profile',
    {
      schema: {
        tags,
        summary: 'Change own first name, last name and phone',
        body: updateProfileInputSchema,
        response: { 200: profileUpdatedSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => ({
      success: true as const,
      message: PROFILE_MESSAGES.profileUpdated,
      ...(await updateProfile(deps, currentUser(request), request.body, requestMeta(request))),
    }),
  );

  app.put(
    '/profile/professional',
    {
      schema: {
        tags,
        summary: 'Change own professional details (advocates; the rules of registration)',
        body: updateProfessionalInputSchema,
        response: { 200: profileUpdatedSchema, ...errors },
      },
      onRequest: [app.requirePermission('profile:professional')],
    },
    async (request) => ({
      success: true as const,
      message: PROFILE_MESSAGES.profileUpdated,
      ...(await updateProfessionalDetails(
        deps,
        currentUser(request),
        request.body,
        requestMeta(request),
      )),
    }),
  );

  app.post(
    '/profile/email-change',
    {
      schema: {
        tags,
        summary: 'Send a confirmation link to a new email address (the old one is told)',
        body: emailChangeInputSchema,
        response: { 200: successMessageSchema, ...errors, ...errorResponses(429) },
      },
      onRequest: signedIn,
      config: { rateLimit: EMAIL_CHANGE_LIMIT },
    },
    async (request) => {
      await requestEmailChange(
        deps,
        currentUser(request),
        request.body.email,
        requestMeta(request),
      );
      return { success: true as const, message: PROFILE_MESSAGES.emailChangeSent };
    },
  );

  app.post(
    '/profile/email-change/confirm',
    {
      schema: {
        tags,
        summary: "Confirm a new email address with the link's token (single use, expiring)",
        body: emailChangeConfirmInputSchema,
        response: { 200: profileUpdatedSchema, ...errors },
      },
      onRequest: signedIn,
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => ({
      success: true as const,
      message: PROFILE_MESSAGES.emailChanged,
      ...(await confirmEmailChange(
        deps,
        currentUser(request),
        request.body.token,
        requestMeta(request),
      )),
    }),
  );

  app.get(
    '/profile/sessions',
    {
      schema: {
        tags,
        summary: 'Every device signed in to the account, this one marked',
        response: { 200: sessionListSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => ({
      sessions: await listSessions(deps, currentUser(request), currentSession(request)),
    }),
  );

  app.delete(
    '/profile/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Sign out one other device (effective at its next request)',
        params: sessionIdParamsSchema,
        response: { 200: successMessageSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => {
      await endSession(
        deps,
        currentUser(request),
        currentSession(request),
        request.params.id,
        requestMeta(request),
      );
      return { success: true as const, message: PROFILE_MESSAGES.sessionSignedOut };
    },
  );

  app.post(
    '/profile/sessions/sign-out-others',
    {
      schema: {
        tags,
        summary: 'Sign out every device but this one',
        response: { 200: sessionsSignedOutSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const count = await endOtherSessions(
        deps,
        currentUser(request),
        currentSession(request),
        requestMeta(request),
      );
      return {
        success: true as const,
        message: PROFILE_MESSAGES.otherSessionsSignedOut(count),
        count,
      };
    },
  );

  app.get(
    '/profile/export',
    {
      schema: {
        tags,
        summary:
          "The person's own data (Data Protection Act 2019, s.26): a JSON file, or with format=html its readable copy",
        querystring: dataExportQuerySchema,
        response: {
          200: z.union([
            z.record(z.string(), z.unknown()),
            z.string().describe('format=html: the readable page (text/html)'),
          ]),
          ...errors,
        },
      },
      onRequest: signedIn,
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const file = await exportOwnData(deps, currentUser(request), requestMeta(request));
      const day = nairobiToday();
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'html') {
        // Built from the same file, so it holds exactly what the JSON holds (ADR 016).
        return reply
          .header('content-disposition', `attachment; filename="my-data-${day}.html"`)
          .header('content-security-policy', DATA_EXPORT_HTML_CSP)
          .type('text/html; charset=utf-8')
          .send(renderDataExportHtml(file));
      }
      return reply
        .header('content-disposition', `attachment; filename="my-data-${day}.json"`)
        .send(file);
    },
  );

  app.get(
    '/profile/data-requests',
    {
      schema: {
        tags,
        summary: 'Own data-protection requests and their answers',
        response: { 200: ownDataRequestsSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => ({ requests: await listOwnRequests(deps, currentUser(request)) }),
  );

  app.post(
    '/profile/data-requests',
    {
      schema: {
        tags,
        summary: 'Ask the firm to delete own data (one open request at a time)',
        body: createDataRequestInputSchema,
        response: { 201: dataRequestCreatedSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const created = await requestDeletion(
        deps,
        currentUser(request),
        request.body.message,
        requestMeta(request),
      );
      return reply.status(201).send({
        success: true as const,
        message: PROFILE_MESSAGES.deletionRequested,
        request: created,
      });
    },
  );
};
