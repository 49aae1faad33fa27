import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { passkeys } from '../../db/schema';
import { TEST_PASSWORD, bearer, seedUser } from '../../../test/accounts';
import {
  describeAccessMatrix,
  type Caller,
  type MatrixEndpoint,
} from '../../../test/access-matrix';
import type { TestContext } from '../../../test/helpers';
import { SoftwareAuthenticator } from '../../../test/webauthn-authenticator';

/**
 * Passkeys' routes (ADR 037, "Passkeys"), for every kind of caller: each signed-in person's own
 * passkeys (any role may add them), nobody signed out, a person who must first change their
 * password only that, and nobody another person's passkey (404, as if it did not exist).
 */

const NO_ID = '00000000-0000-4000-8000-000000000000';
let seq = 0;

/** A passkey row for `userId` straight into the database (its key is never used here). */
async function seedPasskey(ctx: TestContext, userId: string, name = 'Seeded') {
  seq += 1;
  const [row] = await ctx.database.db
    .insert(passkeys)
    .values({
      userId,
      credentialId: randomBytes(16).toString('base64url'),
      publicKey: new Uint8Array(randomBytes(77)),
      name: `${name} ${seq}`,
    })
    .returning();
  return row!;
}

/** The caller's own passkey to act on: two of them, so staff may remove one. */
async function ownPasskeyId(ctx: TestContext, caller: Caller): Promise<string> {
  if (!caller.user) return NO_ID;
  await seedPasskey(ctx, caller.user.id);
  return (await seedPasskey(ctx, caller.user.id)).id;
}

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET /auth/2fa/passkeys': {
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/auth/2fa/passkeys' }),
    check: (body) =>
      expect((body as { passkeys: unknown[] }).passkeys.length).toBeGreaterThanOrEqual(0),
  },
  'POST /auth/2fa/passkeys/registration-options': {
    allowed: 200,
    request: () => ({
      method: 'POST',
      url: '/api/auth/2fa/passkeys/registration-options',
      payload: { password: TEST_PASSWORD },
    }),
    check: (body) =>
      expect(body).toMatchObject({ rp: { id: 'portal.test' }, challenge: expect.any(String) }),
  },
  'POST /auth/2fa/passkeys': {
    allowed: 201,
    // A real answer where the caller may ask for options; a made-up one for the others.
    request: async (ctx, caller) => {
      const asked = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/2fa/passkeys/registration-options',
        headers: caller.token ? bearer(caller.token) : {},
        payload: { password: TEST_PASSWORD },
      });
      const device = new SoftwareAuthenticator('http://portal.test');
      const response =
        asked.statusCode === 200
          ? device.register(asked.json())
          : device.register({ challenge: 'AAAA', rp: { name: 'x' }, user: { id: 'AAAA' } });
      return {
        method: 'POST',
        url: '/api/auth/2fa/passkeys',
        payload: { name: 'Phone', response },
      };
    },
    check: (body) => expect((body as { passkey: { name: string } }).passkey.name).toBe('Phone'),
  },
  'PATCH /auth/2fa/passkeys/:id': {
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'PATCH',
      url: `/api/auth/2fa/passkeys/${await ownPasskeyId(ctx, caller)}`,
      payload: { name: 'Renamed' },
    }),
    check: (body) => expect((body as { passkey: { name: string } }).passkey.name).toBe('Renamed'),
  },
  'DELETE /auth/2fa/passkeys/:id': {
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'DELETE',
      url: `/api/auth/2fa/passkeys/${await ownPasskeyId(ctx, caller)}`,
    }),
  },
  // Someone else's passkey: not found, whoever asks.
  'PATCH /auth/2fa/passkeys/:id (another person’s)': {
    allowed: 404,
    request: async (ctx) => {
      seq += 1;
      const owner = await seedUser(ctx, { role: 'client', email: `owner-${seq}@matrix.test` });
      const { id } = await seedPasskey(ctx, owner.id);
      return { method: 'PATCH', url: `/api/auth/2fa/passkeys/${id}`, payload: { name: 'Mine' } };
    },
  },
  'DELETE /auth/2fa/passkeys/:id (another person’s)': {
    allowed: 404,
    request: async (ctx) => {
      seq += 1;
      const owner = await seedUser(ctx, { role: 'advocate', email: `owner-${seq}@matrix.test` });
      await seedPasskey(ctx, owner.id);
      const { id } = await seedPasskey(ctx, owner.id);
      return { method: 'DELETE', url: `/api/auth/2fa/passkeys/${id}` };
    },
  },
};

describeAccessMatrix('/api/auth/2fa/passkeys access', ENDPOINTS);
