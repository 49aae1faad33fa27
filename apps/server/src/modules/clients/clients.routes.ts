import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLIENT_MESSAGES,
  clientIdParamsSchema,
  clientListSchema,
  clientReadSchema,
  clientUpdatedSchema,
  listClientsQuerySchema,
  updateClientInputSchema,
} from '@firm/shared';
import { currentUser } from '../../plugins/auth';
import { getClient, listClients, updateClient, type ClientsDeps } from './clients.service';
import { errorResponses, requestMeta } from '../../lib/route-kit';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * `/api/clients/*`: the Clients screen. Who may call is checked before anything is
 * read; the service repeats it and holds the rules.
 */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ClientsDeps = {
    db: app.db,
    outbox: app.outbox,
    publicUrl: app.config.publicUrl,
  };
  const mayViewClients = [app.requirePermission('clients:view')];
  const mayEditClients = [app.requirePermission('clients:edit')];
  const tags = ['clients'];

  app.get(
    '/clients',
    {
      schema: {
        tags,
        summary: 'Client accounts with open cases and next appointment (searched, filtered, paged)',
        querystring: listClientsQuerySchema,
        response: { 200: clientListSchema, ...errors },
      },
      onRequest: mayViewClients,
    },
    async (request) => listClients(deps, currentUser(request), request.query),
  );

  app.get(
    '/clients/:id',
    {
      schema: {
        tags,
        summary: "A client's contact details, cases and appointments (the read is audited)",
        params: clientIdParamsSchema,
        response: { 200: clientReadSchema, ...errors },
      },
      onRequest: mayViewClients,
    },
    async (request) => ({
      success: true as const,
      ...(await getClient(deps, currentUser(request), request.params.id, requestMeta(request))),
    }),
  );

  app.patch(
    '/clients/:id',
    {
      schema: {
        tags,
        summary: "Change a client's name or phone; a new email is confirmed by a link sent to it",
        params: clientIdParamsSchema,
        body: updateClientInputSchema,
        response: { 200: clientUpdatedSchema, ...errors },
      },
      onRequest: mayEditClients,
    },
    async (request) => {
      const { detail, emailChangeSent } = await updateClient(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
        requestMeta(request),
      );
      return {
        success: true as const,
        message: emailChangeSent ? CLIENT_MESSAGES.emailChangeSent : CLIENT_MESSAGES.updated,
        ...detail,
      };
    },
  );
};
