import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  MESSAGES,
  registrationPendingSchema,
  AUTH_MESSAGES,
  apiErrorSchema,
  SECOND_FACTOR_METHODS,
} from '@firm/shared';
import { authContract as contract } from '@firm/shared/auth/contract';
import { ANY_GATE, currentSession, currentUser } from '../../plugins/auth';
import { toPublicUser } from '../users/user-serializer';
import { z, type ZodType } from 'zod';
import type { AuthDeps } from './auth-deps';
import { changePassword } from './change-password.service';
import { acceptInvitation, requestPasswordReset, resetPassword } from './password-links.service';
import { isSuperKey, registerAdvocate, wrongSuperKey } from './registration.service';
import { login, logout, signInSecondStep } from './sign-in.service';
import { MemoryUnknownAccountThrottle } from './login-throttle';
import { RedisUnknownAccountThrottle } from './redis-login-throttle';
import { contractRoute, errorResponses } from '../../lib/route-kit';

/** A refused sign-in, or (TWO_FACTOR_REQUIRED) the challenge the second step takes (ADR 037). */
const challengeOrErrorSchema = apiErrorSchema.extend({
  challengeToken: z.string().optional(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)).optional(),
});

const route = <
  E extends Parameters<typeof contractRoute>[0],
  Errors extends Record<number, ZodType>,
>(
  endpoint: E,
  errors: Errors,
) => contractRoute(endpoint, { tags: ['auth'], errors });

const meta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/**
 * Per-IP limits. Mobile networks in Kenya put many people behind one address (CGNAT), so they
 * stop floods, not people; guessing one account's password is stopped by its own lock-out.
 */
const LIMITS = {
  superKey: { max: 10, timeWindow: '15 minutes' },
  register: { max: 10, timeWindow: '15 minutes' },
  login: { max: 20, timeWindow: '1 minute' },
  forgotPassword: { max: 5, timeWindow: '15 minutes' },
  resetPassword: { max: 10, timeWindow: '15 minutes' },
  // Counted per account, not per address: a whole office behind one address changes its
  // temporary passwords on its first morning, while a stolen session guessing the current
  // password still gets 10 tries in 15 minutes (the route needs a session; the auth plugin has
  // set the user before this runs).
  changePassword: {
    max: 10,
    timeWindow: '15 minutes',
    keyGenerator: (request: FastifyRequest) =>
      request.session ? `change-password:${request.session.userId}` : request.ip,
  },
};

/** `/api/auth/*`: docs/product-rules.md#wire-contract and #accounts. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AuthDeps = {
    db: app.db,
    outbox: app.outbox,
    publicUrl: app.config.publicUrl,
    // Read at each use: a rotation from System Settings applies to the next registration.
    get superKey() {
      return app.superKey.current();
    },
    superKeySource: app.superKey.source,
    throttle: app.redis
      ? new RedisUnknownAccountThrottle(app.redis, app.redisKeyPrefix)
      : new MemoryUnknownAccountThrottle(),
    logger: app.log,
    events: app.domainEvents,
    twoFactorBox: app.twoFactorBox,
  };

  app.route({
    ...route(contract.verifySuperKey, errorResponses(400, 401, 429)),
    config: { rateLimit: LIMITS.superKey },
    handler: async (request) => {
      if (!isSuperKey(deps, request.body.superKey)) throw await wrongSuperKey(deps);
      return { success: true as const, message: AUTH_MESSAGES.superKeyVerified };
    },
  });

  app.route({
    // The contract's answer is the first advocate's (201); later ones wait, pending (202).
    ...route(contract.registerAdvocate, {
      202: registrationPendingSchema,
      ...errorResponses(400, 401, 409, 429),
    }),
    config: { rateLimit: LIMITS.register },
    handler: async (request, reply) => {
      const result = await registerAdvocate(deps, request.body, meta(request));
      if (result.status === 'pending') {
        return reply
          .status(202)
          .send({ message: AUTH_MESSAGES.registrationPending, user: result.user });
      }
      return reply.status(201).send({ token: result.token, user: result.user });
    },
  });

  app.route({
    ...route(contract.signIn, { ...errorResponses(400, 403, 429), 401: challengeOrErrorSchema }),
    config: { rateLimit: LIMITS.login },
    handler: async (request) => login(deps, request.body, meta(request)),
  });

  app.route({
    ...route(contract.signInSecondStep, errorResponses(400, 401, 429)),
    // The login's limit: each code tried is a sign-in attempt from this address.
    config: { rateLimit: LIMITS.login },
    handler: async (request) => signInSecondStep(deps, request.body, meta(request)),
  });

  app.route({
    ...route(contract.signedInUser, errorResponses(401)),
    onRequest: [app.requireUser],
    config: { allowedGates: ANY_GATE },
    handler: async (request) => toPublicUser(currentUser(request)),
  });

  app.route({
    ...route(contract.signOut, errorResponses(401)),
    onRequest: [app.requireUser],
    config: { allowedGates: ANY_GATE },
    handler: async (request) => {
      await logout(deps, currentSession(request));
      return { success: true as const, message: MESSAGES.logoutSuccess };
    },
  });

  app.route({
    ...route(contract.forgotPassword, errorResponses(400, 429)),
    config: { rateLimit: LIMITS.forgotPassword },
    handler: async (request) => {
      const { email } = request.body;
      const requestMeta = meta(request);
      // After the answer: known and unknown emails do the same work before it.
      app.backgroundTasks.run('password reset email', () =>
        requestPasswordReset(deps, email, requestMeta),
      );
      return { success: true as const, message: AUTH_MESSAGES.forgotPasswordSent };
    },
  });

  app.route({
    ...route(contract.resetPassword, errorResponses(400, 429)),
    config: { rateLimit: LIMITS.resetPassword },
    handler: async (request) => {
      const takenBack = await resetPassword(deps, request.body, meta(request));
      return {
        success: true as const,
        message: [AUTH_MESSAGES.passwordResetDone, ...takenBack].join(' '),
      };
    },
  });

  app.route({
    ...route(contract.acceptInvitation, errorResponses(400, 429)),
    config: { rateLimit: LIMITS.resetPassword },
    handler: async (request) => acceptInvitation(deps, request.body, meta(request)),
  });

  app.route({
    ...route(contract.changePassword, errorResponses(400, 401, 429)),
    onRequest: [app.requireUser],
    config: { allowedGates: ['password-change'], rateLimit: LIMITS.changePassword },
    handler: async (request) => {
      const user = await changePassword(
        deps,
        currentUser(request),
        currentSession(request),
        request.body,
        meta(request),
      );
      return { success: true as const, message: AUTH_MESSAGES.passwordChanged, user };
    },
  });
};
