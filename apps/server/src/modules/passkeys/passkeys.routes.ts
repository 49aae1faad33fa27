import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  PASSKEY_TEXTS as P,
  passkeyAddInputSchema,
  passkeyAddedSchema,
  passkeyAuthenticationOptionsSchema,
  passkeyListSchema,
  passkeyOptionsInputSchema,
  passkeyParamsSchema,
  passkeyRegistrationOptionsInputSchema,
  passkeyRegistrationOptionsSchema,
  passkeyRenameInputSchema,
  passkeyRenamedSchema,
  successMessageSchema,
} from '@firm/shared';
import { currentUser, type AccountGate } from '../../plugins/auth';
import { errorResponses, requestMeta } from '../../lib/route-kit';
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
  const tags = ['two-factor sign-in'];

  app.get(
    '/auth/2fa/passkeys',
    {
      schema: {
        tags,
        summary: "The caller's passkeys",
        response: { 200: passkeyListSchema, ...errors },
      },
      onRequest: [app.requireUser],
      config: { allowedGates: SETUP_GATE },
    },
    async (request) => ({ passkeys: await listPasskeys(deps, currentUser(request)) }),
  );

  app.post(
    '/auth/2fa/passkeys/registration-options',
    {
      schema: {
        tags,
        summary:
          'WebAuthn options to create a passkey (PublicKeyCredentialCreationOptionsJSON), with the password; the challenge lasts 5 minutes',
        body: passkeyRegistrationOptionsInputSchema,
        response: { 200: passkeyRegistrationOptionsSchema, ...errors },
      },
      onRequest: [app.requireUser],
      config: { rateLimit: PER_ACCOUNT, allowedGates: SETUP_GATE },
    },
    async (request) => registrationOptions(deps, currentUser(request), request.body),
  );

  app.post(
    '/auth/2fa/passkeys',
    {
      schema: {
        tags,
        summary:
          "Adds a passkey from the device's answer; the account's first second factor also gets ten recovery codes, and the owner is emailed",
        body: passkeyAddInputSchema,
        response: { 201: passkeyAddedSchema, ...errors },
      },
      onRequest: [app.requireUser],
      config: { rateLimit: PER_ACCOUNT, allowedGates: SETUP_GATE },
    },
    async (request, reply) => {
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
  );

  app.patch(
    '/auth/2fa/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Renames one of the caller’s passkeys',
        params: passkeyParamsSchema,
        body: passkeyRenameInputSchema,
        response: { 200: passkeyRenamedSchema, ...errors },
      },
      onRequest: [app.requireUser],
      config: { rateLimit: PER_ACCOUNT },
    },
    async (request) => ({
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
  );

  app.delete(
    '/auth/2fa/passkeys/:id',
    {
      schema: {
        tags,
        summary:
          'Removes one of the caller’s passkeys (staff keep at least one second factor: 409)',
        params: passkeyParamsSchema,
        response: { 200: successMessageSchema, ...errors },
      },
      onRequest: [app.requireUser],
      config: { rateLimit: PER_ACCOUNT },
    },
    async (request) => ({
      success: true as const,
      message: await removePasskey(
        deps,
        currentUser(request),
        request.params.id,
        requestMeta(request),
      ),
    }),
  );

  app.post(
    '/auth/login/2fa/passkey-options',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Sign in's second step with a passkey: WebAuthn options (PublicKeyCredentialRequestOptionsJSON) for the challenge",
        body: passkeyOptionsInputSchema,
        response: {
          200: passkeyAuthenticationOptionsSchema,
          ...errorResponses(400, 401, 409, 429),
        },
      },
      config: { rateLimit: SIGN_IN },
    },
    async (request) => signInPasskeyOptions(deps, request.body.challengeToken),
  );
};
