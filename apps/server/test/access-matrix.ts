import {
  ADMIN_PERMISSION_KEYS,
  MESSAGES,
  can,
  isClientAccount,
  type Action,
  type Actor,
  type AdminPermissionKey,
  type AdminPermissions,
  refusalText,
} from '@firm/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema';
import { bearer, seedUser, sessionFor } from './accounts';
import { createTestContext, type TestContext } from './helpers';

/**
 * The role × endpoint table, generated (ADR 011). A module's access test lists its endpoints, each
 * with the action `can()` must allow and how to build a request (on a fresh target where it needs
 * one); the helper signs in every kind of caller and expects, for each endpoint:
 * - signed out: 401 'Please sign in to continue';
 * - holding a temporary password: 403 PASSWORD_CHANGE_REQUIRED;
 * - refused by `can()`: 403 with the endpoint's denied message (or 404 where it says so: a record
 *   the caller may not know of);
 * - allowed: the endpoint's success status, the call really made.
 * Callers: a client, an advocate, and admins with no toggle, all six, each toggle alone and all but
 * each one, so that a route checking the wrong toggle fails here.
 */

export interface Caller {
  name: string;
  /** null: signed out. */
  actor: (Actor & { mustChangePassword?: boolean }) | null;
  /** Filled in once the caller is signed in. */
  user?: UserRow;
  token?: string;
}

export interface MatrixEndpoint {
  /** What `can()` must allow for the call to go through; none: any signed-in person (own records). */
  action?: Action;
  /** The status of an allowed call. */
  allowed: number;
  /** The body's message of a refused call (403). */
  deniedMessage?: string;
  /** What a refused caller gets: 403 (default), or 404 for a record they may not know of. */
  refused?: 403 | 404;
  /** The request, built for this caller (a fresh target, one of the caller's own records …). */
  request: (ctx: TestContext, caller: Caller) => Promise<InjectOptions> | InjectOptions;
  /** Further checks of an allowed call's answer (its JSON, or its bytes when not JSON). */
  check?: (body: unknown, caller: Caller) => void;
}

const toggles = (on: (key: AdminPermissionKey) => boolean) =>
  Object.fromEntries(ADMIN_PERMISSION_KEYS.map((key) => [key, on(key)])) as AdminPermissions;
const allOn = toggles(() => true);
const only = (key: AdminPermissionKey) => toggles((each) => each === key);
const allBut = (key: AdminPermissionKey) => toggles((each) => each !== key);

/**
 * The client a request is about: the caller's own account when the caller is a client (a client
 * acts on their own records), else a fresh client with the `email` given.
 */
export async function clientFor(ctx: TestContext, caller: Caller, email: string): Promise<string> {
  if (caller.actor && isClientAccount(caller.actor) && caller.user) return caller.user.id;
  return (await seedUser(ctx, { role: 'client', email })).id;
}

/** Every kind of caller the matrix tries. */
export function standardCallers(): Caller[] {
  return [
    { name: 'signed out', actor: null },
    { name: 'must change password', actor: { role: 'advocate', mustChangePassword: true } },
    { name: 'client', actor: { role: 'client' } },
    { name: 'admin, no toggles', actor: { role: 'admin', permissions: toggles(() => false) } },
    { name: 'admin, all six toggles', actor: { role: 'admin', permissions: allOn } },
    ...ADMIN_PERMISSION_KEYS.flatMap((key): Caller[] => [
      { name: `admin, ${key} only`, actor: { role: 'admin', permissions: only(key) } },
      { name: `admin, all but ${key}`, actor: { role: 'admin', permissions: allBut(key) } },
    ]),
    { name: 'advocate', actor: { role: 'advocate' } },
  ];
}

/** What the matrix expects `caller` to get from `endpoint`. */
export function expectedStatus(endpoint: MatrixEndpoint, caller: Caller): number {
  if (!caller.actor) return 401;
  if (caller.actor.mustChangePassword) return 403;
  return endpoint.action === undefined || can(caller.actor, endpoint.action)
    ? endpoint.allowed
    : (endpoint.refused ?? 403);
}

let seq = 0;

/**
 * Declares one describe block per endpoint and one test per caller. Call it at the top level of a
 * module's `*.access.test.ts`.
 */
export function describeAccessMatrix(
  title: string,
  endpoints: Record<string, MatrixEndpoint>,
  options: { env?: Record<string, string>; callers?: Caller[] } = {},
): void {
  const callers = options.callers ?? standardCallers();
  let ctx: TestContext;

  describe(title, () => {
    beforeAll(async () => {
      ctx = await createTestContext(options.env);
      for (const caller of callers) {
        if (!caller.actor) continue;
        seq += 1;
        const { role, permissions, mustChangePassword } = caller.actor;
        caller.user = await seedUser(ctx, {
          role,
          email: `caller-${seq}-${role}@matrix.test`,
          permissions: permissions ?? undefined,
          mustChangePassword: mustChangePassword ?? false,
        });
        caller.actor = { ...caller.actor, id: caller.user.id };
        caller.token = await sessionFor(ctx, caller.user);
      }
    });
    afterAll(() => ctx?.close());

    describe.each(Object.entries(endpoints))('%s', (_name, endpoint) => {
      it.each(callers.map((caller) => [caller.name, caller] as const))(
        '%s',
        async (_callerName, caller) => {
          const expected = expectedStatus(endpoint, caller);
          const request = await endpoint.request(ctx, caller);
          const response = await ctx.app.inject({
            ...request,
            headers: { ...request.headers, ...(caller.token ? bearer(caller.token) : {}) },
          });
          expect(response.statusCode, response.body).toBe(expected);
          // A file (a download, a CSV) is checked as its bytes; every other answer as JSON.
          const isJson = String(response.headers['content-type'] ?? '').includes('json');
          const body = (isJson ? response.json() : response.rawPayload) as {
            message?: string;
            code?: string;
          };
          if (expected === 401) expect(body.message).toBe(MESSAGES.signInRequired);
          else if (expected === 403 && caller.actor?.mustChangePassword) {
            expect(body.code).toBe('PASSWORD_CHANGE_REQUIRED');
          } else if (expected === 403 && endpoint.deniedMessage) {
            // The action's words, then the toggle that would allow it and who turns it on.
            const message = endpoint.action
              ? refusalText(endpoint.deniedMessage, endpoint.action)
              : endpoint.deniedMessage;
            expect(body).toEqual({ message, code: 'FORBIDDEN' });
          } else if (expected < 300) endpoint.check?.(body, caller);
        },
      );
    });
  });
}
