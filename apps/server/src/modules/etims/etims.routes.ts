import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { etimsContract as contract } from '@firm/shared/etims/contract';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';
import { currentUser } from '../../plugins/auth';
import { etimsProblems, retryFeeNoteEtims } from './fee-note-etims.service';
import { etimsSettingsOf, initialiseEtims } from './setup.service';

const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E) =>
  contractRoute(endpoint, { tags: ['settings'], errors: errorResponses(400, 401, 403, 404, 409) });

/**
 * KRA eTIMS' set-up on System Settings (ADR 049), advocates only as the rest of System Settings:
 * its state without the key, and initialising the device now (it also happens by itself).
 */
export const etimsRoutes: FastifyPluginAsyncZod = async (app) => {
  const mayViewSettings = [app.requirePermission('settings:view')];

  app.route({
    ...route(contract.getSettings),
    onRequest: mayViewSettings,
    handler: async () => etimsSettingsOf(app.etims.deps),
  });

  app.route({
    ...route(contract.initialise),
    onRequest: mayViewSettings,
    handler: async (request) => {
      const user = currentUser(request);
      return initialiseEtims(app.etims.deps, {
        id: user.id,
        name: `${user.firstName} ${user.lastName}`,
        ip: requestMeta(request).ip,
      });
    },
  });

  app.route({
    ...route(contract.listProblems),
    onRequest: mayViewSettings,
    handler: async () => etimsProblems(app.db),
  });

  // Advocates, as System Settings: a refusal is theirs to correct (ADR 049).
  app.route({
    ...route(contract.retry),
    onRequest: mayViewSettings,
    handler: async (request) => {
      const user = currentUser(request);
      const answer = await retryFeeNoteEtims(
        app.etims.deps,
        user,
        request.params.id,
        requestMeta(request),
      );
      app.etims.advance();
      return answer;
    },
  });
};
