import {
  RECOVERY_CODE_PATTERN,
  TWO_FACTOR_TEXTS as T,
  USER_MANAGEMENT_MESSAGES,
} from '@firm/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, deliveries, signInChallenges, totpSecrets, users } from '../../db/schema';
import {
  TEST_PASSWORD,
  bearer,
  enrolTotp,
  seedUser,
  sessionFor,
  totpCode,
} from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * Two-factor sign-in (ADR 037) through the API: setting up an authenticator with a code computed
 * here from the key the server gave, signing in in two steps with a code or a recovery code, the
 * limits on codes, and turning it off.
 */
describe('two-factor sign-in', () => {
  let ctx: TestContext;
  let headers: { authorization: string };
  let email = 'wanjiku.odhiambo@mwamba.test';

  /** The person the test acts as: an advocate unless it says otherwise. */
  async function actAs(role: 'advocate' | 'client', address: string) {
    email = address;
    const person = await seedUser(ctx, { role, email });
    headers = bearer(await sessionFor(ctx, person));
  }

  beforeEach(async () => {
    ctx = await createTestContext();
    await actAs('advocate', 'wanjiku.odhiambo@mwamba.test');
  });
  afterEach(() => ctx.close());

  /** A signed-in request (the advocate's), or with `auth` none: the second step of signing in. */
  const post = (url: string, payload?: object, auth: Record<string, string> = headers) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: auth,
      ...(payload ? { payload } : {}),
    });
  const login = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
  const codeFor = totpCode;
  /** Sets up and turns on an authenticator: its key and the recovery codes. */
  const enable = () => enrolTotp(ctx, headers.authorization.slice('Bearer '.length));

  async function challenge(): Promise<string> {
    const answer = await login();
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', message: T.required });
    expect(answer.json().token).toBeUndefined();
    return answer.json().challengeToken as string;
  }

  it('sets up with a QR address, turns on only with a right code, and gives ten recovery codes once', async () => {
    const setup = await post('/auth/2fa/totp/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain(encodeURIComponent(email));
    // Stored sealed, never as the key itself.
    const [row] = await ctx.database.db.select().from(totpSecrets);
    expect(row!.sealedSecret).not.toContain(secret);
    // Not on yet: signing in is one step.
    expect((await login()).statusCode).toBe(200);

    const wrong = await post('/auth/2fa/totp/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'TWO_FACTOR_CODE_WRONG',
      errors: { code: T.wrongCode },
    });
    const badFormat = await post('/auth/2fa/totp/enable', { code: '12ab' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().errors.code).toBe(T.codeFormat);

    const enabled = await post('/auth/2fa/totp/enable', { code: codeFor(secret) });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);

    const status = await ctx.app.inject({ method: 'GET', url: '/api/auth/2fa', headers });
    expect(status.json()).toEqual({ totp: true, recoveryCodesLeft: 10, passkeys: 0 });
    // A second setup while on is refused, and the key is not replaced.
    const again = await post('/auth/2fa/totp/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TWO_FACTOR_ALREADY_ON');
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'two_factor.enabled'));
    expect(audit).toHaveLength(1);
  });

  it('signs in in two steps with a code, which then cannot be used again', async () => {
    const { secret } = await enable();
    const token = await challenge();
    const code = codeFor(secret);
    const signedIn = await post('/auth/login/2fa', { challengeToken: token, code }, {});
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json() as { token: string; user: { email: string } };
    expect(session.user.email).toBe(email);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(session.token),
    });
    expect(me.statusCode).toBe(200);

    // The same challenge is spent; a new one with the same code: refused for its whole window.
    const reused = await post('/auth/login/2fa', { challengeToken: token, code }, {});
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
    const second = await challenge();
    const replay = await post('/auth/login/2fa', { challengeToken: second, code }, {});
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('TWO_FACTOR_CODE_USED');
  });

  it('takes a recovery code once, and says so in the audit log', async () => {
    const { recoveryCodes } = await enable();
    const [first] = recoveryCodes;
    const token = await challenge();
    // Typed in capitals with a space: still the code.
    const typed = first!.toUpperCase().replace('-', ' ');
    const signedIn = await post(
      '/auth/login/2fa',
      { challengeToken: token, recoveryCode: typed },
      {},
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const again = await post(
      '/auth/login/2fa',
      { challengeToken: await challenge(), recoveryCode: first },
      {},
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TWO_FACTOR_CODE_WRONG');
    const status = await ctx.app.inject({ method: 'GET', url: '/api/auth/2fa', headers });
    expect(status.json().recoveryCodesLeft).toBe(9);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'two_factor.recovery_code_used'));
    expect(audit).toHaveLength(1);
  });

  it('ends a challenge at the fifth wrong code, and after five minutes', async () => {
    const { secret } = await enable();
    const token = await challenge();
    for (let i = 0; i < 4; i += 1) {
      const wrong = await post('/auth/login/2fa', { challengeToken: token, code: '000000' }, {});
      expect(wrong.statusCode).toBe(400);
    }
    const fifth = await post('/auth/login/2fa', { challengeToken: token, code: '000000' }, {});
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toMatchObject({
      code: 'TWO_FACTOR_CHALLENGE_EXPIRED',
      message: T.challengeExpired,
    });
    const right = await post(
      '/auth/login/2fa',
      { challengeToken: token, code: codeFor(secret) },
      {},
    );
    expect(right.statusCode).toBe(401);

    // Five wrong codes in a row also paused the account, as five wrong passwords would.
    const locked = await login();
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
  });

  it('refuses a challenge older than five minutes', async () => {
    const { secret } = await enable();
    const token = await challenge();
    await ctx.database.db.update(signInChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await post(
      '/auth/login/2fa',
      { challengeToken: token, code: codeFor(secret) },
      {},
    );
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('turns off for a client only with the password and a code, after which signing in is one step', async () => {
    // Staff must keep theirs (two-factor-required.test.ts); a client may turn it off.
    await actAs('client', 'amina.wanjiru.odhiambo@example.test');
    const { secret, recoveryCodes } = await enable();
    const wrongPassword = await post('/auth/2fa/disable', {
      password: 'not-the-password',
      code: codeFor(secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors.password).toBe(T.wrongPassword);
    const noCode = await post('/auth/2fa/disable', { password: TEST_PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors.code).toBe(T.codeRequired);
    const wrongCode = await post('/auth/2fa/disable', { password: TEST_PASSWORD, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);

    // A session alone makes no new codes: the password is asked, as turning it off asks it.
    const sessionAlone = await post('/auth/2fa/recovery-codes', {});
    expect(sessionAlone.statusCode).toBe(400);
    expect(sessionAlone.json().errors.password).toBeDefined();
    const notTheirs = await post('/auth/2fa/recovery-codes', { password: 'Not-the-passw0rd' });
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      errors: { password: T.wrongPassword },
    });
    expect(
      await ctx.database.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.kind, 'recovery_codes_renewed')),
    ).toHaveLength(0);

    // Renewed codes replace the old ones, and the owner is told by email.
    const renewed = await post('/auth/2fa/recovery-codes', { password: TEST_PASSWORD });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    const [notice] = await ctx.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.kind, 'recovery_codes_renewed'));
    expect(notice!.subject).toContain('New recovery codes');
    const old = await post('/auth/2fa/disable', {
      password: TEST_PASSWORD,
      recoveryCode: recoveryCodes[0],
    });
    expect(old.statusCode).toBe(400);

    const off = await post('/auth/2fa/disable', {
      password: TEST_PASSWORD,
      recoveryCode: fresh[0],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(T.disabled);
    expect((await login()).statusCode).toBe(200);
    const status = await ctx.app.inject({ method: 'GET', url: '/api/auth/2fa', headers });
    expect(status.json()).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
  });

  it('lets another advocate turn it off for a lost phone: audited, the person emailed, the password alone signs in', async () => {
    await enable();
    const [self] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    const colleague = await seedUser(ctx, { role: 'advocate', email: 'otieno.kamau@mwamba.test' });
    const byColleague = bearer(await sessionFor(ctx, colleague));
    const url = `/user-management/user/${self!.id}/reset-two-factor`;

    const own = await post(url);
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe('CANNOT_RESET_OWN_TWO_FACTOR');

    const reset = await post(url, undefined, byColleague);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe(USER_MANAGEMENT_MESSAGES.twoFactorReset);
    expect((await login()).statusCode).toBe(200);
    const again = await post(url, undefined, byColleague);
    expect(again.statusCode).toBe(409);

    const [mail] = await ctx.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.kind, 'two_factor_reset'));
    expect(mail).toMatchObject({ channel: 'email', recipient: email });
    expect(mail!.body).toContain('turned off the two-factor sign-in of your account');
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'two_factor.reset'));
    expect(audit).toMatchObject([{ actorId: colleague.id, targetUserId: self!.id }]);
  });

  it('answers 401 to every two-factor route without a session', async () => {
    for (const url of [
      '/auth/2fa/totp/setup',
      '/auth/2fa/totp/enable',
      '/auth/2fa/disable',
      '/auth/2fa/recovery-codes',
    ]) {
      const answer = await ctx.app.inject({ method: 'POST', url: `/api${url}`, payload: {} });
      expect(answer.statusCode, url).toBe(401);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/2fa' })).statusCode).toBe(401);
  });
});
