import { can, MESSAGES, type Action } from '@firm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionRow, UserRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { hashToken } from '../lib/tokens';
import { findLiveSession, touchSession } from '../modules/auth/sessions.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, read fresh from the database for this request; null for a visitor. */
    user: UserRow | null;
    session: SessionRow | null;
  }
  interface FastifyContextConfig {
    /**
     * Lets a user who must change their password call this route. Off by default: every route
     * refuses such a user with 403 PASSWORD_CHANGE_REQUIRED (DECISIONS "Accounts and security").
     */
    allowPasswordChangeRequired?: boolean;
  }
  interface FastifyInstance {
    /** Route guard (`onRequest: [app.requireUser]`): 401 unless a live session is presented. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /**
     * Route guard: 401 for a visitor, 403 unless `can(user, action)`, with `deniedMessage` (the
     * screen's own access text) or a generic one.
     */
    requirePermission: (
      action: Action,
      deniedMessage?: string,
    ) => (request: FastifyRequest) => Promise<void>;
  }
}

/** lastUsedAt is bookkeeping: write it at most this often per session. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in user of a guarded route (after requireUser). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw AppError.unauthorized(MESSAGES.signInRequired);
  return request.user;
}

export function currentSession(request: FastifyRequest): SessionRow {
  if (!request.session) throw AppError.unauthorized(MESSAGES.signInRequired);
  return request.session;
}

/**
 * Resolves `Authorization: Bearer <token>` on every request to a live session and its user, read
 * fresh from the database, so a deactivation or a permission change applies at the next request.
 * An unknown, expired or revoked token, or an inactive user, leaves the request signed out: public
 * routes still answer, guarded ones say 401. Routes are guarded per route with `requireUser` or
 * `requirePermission(action)`.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.decorateRequest('session', null);

    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (!token) return;
      const now = new Date();
      const found = await findLiveSession(app.db, hashToken(token), now);
      if (!found || !found.user.isActive) return;
      request.user = found.user;
      request.session = found.session;
      if (now.getTime() - found.session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        await touchSession(app.db, found.session.id, now);
      }
      if (
        found.user.mustChangePassword &&
        !request.routeOptions.config?.allowPasswordChangeRequired
      ) {
        throw AppError.forbidden(MESSAGES.passwordChangeRequired, 'PASSWORD_CHANGE_REQUIRED');
      }
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.user) throw AppError.unauthorized(MESSAGES.signInRequired);
    });

    app.decorate(
      'requirePermission',
      (action: Action, deniedMessage: string = MESSAGES.forbidden) =>
        async (request: FastifyRequest) => {
          const user = request.user;
          if (!user) throw AppError.unauthorized(MESSAGES.signInRequired);
          if (!can(user, action)) throw AppError.forbidden(deniedMessage);
        },
    );
  },
  { name: 'auth' },
);
