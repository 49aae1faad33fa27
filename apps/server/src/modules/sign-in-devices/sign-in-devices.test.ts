import {
  AUTH_MESSAGES,
  SIGN_IN_DEVICE_TEXTS as T,
  formatNairobiDateTime,
  type SignInDevice,
} from '@firm/shared';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, deliveries, secureAccountTokens, signInDevices, users } from '../../db/schema';
import { mailDirectory } from '../../lib/mailer';
import { smsDirectory } from '../../lib/sms';
import { hashToken } from '../../lib/tokens';
import { TEST_PASSWORD, bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { purgeExpiredData } from '../retention/retention.service';
import { identifyDevice } from './device-label';

const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** The same browser after an update: not a new device. */
const DESKTOP_CHROME_UPDATED =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.6834.83 Safari/537.36';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const NEW_PASSWORD = 'N3w-Passw0rd-2026';
const DAY = 24 * 60 * 60 * 1000;

/**
 * Sign-in alerts (ADR 037, "Sign-in alerts") through the API: which sign-ins email the person,
 * what the email says, the "Not you? Secure your account" link, and the list of devices.
 */
describe('sign-in alerts', () => {
  let ctx: TestContext;
  const email = 'njeri.wambui@example.test';

  beforeEach(async () => {
    ctx = await createTestContext();
    await seedUser(ctx, { role: 'client', email, firstName: 'Njeri' });
  });
  afterEach(() => ctx.close());

  const login = (userAgent: string, remoteAddress = '10.20.0.1', password = TEST_PASSWORD) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
  async function signInFrom(userAgent: string, remoteAddress = '10.20.0.1'): Promise<string> {
    const response = await login(userAgent, remoteAddress);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().token as string;
  }
  const alerts = async () => {
    await settleMail(ctx);
    return ctx.mail.filter((mail) => mail.subject === T.alertSubject);
  };
  const linkToken = (text: string) => {
    const match = /http:\/\/portal\.test\/secure-account#token=([A-Za-z0-9_-]+)/.exec(text);
    expect(match, text).not.toBeNull();
    return match![1]!;
  };
  const secure = (payload: unknown, remoteAddress = '10.20.0.9') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/secure-account',
      payload: payload as Record<string, unknown>,
      remoteAddress,
    });
  const me = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const devices = (token: string, userAgent: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/auth/devices',
      headers: { ...bearer(token), 'user-agent': userAgent },
    });

  it('alerts nobody at the first sign-in, nor from the same browser again (updated or not)', async () => {
    await signInFrom(DESKTOP_CHROME);
    await signInFrom(DESKTOP_CHROME, '10.20.0.2');
    await signInFrom(DESKTOP_CHROME_UPDATED, '10.20.0.3');
    expect(await alerts()).toEqual([]);
    const rows = await ctx.database.db.select().from(signInDevices);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ label: 'Chrome on Windows', lastIp: '10.20.0.3' });
    expect(rows[0]!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.firstSeenAt.getTime());
  });

  it('emails once when a new browser signs in: when, which device, which address, and the link', async () => {
    await signInFrom(DESKTOP_CHROME);
    await signInFrom(ANDROID_CHROME, '197.232.61.7');
    const sent = await alerts();
    expect(sent).toHaveLength(1);
    const [alert] = sent;
    expect(alert!.to).toBe(email);
    expect(alert!.subject).toBe('New sign-in to your Mwamba & Associates account');
    const [device] = await ctx.database.db
      .select()
      .from(signInDevices)
      .where(eq(signInDevices.label, 'Chrome on Android'));
    expect(device).toBeDefined();
    expect(alert!.text).toContain('Hello Njeri,');
    expect(alert!.text).toContain(
      `When: ${formatNairobiDateTime(device!.firstSeenAt)} (Nairobi time)`,
    );
    expect(alert!.text).toContain('Device: Chrome on Android');
    expect(alert!.text).toContain('Network address: 197.232.61.7');
    expect(alert!.text).toContain('If this was you, you need do nothing.');
    expect(alert!.text).toContain(
      'Not you? Secure your account: http://portal.test/secure-account#token=',
    );
    // Only the link's hash is kept; the outbox blanks the sent text (a link that ends sessions).
    const token = linkToken(alert!.text);
    const [stored] = await ctx.database.db.select().from(secureAccountTokens);
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeGreaterThan(6.9 * DAY);
    const [row] = await ctx.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.kind, 'sign_in_alert'));
    expect(row).toMatchObject({ status: 'sent', isConfidential: true });
    expect(row!.body).not.toContain(token);

    // Known now: the same phone again, from another address, is quiet.
    await signInFrom(ANDROID_CHROME, '197.232.61.8');
    await signInFrom(IPHONE_SAFARI);
    const after = await alerts();
    expect(after).toHaveLength(2);
    expect(after[1]!.text).toContain('Device: Safari on iPhone');
  });

  it('the link signs out every session, spends itself, and its reset token sets a new password', async () => {
    const first = await signInFrom(DESKTOP_CHROME);
    const second = await signInFrom(ANDROID_CHROME);
    const [alert] = await alerts();
    const token = linkToken(alert!.text);
    expect((await me(first)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);

    const secured = await secure({ token });
    expect(secured.statusCode, secured.body).toBe(200);
    const body = secured.json() as { success: true; message: string; resetToken: string };
    expect(body).toEqual({ success: true, message: T.secured, resetToken: expect.any(String) });
    for (const session of [first, second]) {
      const after = await me(session);
      expect(after.statusCode).toBe(401);
    }

    const again = await secure({ token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: 'This link has expired or was already used. Sign in, or use Forgot password.',
      code: 'INVALID_SECURE_ACCOUNT_LINK',
    });

    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'account.secured'));
    expect(audit).toMatchObject({ ip: '10.20.0.9' });
    expect(audit!.details).toMatchObject({ email, sessionsRevoked: 2 });
    expect(audit!.actorId).toBe(audit!.targetUserId);

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: body.resetToken, password: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe(AUTH_MESSAGES.passwordResetDone);
    expect((await login(DESKTOP_CHROME)).statusCode).toBe(401);
    expect((await login(DESKTOP_CHROME, '10.20.0.1', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link, an unknown one, a bad body, and a deactivated account’s link', async () => {
    await signInFrom(DESKTOP_CHROME);
    const session = await signInFrom(ANDROID_CHROME);
    const token = linkToken((await alerts())[0]!.text);

    await ctx.database.db
      .update(secureAccountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await secure({ token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(T.linkInvalid);
    // Nothing happened: the session still works.
    expect((await me(session)).statusCode).toBe(200);

    expect((await secure({ token: 'not-a-token' })).json().code).toBe(
      'INVALID_SECURE_ACCOUNT_LINK',
    );
    for (const payload of [{}, { token: '' }, { token: 7 }, { token: 'a\nb' }]) {
      const bad = await secure(payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().errors).toEqual({ token: T.linkRequired });
    }
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/secure-account',
      headers: { 'content-type': 'application/json' },
      payload: '{"token":',
    });
    expect(notJson.statusCode).toBe(400);

    // A live link of an account deactivated since: refused, and left as it was.
    await ctx.database.db
      .update(secureAccountTokens)
      .set({ expiresAt: new Date(Date.now() + DAY) });
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.email, email));
    const deactivated = await secure({ token });
    expect(deactivated.statusCode).toBe(400);
    const [link] = await ctx.database.db.select().from(secureAccountTokens);
    expect(link!.usedAt).toBeNull();
  });

  it('needs no session, and a session changes nothing: the link alone is the proof', async () => {
    await signInFrom(DESKTOP_CHROME);
    const session = await signInFrom(ANDROID_CHROME);
    const token = linkToken((await alerts())[0]!.text);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/secure-account',
      headers: bearer(session),
      payload: { token },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
  });

  it('lists the caller’s devices, newest first, marking the one asking', async () => {
    const desktop = await signInFrom(DESKTOP_CHROME, '10.20.0.1');
    await signInFrom(ANDROID_CHROME, '197.232.61.7');
    const other = await seedUser(ctx, { role: 'client', email: 'other@example.test' });
    const outsider = await sessionFor(ctx, other);

    const response = await devices(desktop, 'whatever the browser sends now');
    expect(response.statusCode).toBe(200);
    const list = response.json().devices as SignInDevice[];
    expect(list).toEqual([
      {
        id: expect.any(String),
        label: 'Chrome on Android',
        firstSeenAt: expect.any(String),
        lastSeenAt: expect.any(String),
        lastIp: '197.232.61.7',
        current: false,
      },
      {
        id: expect.any(String),
        label: 'Chrome on Windows',
        firstSeenAt: expect.any(String),
        lastSeenAt: expect.any(String),
        lastIp: '10.20.0.1',
        // The session's own browser, as recorded when it signed in.
        current: true,
      },
    ]);
    expect(new Date(list[0]!.lastSeenAt).getTime()).toBeGreaterThanOrEqual(
      new Date(list[1]!.lastSeenAt).getTime(),
    );
    // "Download my data" holds them too, without the key.
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/export',
      headers: bearer(desktop),
    });
    expect(exported.json().signInDevices).toEqual([
      expect.objectContaining({ device: 'Chrome on Android', lastIp: '197.232.61.7' }),
      expect.objectContaining({ device: 'Chrome on Windows', lastIp: '10.20.0.1' }),
    ]);
    expect(exported.body).not.toContain(identifyDevice(DESKTOP_CHROME).key);
    // Someone else's list holds none of them.
    expect((await devices(outsider, DESKTOP_CHROME)).json()).toEqual({ devices: [] });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/devices' })).statusCode).toBe(
      401,
    );
  });

  it('deleting an account takes its devices with it', async () => {
    await signInFrom(DESKTOP_CHROME);
    expect(await ctx.database.db.select().from(signInDevices)).toHaveLength(1);
    await ctx.database.db.delete(users).where(eq(users.email, email));
    expect(await ctx.database.db.select().from(signInDevices)).toEqual([]);
  });

  describe('retention', () => {
    const deps = () => ({
      db: ctx.database.db,
      mailDir: mailDirectory(ctx.config.dataDir),
      smsDir: smsDirectory(ctx.config.dataDir),
      logger: pino({ level: 'silent' }),
    });

    it('purges spent and expired links a day on, and devices unseen for a year but each account’s latest', async () => {
      await signInFrom(DESKTOP_CHROME);
      await signInFrom(ANDROID_CHROME);
      await signInFrom(IPHONE_SAFARI);
      const now = new Date();
      const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
      const age = (label: string, days: number) =>
        ctx.database.db
          .update(signInDevices)
          .set({ lastSeenAt: new Date(now.getTime() - days * DAY) })
          .where(and(eq(signInDevices.userId, user!.id), eq(signInDevices.label, label)));
      await age('Chrome on Windows', 500);
      await age('Chrome on Android', 400);
      await age('Safari on iPhone', 30);
      const links = await ctx.database.db.select().from(secureAccountTokens);
      expect(links).toHaveLength(2);
      await ctx.database.db
        .update(secureAccountTokens)
        .set({ expiresAt: new Date(now.getTime() - 2 * DAY) })
        .where(eq(secureAccountTokens.id, links[0]!.id));

      const result = await purgeExpiredData(deps(), now);
      expect(result).toMatchObject({ secureAccountTokens: 1, signInDevices: 2 });
      expect((await ctx.database.db.select().from(signInDevices)).map((row) => row.label)).toEqual([
        'Safari on iPhone',
      ]);

      // An account whose only devices are old keeps its latest: its next sign-in elsewhere alerts.
      await age('Safari on iPhone', 800);
      expect((await purgeExpiredData(deps(), now)).signInDevices).toBe(0);
      const before = (await alerts()).length;
      await signInFrom(DESKTOP_CHROME);
      expect(await alerts()).toHaveLength(before + 1);
    });
  });

  describe('with two-factor sign-in', () => {
    const codeFor = (secret: string, offsetSteps = 0) =>
      new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
        timestamp: Date.now() + offsetSteps * 30_000,
      });

    it('alerts after the second step, not after the password', async () => {
      await signInFrom(DESKTOP_CHROME);
      const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
      const headers = bearer(await sessionFor(ctx, user!));
      const setup = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/2fa/totp/setup',
        headers,
      });
      const { secret } = setup.json() as { secret: string };
      const enabled = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/2fa/totp/enable',
        headers,
        payload: { code: codeFor(secret, -1) },
      });
      expect(enabled.statusCode, enabled.body).toBe(200);

      const password = await login(ANDROID_CHROME, '197.232.61.7');
      expect(password.statusCode).toBe(401);
      expect(password.json().code).toBe('TWO_FACTOR_REQUIRED');
      expect(await alerts()).toEqual([]);
      expect(await ctx.database.db.select().from(signInDevices)).toHaveLength(1);

      const second = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login/2fa',
        headers: { 'user-agent': ANDROID_CHROME },
        remoteAddress: '197.232.61.7',
        payload: { challengeToken: password.json().challengeToken, code: codeFor(secret) },
      });
      expect(second.statusCode, second.body).toBe(200);
      const sent = await alerts();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.text).toContain('Device: Chrome on Android');
      expect(sent[0]!.text).toContain('Network address: 197.232.61.7');
    });
  });
});
