import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROFILE_MESSAGES, nairobiToday } from '@firm/shared';
import { profileContract as contract } from '@firm/shared/profile/contract';
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
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';
import { DATA_EXPORT_HTML_CSP, renderDataExportHtml } from './data-export-html';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['profile'];
const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E) =>
  contractRoute(endpoint, { tags, errors });

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

  app.route({
    ...route(contract.getProfile),
    onRequest: signedIn,
    handler: async (request) => getProfile(deps, currentUser(request)),
  });

  app.route({
    ...route(contract.updateProfile),
    onRequest: signedIn,
    handler: async (request) => ({
      success: true as const,
      message: PROFILE_MESSAGES.profileUpdated,
      ...(await updateProfile(deps, currentUser(request), request.body, requestMeta(request))),
    }),
  });

  app.route({
    ...route(contract.updateProfessionalDetails),
    onRequest: [app.requirePermission('profile:professional')],
    handler: async (request) => ({
      success: true as const,
      message: PROFILE_MESSAGES.profileUpdated,
      ...(await updateProfessionalDetails(
        deps,
        currentUser(request),
        request.body,
        requestMeta(request),
      )),
    }),
  });

  app.route({
    ...contractRoute(contract.requestEmailChange, {
      tags,
      errors: { ...errors, ...errorResponses(429) },
    }),
    onRequest: signedIn,
    config: { rateLimit: EMAIL_CHANGE_LIMIT },
    handler: async (request) => {
      await requestEmailChange(
        deps,
        currentUser(request),
        request.body.email,
        requestMeta(request),
      );
      return { success: true as const, message: PROFILE_MESSAGES.emailChangeSent };
    },
  });

  app.route({
    ...route(contract.confirmEmailChange),
    onRequest: signedIn,
    config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    handler: async (request) => ({
      success: true as const,
      message: PROFILE_MESSAGES.emailChanged,
      ...(await confirmEmailChange(
        deps,
        currentUser(request),
        request.body.token,
        requestMeta(request),
      )),
    }),
  });

  app.route({
    ...route(contract.listSessions),
    onRequest: signedIn,
    handler: async (request) => ({
      sessions: await listSessions(deps, currentUser(request), currentSession(request)),
    }),
  });

  app.route({
    ...route(contract.endSession),
    onRequest: signedIn,
    handler: async (request) => {
      await endSession(
        deps,
        currentUser(request),
        currentSession(request),
        request.params.id,
        requestMeta(request),
      );
      return { success: true as const, message: PROFILE_MESSAGES.sessionSignedOut };
    },
  });

  app.route({
    ...route(contract.endOtherSessions),
    onRequest: signedIn,
    handler: async (request) => {
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
  });

  app.route({
    ...route(contract.exportOwnData),
    onRequest: signedIn,
    config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    handler: async (request, reply) => {
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
  });

  app.route({
    ...route(contract.listOwnDataRequests),
    onRequest: signedIn,
    handler: async (request) => ({ requests: await listOwnRequests(deps, currentUser(request)) }),
  });

  app.route({
    ...route(contract.requestDeletion),
    onRequest: signedIn,
    handler: async (request, reply) => {
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
  });
};
