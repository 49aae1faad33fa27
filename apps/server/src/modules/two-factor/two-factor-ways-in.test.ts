import { TWO_FACTOR_TEXTS as T } from '@firm/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  TEST_SUPER_KEY,
  advocatePayload,
  bearer,
  enrolTotp,
  seedUser,
  sessionFor,
} from '../../../test/accounts';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';

const CHOSEN_PASSWORD = 'Kilimanjaro-Rains-2026';

/**
 * With the firm's grace at 0 (the default), a staff session reaches only the setup of a second
 * factor until one is on, whichever way it began: registration, an invitation link, a reset link
 * followed by the password, or the password alone (ADR 037, "Required of staff").
 */
describe('staff without a second factor, by every way in', () => {
  let ctx: TestContext;
  let address = 0;
  const nextAddress = () => `10.78.0.${(address += 1)}`;

  beforeEach(async () => {
    ctx = await createTestContext({ ADVOCATE_SUPER_KEY: TEST_SUPER_KEY });
  });
  afterEach(() => ctx.close());

  const post = (url: string, payload: object, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: nextAddress(),
      ...(token ? { headers: bearer(token) } : {}),
    });
  const get = (url: string, token: string) =>
    ctx.app.inject({ method: 'GET', url, headers: bearer(token), remoteAddress: nextAddress() });

  /** The session reaches the setup and me, and nothing else, until a second factor is on. */
  async function expectHeldAtSetup(token: string, user: { twoFactorDueAt?: string }) {
    expect(user.twoFactorDueAt).toBeDefined();
    for (const url of ['/api/cases', '/api/clients', '/api/dashboard/stats']) {
      const refused = await get(url, token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual({
        message: T.setupRequired,
        code: 'TWO_FACTOR_SETUP_REQUIRED',
      });
    }
    expect((await get('/api/auth/me', token)).statusCode).toBe(200);
    await enrolTotp(ctx, token);
    expect((await get('/api/cases', token)).statusCode).toBe(200);
  }

  /** The token of the last link to `path` emailed to `email`. */
  async function emailedToken(email: string, path: string): Promise<string> {
    await settleMail(ctx);
    const mail = ctx.mail.filter((each) => each.to === email).at(-1);
    expect(mail, `no email to ${email}`).toBeDefined();
    const match = new RegExp(`/${path}#token=([\\w-]+)`).exec(mail!.text);
    expect(match, mail!.text).not.toBeNull();
    return decodeURIComponent(match![1]!);
  }

  it('holds the first advocate, signed in by registering, at the setup', async () => {
    const registered = await post(
      '/api/auth/register',
      advocatePayload({ email: 'wambui.njoroge.kariuki@mwamba-advocates.co.ke' }),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const { token, user } = registered.json() as { token: string; user: object };
    // The registration session cannot add staff either.
    const adding = await post(
      '/api/user-management/create-admin',
      { firstName: 'Achieng', lastName: 'Otieno', email: 'achieng@mwamba-advocates.co.ke' },
      token,
    );
    expect(adding.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    await expectHeldAtSetup(token, user);
  });

  it('holds an admin who chose a password from the invitation at the setup', async () => {
    const advocate = await seedUser(ctx, {
      role: 'advocate',
      email: 'kamau.mwangi@mwamba-advocates.co.ke',
    });
    const advocateToken = await sessionFor(ctx, advocate);
    await enrolTotp(ctx, advocateToken);
    const email = 'nyambura.chebet.langat@mwamba-advocates.co.ke';
    const created = await post(
      '/api/user-management/create-admin',
      {
        firstName: 'Nyambura',
        lastName: 'Chebet Langat',
        email,
        permissions: { canOpenFiles: true },
      },
      advocateToken,
    );
    expect(created.statusCode, created.body).toBe(201);
    const accepted = await post('/api/auth/accept-invitation', {
      token: await emailedToken(email, 'welcome'),
      password: CHOSEN_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { token, user } = accepted.json() as { token: string; user: object };
    await expectHeldAtSetup(token, user);
  });

  it('holds an admin who set a password from a reset link, then signed in, at the setup', async () => {
    const email = 'otieno.barasa@mwamba-advocates.co.ke';
    await seedUser(ctx, { role: 'admin', email, permissions: { canOpenFiles: true } });
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const reset = await post('/api/auth/reset-password', {
      token: await emailedToken(email, 'reset-password'),
      password: CHOSEN_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await post('/api/auth/login', { email, password: CHOSEN_PASSWORD });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token, user } = signedIn.json() as { token: string; user: object };
    await expectHeldAtSetup(token, user);
  });

  it('holds an advocate signed in with the password at the setup', async () => {
    const email = 'akinyi.odera@mwamba-advocates.co.ke';
    await seedUser(ctx, { role: 'advocate', email });
    const signedIn = await post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token, user } = signedIn.json() as { token: string; user: object };
    await expectHeldAtSetup(token, user);
  });
});
