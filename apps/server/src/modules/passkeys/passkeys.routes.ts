import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { PASSKEY_TEXTS as P } from '@firm/shared';
import { passkeysContract as contract } from '@firm/shared/passkeys/contract';
import { currentUser, type AccountGate } from '../../plugins/auth';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';
import {
  addPasskey,
  listPasskeys,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInPasskeyOptions,
  type PasskeyDeps,
} from './passkeys.service';
import { relyingPartyOf } from './webauthn';

/** Counted per account: adding, naming and removing passkeys are a person's occasional acts. */
const PER_ACCOUNT = {
  max: 30,
  timeWindow: '15 minutes',
  keyGenerator: (request: FastifyRequest) =>
    request.session ? `passkeys:${request.session.userId}` : request.ip,
};
/** Sign-in's limit per address (auth.routes.ts): each passkey asked for starts a sign-in try. */
const SIGN_IN = { max: 20, timeWindow: '1 minute' };

/** Staff who must set up a second factor first may add a passkey as that factor (ADR 037). */
const SETUP_GATE: readonly AccountGate[] = ['two-factor-setup'];

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E) =>
  contractRoute(endpoint, { tags: ['two-factor sign-in'], errors });

/**
 * `/api/auth/2fa/passkeys*`: the signed-in person's own passkeys; and
 * `/api/auth/login/2fa/passkey-options`, the device's question at sign-in (ADR 037, "Passkeys").
 */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PasskeyDeps = {
    db: app.db,
    rp: relyingPartyOf(app.config.publicUrl),
    outbox: app.outbox,
    publicUrl: app.config.publicUrl,
  };

  app.route({
    ...route(contract.listPasskeys),
    onRequest: [app.requireUser],
    config: { allowedGates: SETUP_GATE },
    handler: async (request) => ({ passkeys: await listPasskeys(deps, currentUser(request)) }),
  });

  app.route({
    ...route(contract.passkeyRegistrationOptions),
    onRequest: [app.requireUser],
    config: { rateLimit: PER_ACCOUNT, allowedGates: SETUP_GATE },
    handler: async (request) => registrationOptions(deps, currentUser(request), request.body),
  });

  app.route({
    ...route(contract.addPasskey),
    onRequest: [app.requireUser],
    config: { rateLimit: PER_ACCOUNT, allowedGates: SETUP_GATE },
    handler: async (request, reply) => {
      const { passkey, recoveryCodes } = await addPasskey(
        deps,
        currentUser(request),
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send({
        success: true as const,
        message: recoveryCodes ? P.addedFirst : P.added,
        passkey,
        ...(recoveryCodes ? { recoveryCodes } : {}),
      });
    },
  });

  app.route({
    ...route(contract.renamePasskey),
    onRequest: [app.requireUser],
    config: { rateLimit: PER_ACCOUNT },
    handler: async (request) => ({
      success: true as const,
      message: P.renamed,
      passkey: await renamePasskey(
        deps,
        currentUser(request),
        request.params.id,
        request.body.name,
        requestMeta(request),
      ),
    }),
  });

  app.route({
    ...route(contract.removePasskey),
    onRequest: [app.requireUser],
    config: { rateLimit: PER_ACCOUNT },
    handler: async (request) => ({
      success: true as const,
      message: await removePasskey(
        deps,
        currentUser(request),
        request.params.id,
        requestMeta(request),
      ),
    }),
  });

  app.route({
    ...contractRoute(contract.passkeySignInOptions, {
      tags: ['auth'],
      errors: errorResponses(400, 401, 409, 429),
    }),
    config: { rateLimit: SIGN_IN },
    handler: async (request) => signInPasskeyOptions(deps, request.body.challengeToken),
  });
};
