import { ADMIN_PERMISSION_KEYS, FIRM_SETTINGS_MESSAGES, TWO_FACTOR_TEXTS as T } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliveries, users } from '../../db/schema';
import {
  TEST_PASSWORD,
  bearer,
  enrolTotp,
  seedUser,
  sessionFor,
  signIn,
} from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * Staff must have a second factor (ADR 037): from their next sign-in without one, advocates and
 * admins reach only its setup, after the firm's grace days (none by default). Clients are never
 * asked. Each request reads the account afresh, so the gate falls as soon as it is set up.
 */
describe('two-factor sign-in required of staff', () => {
  let ctx: TestContext;
  let address = 0;
  const nextAddress = () => `10.77.0.${(address += 1)}`;

  beforeEach(async () => {
    ctx = await createTestContext({ API_DOCS: 'true' });
  });
  afterEach(() => ctx.close());

  const get = (url: string, token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      remoteAddress: nextAddress(),
      ...(token ? { headers: bearer(token) } : {}),
    });
  const login = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextAddress(),
      payload: { email, password: TEST_PASSWORD },
    });

  it('sends an advocate who signs in without one to its setup, and nowhere else, until it is on', async () => {
    const email = 'wanjiku.odhiambo@mwamba-advocates.co.ke';
    await seedUser(ctx, { role: 'advocate', email });
    const signedIn = await login(email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token, user } = signedIn.json() as {
      token: string;
      user: { twoFactorDueAt?: string; lastLogin: string };
    };
    // No grace by default: due at this very sign-in.
    expect(user.twoFactorDueAt).toBe(user.lastLogin);

    const cases = await get('/api/cases', token);
    expect(cases.statusCode).toBe(403);
    expect(cases.json()).toEqual({ message: T.setupRequired, code: 'TWO_FACTOR_SETUP_REQUIRED' });
    // Me, and what setting it up needs, still answer.
    const me = await get('/api/auth/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.json().twoFactorDueAt).toBe(user.twoFactorDueAt);
    expect((await get('/api/auth/2fa', token)).json()).toMatchObject({ totp: false });
    // A public page answers as to anyone.
    expect((await get('/api/public-config', token)).statusCode).toBe(200);

    await enrolTotp(ctx, token);
    expect((await get('/api/cases', token)).statusCode).toBe(200);
    expect((await get('/api/auth/me', token)).json().twoFactorDueAt).toBeUndefined();
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.twoFactorDueAt).toBeNull();
  });

  it('opens no route but me, sign-out and the setup to staff past their grace, where a visitor gets no more', async () => {
    const admin = await seedUser(ctx, {
      role: 'admin',
      email: 'achieng.wafula.otieno@mwamba-advocates.co.ke',
      permissions: Object.fromEntries(ADMIN_PERMISSION_KEYS.map((key) => [key, true])),
    });
    const token = await sessionFor(ctx, admin);
    // Due a minute ago: an admin with every toggle, so only the gate can refuse.
    await ctx.database.db
      .update(users)
      .set({ twoFactorDueAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, admin.id));

    const docs = (await get('/api/docs/json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const allowed = new Set([
      'GET /api/auth/me',
      'POST /api/auth/logout',
      'GET /api/auth/2fa',
      'POST /api/auth/2fa/totp/setup',
      'POST /api/auth/2fa/totp/enable',
    ]);
    const someId = '00000000-0000-4000-8000-000000000000';
    let gated = 0;
    for (const [path, methods] of Object.entries(docs.paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const key = `${method} ${path}`;
        // The passkey setup routes open too (they are a way to set one up).
        if (allowed.has(key) || path.startsWith('/api/auth/2fa/passkeys')) continue;
        const url = path.replace(/\{[^}]+\}/g, someId);
        const send = (auth?: string) =>
          ctx.app.inject({
            method: method as 'GET',
            url,
            remoteAddress: nextAddress(),
            ...(auth ? { headers: bearer(auth) } : {}),
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          });
        const asAdmin = await send(token);
        if (asAdmin.statusCode === 403 && asAdmin.json().code === 'TWO_FACTOR_SETUP_REQUIRED') {
          gated += 1;
          continue;
        }
        // Otherwise a public route: it answers as it does a visitor, no more.
        const asVisitor = await send();
        expect(asAdmin.statusCode, `${key}: ${asAdmin.body}`).toBe(asVisitor.statusCode);
        expect(asAdmin.statusCode, key).not.toBe(500);
      }
    }
    expect(gated).toBeGreaterThan(100);
    for (const key of allowed) {
      if (key.startsWith('POST')) continue;
      expect((await get(key.slice(4), token)).statusCode, key).toBe(200);
    }
  });

  it("gives staff the firm's grace from their first sign-in without one, and then requires it", async () => {
    const owner = await seedUser(ctx, { role: 'advocate', email: 'owner@mwamba-advocates.co.ke' });
    const ownerHeaders = bearer(await sessionFor(ctx, owner));
    const current = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/firm',
      headers: ownerHeaders,
    });
    const settings = current.json().settings as Record<string, unknown>;
    expect(settings.staffTwoFactorGraceDays).toBe(0);
    const put = (days: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/settings/firm',
        headers: ownerHeaders,
        payload: { ...settings, staffTwoFactorGraceDays: days },
      });
    for (const wrong of [8, -1, 1.5, 'a week']) {
      const refused = await put(wrong);
      expect(refused.statusCode, String(wrong)).toBe(400);
      expect(refused.json().errors.staffTwoFactorGraceDays).toBe(
        FIRM_SETTINGS_MESSAGES.twoFactorGraceInvalid,
      );
    }
    expect((await put(3)).statusCode).toBe(200);

    const email = 'mwangi.kiprotich@mwamba-advocates.co.ke';
    await seedUser(ctx, { role: 'admin', email, permissions: { canOpenFiles: true } });
    const first = await login(email);
    const due = Date.parse(first.json().user.twoFactorDueAt as string);
    expect(due - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(due - Date.now()).toBeLessThanOrEqual(3 * 86_400_000);
    const token = first.json().token as string;
    expect((await get('/api/cases', token)).statusCode).toBe(200);
    // A later sign-in does not move the day.
    const second = await login(email);
    expect(Date.parse(second.json().user.twoFactorDueAt as string)).toBe(due);

    // Three days on (the day moved back instead of the clock): only the setup opens.
    await ctx.database.db
      .update(users)
      .set({ twoFactorDueAt: new Date(Date.now() - 1000) })
      .where(eq(users.email, email));
    expect((await get('/api/cases', token)).json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
  });

  it('never asks a client, who may sign in with the password alone', async () => {
    const email = 'amina.wanjiru.odhiambo@example.co.ke';
    await seedUser(ctx, { role: 'client', email });
    const signedIn = await login(email);
    expect(signedIn.json().user.twoFactorDueAt).toBeUndefined();
    expect((await get('/api/cases', signedIn.json().token as string)).statusCode).toBe(200);
  });

  it('keeps staff from turning off their only second factor', async () => {
    const advocate = await seedUser(ctx, { role: 'advocate', email: 'otieno@mwamba.test' });
    const token = await sessionFor(ctx, advocate);
    const { recoveryCodes } = await enrolTotp(ctx, token);
    const off = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      headers: bearer(token),
      payload: { password: TEST_PASSWORD, recoveryCode: recoveryCodes[0] },
    });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ code: 'LAST_SECOND_FACTOR', message: T.lastSecondFactor });
    expect((await get('/api/auth/2fa', token)).json()).toMatchObject({ totp: true });
  });

  it('sends staff whose second factor an advocate reset straight to setting up a new one', async () => {
    const admin = await seedUser(ctx, {
      role: 'admin',
      email: 'njeri.kamau@mwamba.test',
      permissions: { canOpenFiles: true },
    });
    const adminToken = await sessionFor(ctx, admin);
    await enrolTotp(ctx, adminToken);
    expect((await get('/api/cases', adminToken)).statusCode).toBe(200);

    const advocate = await seedUser(ctx, { role: 'advocate', email: 'otieno@mwamba.test' });
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/user-management/user/${admin.id}/reset-two-factor`,
      headers: bearer(await sessionFor(ctx, advocate)),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await get('/api/cases', adminToken)).json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const [mail] = await ctx.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.kind, 'two_factor_reset'));
    expect(mail!.body).toContain('you will set it up again, with your new phone');

    // The password signs in; the new setup is what opens.
    const signedIn = await signIn(ctx, 'njeri.kamau@mwamba.test', TEST_PASSWORD, nextAddress());
    expect((await get('/api/cases', signedIn)).json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    await enrolTotp(ctx, signedIn);
    expect((await get('/api/cases', signedIn)).statusCode).toBe(200);
  });
});
