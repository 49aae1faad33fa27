import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  TWO_FACTOR_TEXTS as T,
  recoveryCodesRenewInputSchema,
  recoveryCodesSchema,
  successMessageSchema,
  totpEnableInputSchema,
  totpSetupSchema,
  twoFactorDisableInputSchema,
  twoFactorStatusSchema,
} from '@firm/shared';
import { currentUser, type AccountGate } from '../../plugins/auth';
import { errorResponses, requestMeta } from '../../lib/route-kit';
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

/** Staff past their grace reach these: what they have, and setting one up (ADR 037). */
export const SETUP_GATE: readonly AccountGate[] = ['two-factor-setup'];

/** `/api/auth/2fa/*`: the signed-in person's own second factor (ADR 037). */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: TwoFactorDeps = { db: app.db, box: app.twoFactorBox };
  const tags = ['two-factor sign-in'];

  app.get(
    '/auth/2fa',
    {
      schema: {
        tags,
        summary: "What protects the caller's sign-in",
        response: { 200: twoFactorStatusSchema, ...errors },
      },
      onRequest: [app.requireUser],
      config: { allowedGates: SETUP_GATE },
    },
    async (request) => twoFactorStatus(deps, currentUser(request)),
  );

  app.post(
    '/auth/2fa/totp/setup',
    {
      schema: {
        tags,
        summary:
          'A new authenticator key (text and otpauth:// address), on once a code confirms it',
        response: { 200: totpSetupSchema, ...errors },
      },
      onRequest: [app.requireUser],
      config: { rateLimit: PER_ACCOUNT, allowedGates: SETUP_GATE },
    },
    async (request) => setUpTotp(deps, currentUser(request)),
  );

  app.post(
    '/auth/2fa/totp/enable',
    {
      schema: {
        tags,
        summary: 'Turns it on with a code from the app; answers the ten recovery codes, shown once',
        body: totpEnableInputSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
      onRequest: [app.requireUser],
      config: { rateLimit: PER_ACCOUNT, allowedGates: SETUP_GATE },
    },
    async (request) => ({
      success: true as const,
      message: T.enabled,
      recoveryCodes: await enableTotp(
        deps,
        currentUser(request),
        request.body.code,
        requestMeta(request),
      ),
    }),
  );

  app.post(
    '/auth/2fa/disable',
    {
      schema: {
        tags,
        summary: 'Turns it off: the password and a code from the app (or a recovery code)',
        body: twoFactorDisableInputSchema,
        response: { 200: successMessageSchema, ...errors },
      },
      onRequest: [app.requireUser],
      config: { rateLimit: PER_ACCOUNT },
    },
    async (request) => {
      const message = await disableTwoFactor(
        deps,
        currentUser(request),
        request.body,
        requestMeta(request),
      );
      return { success: true as const, message };
    },
  );

  app.post(
    '/auth/2fa/recovery-codes',
    {
      schema: {
        tags,
        summary:
          'Ten new recovery codes, with the password; the old ones stop working, and the owner is emailed',
        body: recoveryCodesRenewInputSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
      onRequest: [app.requireUser],
      config: { rateLimit: PER_ACCOUNT },
    },
    async (request) => ({
      success: true as const,
      message: T.recoveryCodesRenewed,
      recoveryCodes: await renewRecoveryCodes(
        { ...deps, outbox: app.outbox, publicUrl: app.config.publicUrl },
        currentUser(request),
        request.body,
        requestMeta(request),
      ),
    }),
  );
};
