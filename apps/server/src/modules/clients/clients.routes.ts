import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_MESSAGES } from '@firm/shared';
import { clientsContract as contract } from '@firm/shared/clients/contract';
import { currentUser } from '../../plugins/auth';
import { getClient, listClients, updateClient, type ClientsDeps } from './clients.service';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';

const errors = errorResponses(400, 401, 403, 404, 409);
const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E) =>
  contractRoute(endpoint, { tags: ['clients'], errors });

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

  app.route({
    ...route(contract.listClients),
    onRequest: mayViewClients,
    handler: async (request) => listClients(deps, currentUser(request), request.query),
  });

  app.route({
    ...route(contract.getClient),
    onRequest: mayViewClients,
    handler: async (request) => ({
      success: true as const,
      ...(await getClient(deps, currentUser(request), request.params.id, requestMeta(request))),
    }),
  });

  app.route({
    ...route(contract.updateClient),
    onRequest: mayEditClients,
    handler: async (request) => {
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
  });
};
