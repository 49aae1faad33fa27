import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { TWO_FACTOR_TEXTS as T } from '@firm/shared';
import { twoFactorContract as contract } from '@firm/shared/two-factor/contract';
import { currentUser, type AccountGate } from '../../plugins/auth';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';
import {
  disableTwoFactor,
  enableTotp,
  renewRecoveryCodes,
  setUpTotp,
  twoFactorStatus,
  type TwoFactorDeps,
} from './two-factor.service';

/**
 * Counted per account, as changing the password is: disabling checks the password and a code,
 * and a stolen session must not guess either at leisure.
 */
const PER_ACCOUNT = {
  max: 10,
  timeWindow: '15 minutes',
  keyGenerator: (request: FastifyRequest) =>
    request.session ? `two-factor:${request.session.userId}` : request.ip,
};

const errors = errorResponses(400, 401, 403, 409, 429);
const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E) =>
  contractRoute(endpoint, { tags: ['two-factor sign-in'], errors });

/** Staff past their grace reach these: what they have, and setting one up (ADR 037). */
export const SETUP_GATE: readonly AccountGate[] = ['two-factor-setup'];

/** `/api/auth/2fa/*`: the signed-in person's own second factor (ADR 037). */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: TwoFactorDeps = { db: app.db, box: app.twoFactorBox };

  app.route({
    ...route(contract.twoFactorStatus),
    onRequest: [app.requireUser],
    config: { allowedGates: SETUP_GATE },
    handler: async (request) => twoFactorStatus(deps, currentUser(request)),
  });

  app.route({
    ...route(contract.setUpTotp),
    onRequest: [app.requireUser],
    config: { rateLimit: PER_ACCOUNT, allowedGates: SETUP_GATE },
    handler: async (request) => setUpTotp(deps, currentUser(request)),
  });

  app.route({
    ...route(contract.enableTotp),
    onRequest: [app.requireUser],
    config: { rateLimit: PER_ACCOUNT, allowedGates: SETUP_GATE },
    handler: async (request) => ({
      success: true as const,
      message: T.enabled,
      recoveryCodes: await enableTotp(
        deps,
        currentUser(request),
        request.body.code,
        requestMeta(request),
      ),
    }),
  });

  app.route({
    ...route(contract.disableTwoFactor),
    onRequest: [app.requireUser],
    config: { rateLimit: PER_ACCOUNT },
    handler: async (request) => {
      const message = await disableTwoFactor(
        deps,
        currentUser(request),
        request.body,
        requestMeta(request),
      );
      return { success: true as const, message };
    },
  });

  app.route({
    ...route(contract.renewRecoveryCodes),
    onRequest: [app.requireUser],
    config: { rateLimit: PER_ACCOUNT },
    handler: async (request) => ({
      success: true as const,
      message: T.recoveryCodesRenewed,
      recoveryCodes: await renewRecoveryCodes(
        { ...deps, outbox: app.outbox, publicUrl: app.config.publicUrl },
        currentUser(request),
        request.body,
        requestMeta(request),
      ),
    }),
  });
};
