import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  MESSAGES,
  authSessionSchema,
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  passwordChangedSchema,
  publicUserSchema,
  registerInputSchema,
  registrationPendingSchema,
  resetPasswordInputSchema,
  successMessageSchema,
  verifySuperKeyInputSchema,
  AUTH_MESSAGES,
  apiErrorSchema,
  loginSecondStepInputSchema,
  SECOND_FACTOR_METHODS,
} from '@firm/shared';
import { ANY_GATE, currentSession, currentUser } from '../../plugins/auth';
import { toPublicUser } from '../users/user-serializer';
import { z } from 'zod';
import type { AuthDeps } from './auth-deps';
import { changePassword } from './change-password.service';
import { acceptInvitation, requestPasswordReset, resetPassword } from './password-links.service';
import { isSuperKey, registerAdvocate, wrongSuperKey } from './registration.service';
import { login, logout, signInSecondStep } from './sign-in.service';
import { MemoryUnknownAccountThrottle } from './login-throttle';
import { RedisUnknownAccountThrottle } from './redis-login-throttle';
import { errorResponses } from '../../lib/route-kit';

/** A refused sign-in, or (TWO_FACTOR_REQUIRED) the challenge the second step takes (ADR 037). */
const challengeOrErrorSchema = apiErrorSchema.extend({
  challengeToken: z.string().optional(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)).optional(),
});

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

  app.post(
    '/auth/verify-super-key',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check the advocate registration key before showing the form',
        body: verifySuperKeyInputSchema,
        response: {
          200: successMessageSchema,
          ...errorResponses(400, 401, 429),
        },
      },
      config: { rateLimit: LIMITS.superKey },
    },
    async (request) => {
      if (!isSuperKey(deps, request.body.superKey)) throw await wrongSuperKey(deps);
      return { success: true as const, message: AUTH_MESSAGES.superKeyVerified };
    },
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Register an advocate (super key required): 201 with a session for the first, 202 pending for later ones',
        body: registerInputSchema,
        response: {
          201: authSessionSchema,
          202: registrationPendingSchema,
          ...errorResponses(400, 401, 409, 429),
        },
      },
      config: { rateLimit: LIMITS.register },
    },
    async (request, reply) => {
      const result = await registerAdvocate(deps, request.body, meta(request));
      if (result.status === 'pending') {
        return reply
          .status(202)
          .send({ message: AUTH_MESSAGES.registrationPending, user: result.user });
      }
      return reply.status(201).send({ token: result.token, user: result.user });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in: a session token and the user; with a second factor, 401 TWO_FACTOR_REQUIRED and a challenge',
        body: loginInputSchema,
        response: {
          200: authSessionSchema,
          ...errorResponses(400, 403, 429),
          401: challengeOrErrorSchema,
        },
      },
      config: { rateLimit: LIMITS.login },
    },
    async (request) => login(deps, request.body, meta(request)),
  );

  app.post(
    '/auth/login/2fa',
    {
      schema: {
        tags: ['auth'],
        summary: "Sign in's second step: the challenge and a code from the app, or a recovery code",
        body: loginSecondStepInputSchema,
        response: { 200: authSessionSchema, ...errorResponses(400, 401, 429) },
      },
      // The login's limit: each code tried is a sign-in attempt from this address.
      config: { rateLimit: LIMITS.login },
    },
    async (request) => signInSecondStep(deps, request.body, meta(request)),
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: publicUserSchema, ...errorResponses(401) },
      },
      onRequest: [app.requireUser],
      config: { allowedGates: ANY_GATE },
    },
    async (request) => toPublicUser(currentUser(request)),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        response: { 200: successMessageSchema, ...errorResponses(401) },
      },
      onRequest: [app.requireUser],
      config: { allowedGates: ANY_GATE },
    },
    async (request) => {
      await logout(deps, currentSession(request));
      return { success: true as const, message: MESSAGES.logoutSuccess };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (the same answer whether or not the account exists)',
        body: forgotPasswordInputSchema,
        response: { 200: successMessageSchema, ...errorResponses(400, 429) },
      },
      config: { rateLimit: LIMITS.forgotPassword },
    },
    async (request) => {
      const { email } = request.body;
      const requestMeta = meta(request);
      // After the answer: known and unknown emails do the same work before it.
      app.backgroundTasks.run('password reset email', () =>
        requestPasswordReset(deps, email, requestMeta),
      );
      return { success: true as const, message: AUTH_MESSAGES.forgotPasswordSent };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed token; ends every session',
        body: resetPasswordInputSchema,
        response: { 200: successMessageSchema, ...errorResponses(400, 429) },
      },
      config: { rateLimit: LIMITS.resetPassword },
    },
    async (request) => {
      const takenBack = await resetPassword(deps, request.body, meta(request));
      return {
        success: true as const,
        message: [AUTH_MESSAGES.passwordResetDone, ...takenBack].join(' '),
      };
    },
  );

  app.post(
    '/auth/accept-invitation',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Choose a password with a welcome email's invitation token (ADR 024); answers with a session",
        body: resetPasswordInputSchema,
        response: { 200: authSessionSchema, ...errorResponses(400, 429) },
      },
      config: { rateLimit: LIMITS.resetPassword },
    },
    async (request) => acceptInvitation(deps, request.body, meta(request)),
  );

  app.post(
    '/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password; ends their other sessions",
        body: changePasswordInputSchema,
        response: {
          200: passwordChangedSchema,
          ...errorResponses(400, 401, 429),
        },
      },
      onRequest: [app.requireUser],
      config: { allowedGates: ['password-change'], rateLimit: LIMITS.changePassword },
    },
    async (request) => {
      const user = await changePassword(
        deps,
        currentUser(request),
        currentSession(request),
        request.body,
        meta(request),
      );
      return { success: true as const, message: AUTH_MESSAGES.passwordChanged, user };
    },
  );
};
