import { DENIED_TEXTS } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { hashToken } from '../lib/tokens';
import { currentUser } from './auth';
import { createTestContext, type TestContext } from '../../test/helpers';
import { TEST_SUPER_KEY, bearer, seedUser, sessionFor, signIn } from '../../test/accounts';

/** The guards as a future module uses them, on routes added for the test. */
describe('auth plugin guards', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(
      { ADVOCATE_SUPER_KEY: TEST_SUPER_KEY },
      {
        beforeReady(app) {
          app.get('/api/test/signed-in', { onRequest: [app.requireUser] }, async (request) => ({
            email: currentUser(request).email,
          }));
          app.post(
            '/api/test/cases',
            { onRequest: [app.requirePermission('cases:create')] },
            async () => ({ created: true }),
          );
          app.get('/api/test/public', async (request) => ({ signedIn: request.user !== null }));
        },
      },
    );
  });
  afterEach(() => ctx.close());

  const call = (method: 'GET' | 'POST', url: string, token?: string) =>
    ctx.app.inject({ method, url, headers: token ? bearer(token) : {} });

  it('requireUser: 401 for a visitor, the user for a session', async () => {
    expect((await call('GET', '/api/test/signed-in')).statusCode).toBe(401);
    await seedUser(ctx, { role: 'client', email: 'client@example.test' });
    const token = await signIn(ctx, 'client@example.test');
    const response = await call('GET', '/api/test/signed-in', token);
    expect(response.json()).toEqual({ email: 'client@example.test' });
  });

  it('requirePermission: follows can(), reading admin toggles fresh on every request', async () => {
    const admin = await seedUser(ctx, { role: 'admin', email: 'admin@example.test' });
    await seedUser(ctx, { role: 'client', email: 'client@example.test' });
    const advocate = await seedUser(ctx, { role: 'advocate', email: 'advocate@example.test' });
    // Staff sessions straight into the database: signing in would first ask them to set up a
    // second factor (two-factor-required.test.ts).
    const adminToken = await sessionFor(ctx, admin);

    expect((await call('POST', '/api/test/cases')).statusCode).toBe(401);
    const refused = await call('POST', '/api/test/cases', adminToken);
    expect(refused.statusCode).toBe(403);
    // Refused in the words of the action refused (one list of denied texts in packages/shared).
    expect(refused.json().message).toBe(DENIED_TEXTS['cases:create']);

    await ctx.database.db
      .update(users)
      .set({
        permissions: {
          canOpenFiles: false,
          canUploadFiles: false,
          canAdmitClients: false,
          canManageCases: true,
          canScheduleAppointments: false,
          canAccessReports: false,
        },
      })
      .where(eq(users.id, admin.id));
    expect((await call('POST', '/api/test/cases', adminToken)).statusCode).toBe(200);

    const clientToken = await signIn(ctx, 'client@example.test');
    expect((await call('POST', '/api/test/cases', clientToken)).statusCode).toBe(403);
    const advocateToken = await sessionFor(ctx, advocate);
    expect((await call('POST', '/api/test/cases', advocateToken)).statusCode).toBe(200);
  });

  it('a deactivation or a revoked session, however written, applies at the next request', async () => {
    // On the embedded database found sessions are kept in memory (live-sessions.ts): any change
    // to users or sessions, even one no service made, must drop them.
    const client = await seedUser(ctx, { role: 'client', email: 'client@example.test' });
    const token = await signIn(ctx, 'client@example.test');
    const other = await signIn(ctx, 'client@example.test');
    expect((await call('GET', '/api/test/signed-in', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/test/signed-in', other)).statusCode).toBe(200);

    await ctx.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(other)));
    expect((await call('GET', '/api/test/signed-in', other)).statusCode).toBe(401);
    expect((await call('GET', '/api/test/signed-in', token)).statusCode).toBe(200);

    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, client.id));
    expect((await call('GET', '/api/test/signed-in', token)).statusCode).toBe(401);
    await ctx.database.db.update(users).set({ isActive: true }).where(eq(users.id, client.id));
    expect((await call('GET', '/api/test/signed-in', token)).statusCode).toBe(200);
  });

  it('public routes still answer with a bad token, as a visitor', async () => {
    const response = await call('GET', '/api/test/public', 'nonsense');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signedIn: false });
  });

  it('holds a must-change-password user on every route that needs a session', async () => {
    await seedUser(ctx, { role: 'advocate', email: 'temp@example.test', mustChangePassword: true });
    const token = await signIn(ctx, 'temp@example.test');
    for (const [method, url] of [
      ['GET', '/api/test/signed-in'],
      ['POST', '/api/test/cases'],
      ['GET', '/api/user-management/users'],
    ] as const) {
      const response = await call(method, url, token);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    }
  });

  it('answers a must-change-password user on public routes as a visitor', async () => {
    await seedUser(ctx, { role: 'advocate', email: 'temp@example.test', mustChangePassword: true });
    const token = await signIn(ctx, 'temp@example.test');
    const publicRoute = await call('GET', '/api/test/public', token);
    expect(publicRoute.statusCode).toBe(200);
    expect(publicRoute.json()).toEqual({ signedIn: false });
    expect((await call('GET', '/api/health', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/public-config', token)).statusCode).toBe(200);
    // No web build in API tests: "/" is the API's 404, not the password gate.
    const home = await call('GET', '/', token);
    expect(home.json().code).not.toBe('PASSWORD_CHANGE_REQUIRED');
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      headers: bearer(token),
      payload: {
        name: 'Achieng Otieno',
        email: 'achieng@example.co.ke',
        subject: 'Land title transfer',
        message: 'I would like advice on transferring a title deed in Kiambu.',
        consent: true,
      },
    });
    expect(contact.statusCode).toBe(201);
  });
});
