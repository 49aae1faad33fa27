import {
  MESSAGES,
  TWO_FACTOR_TEXTS,
  secondFactorRequired,
  twoFactorSetupState,
  type Action,
} from '@firm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionRow, UserRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { assertCan } from '../lib/permissions';
import { hashToken } from '../lib/tokens';
import { liveSessionLookup } from '../modules/auth/live-sessions';
import { touchSession } from '../modules/auth/sessions.repository';

/** What an account must do before the rest of the API opens to it. */
export type AccountGate = 'password-change' | 'two-factor-setup';

/** Me, sign-out and the gate's own way out open under either gate. */
export const ANY_GATE: readonly AccountGate[] = ['password-change', 'two-factor-setup'];

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user as the database holds it now (never older than its last change); null
     * for a visitor. Shared between requests on the embedded database (see live-sessions.ts):
     * read it, never change it.
     */
    user: UserRow | null;
    session: SessionRow | null;
    /**
     * A live session whose account must first do one thing, on a route that does not allow it:
     * change a temporary password, or (staff past their grace) set up a second factor. `user`
     * stays null (public routes answer as to a visitor) and the guards answer 403 with its code.
     */
    accountGate: AccountGate | null;
  }
  interface FastifyContextConfig {
    /**
     * The gates under which this guarded route still opens (docs/roles-and-permissions.md): none by
     * default, so every route that needs a session refuses a gated account with 403
     * PASSWORD_CHANGE_REQUIRED or TWO_FACTOR_SETUP_REQUIRED; public routes answer it as a visitor.
     */
    allowedGates?: readonly AccountGate[];
  }
  interface FastifyInstance {
    /** Route guard (`onRequest: [app.requireUser]`): 401 unless a live session is presented. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /**
     * Route guard: 401 for a visitor, 403 unless `can(user, action)`, with `deniedMessage` (the
     * screen's own access text) or a generic one.
     */
    requirePermission: (action: Action) => (request: FastifyRequest) => Promise<void>;
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

/** The first thing the account must do: a temporary password is changed before anything else. */
function gateOf(user: UserRow, now: Date): AccountGate | null {
  if (user.mustChangePassword) return 'password-change';
  if (
    secondFactorRequired(user) &&
    twoFactorSetupState({ twoFactorDueAt: user.twoFactorDueAt?.toISOString() }, now) === 'required'
  ) {
    return 'two-factor-setup';
  }
  return null;
}

/** The signed-in user of a guarded route (after requireUser). */
export function currentUser(request: FastifyRequest): UserRow {
  if (request.accountGate === 'password-change') {
    throw AppError.forbidden(MESSAGES.passwordChangeRequired, 'PASSWORD_CHANGE_REQUIRED');
  }
  if (request.accountGate === 'two-factor-setup') {
    throw AppError.forbidden(TWO_FACTOR_TEXTS.setupRequired, 'TWO_FACTOR_SETUP_REQUIRED');
  }
  if (!request.user) throw AppError.unauthorized(MESSAGES.signInRequired);
  return request.user;
}

export function currentSession(request: FastifyRequest): SessionRow {
  if (!request.session) throw AppError.unauthorized(MESSAGES.signInRequired);
  return request.session;
}

/**
 * Resolves `Authorization: Bearer <token>` on every request to a live session and its user, as the
 * database holds them now, so a deactivation or a permission change applies at the next request.
 * An unknown, expired or revoked token, or an inactive user, leaves the request signed out: public
 * routes still answer, guarded ones say 401. Routes are guarded per route with `requireUser` or
 * `requirePermission(action)`.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.decorateRequest('session', null);
    app.decorateRequest('accountGate', null);
    const findLiveSession = liveSessionLookup(app.database);

    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (!token) return;
      const now = new Date();
      const found = await findLiveSession(hashToken(token), now);
      if (!found || !found.user.isActive) return;
      if (now.getTime() - found.session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        await touchSession(app.db, found.session.id, now, TOUCH_INTERVAL_MS);
      }
      // The gate belongs to routes that need a session (the guards below): the home page, health,
      // the contact form and the public config answer a must-change user as anyone else.
      const gate = gateOf(found.user, now);
      if (gate && !request.routeOptions.config?.allowedGates?.includes(gate)) {
        request.accountGate = gate;
        return;
      }
      request.user = found.user;
      request.session = found.session;
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      currentUser(request);
    });

    app.decorate('requirePermission', (action: Action) => async (request: FastifyRequest) => {
      assertCan(currentUser(request), action);
    });
  },
  { name: 'auth' },
);
