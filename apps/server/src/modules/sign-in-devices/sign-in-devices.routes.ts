import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInDevicesContract as contract } from '@firm/shared/sign-in-devices/contract';
import { currentSession, currentUser } from '../../plugins/auth';
import { contractRoute, errorResponses } from '../../lib/route-kit';
import { secureAccount } from '../auth/secure-account.service';
import { listSignInDevices } from './sign-in-devices.service';

/**
 * Per address, as the password-reset routes (auth.routes.ts): the link's token is 256 random
 * bits, so the limit stops floods, not guesses.
 */
const SECURE_ACCOUNT_LIMIT = { max: 10, timeWindow: '15 minutes' };

/** Sign-in alerts (ADR 037, "Sign-in alerts"): the alert's link, and the devices that signed in. */
export const signInDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['sign-in alerts'];

  app.route({
    ...contractRoute(contract.secureAccount, { tags, errors: errorResponses(400, 429) }),
    config: { rateLimit: SECURE_ACCOUNT_LIMIT },
    handler: async (request) => {
      const { resetToken, message } = await secureAccount(
        { db: app.db, outbox: app.outbox },
        request.body.token,
        { ip: request.ip },
      );
      return { success: true as const, message, resetToken };
    },
  });

  app.route({
    ...contractRoute(contract.listSignInDevices, { tags, errors: errorResponses(401, 403) }),
    onRequest: [app.requireUser],
    handler: async (request) => ({
      devices: await listSignInDevices(app.db, currentUser(request), currentSession(request)),
    }),
  });
};
