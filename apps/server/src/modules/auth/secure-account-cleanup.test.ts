import { AUTH_MESSAGES, SIGN_IN_DEVICE_TEXTS as T } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { secureAccountTokens } from '../../db/schema';
import { TEST_PASSWORD, bearer, enrolTotp, seedUser, totpCode } from '../../../test/accounts';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { SoftwareAuthenticator } from '../../../test/webauthn-authenticator';

const OWNER_BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const INTRUDER_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const NEW_PASSWORD = 'N3w-Passw0rd-2026';

/**
 * What an intruder with the password leaves behind (ADR 037, "Sign-in alerts"): securing the
 * account from the alert, or resetting the password by email, turns off the calendar feed
 * address and removes the second factors added since the sign-in the owner can vouch for (the
 * one before the alert's); reactivating an account never revives an old feed address.
 */
describe('securing an account takes back what an intruder added', () => {
  let ctx: TestContext;
  let address = 0;
  const email = 'njeri.wambui@example.test';

  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(() => ctx.close());

  const nextAddress = () => `10.79.0.${(address += 1)}`;
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextAddress() });
  const login = (userAgent: string, password = TEST_PASSWORD) =>
    post('/api/auth/login', { email, password }, { 'user-agent': userAgent });
  async function signInFrom(userAgent: string, password = TEST_PASSWORD): Promise<string> {
    const response = await login(userAgent, password);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().token as string;
  }
  const fetchFeed = (url: string) =>
    ctx.app.inject({ method: 'GET', url: new URL(url).pathname, remoteAddress: nextAddress() });
  async function makeFeed(token: string): Promise<string> {
    const made = await post('/api/profile/calendar-feed', {}, bearer(token));
    expect(made.statusCode, made.body).toBe(200);
    const { url } = made.json() as { url: string };
    expect((await fetchFeed(url)).statusCode).toBe(200);
    return url;
  }
  /** The token in the last mail to the owner holding a link to `path`. */
  async function linkIn(path: string): Promise<string> {
    await settleMail(ctx);
    const mail = ctx.mail.filter((each) => each.to === email && each.text.includes(path)).at(-1);
    expect(mail, `no mail with ${path}`).toBeDefined();
    return new RegExp(`${path}#token=([A-Za-z0-9_%-]+)`).exec(mail!.text)![1]!;
  }
  const mailsTo = async () => {
    await settleMail(ctx);
    return ctx.mail.filter((each) => each.to === email);
  };

  it('ends the intruder’s feed and authenticator when the owner secures the account and resets the password', async () => {
    await seedUser(ctx, { role: 'client', email, firstName: 'Njeri' });
    await signInFrom(OWNER_BROWSER);
    const intruder = await signInFrom(INTRUDER_BROWSER);
    const feed = await makeFeed(intruder);
    await enrolTotp(ctx, intruder);
    expect((await login(OWNER_BROWSER)).json().code).toBe('TWO_FACTOR_REQUIRED');

    const secured = await post('/api/auth/secure-account', {
      token: await linkIn('/secure-account'),
    });
    expect(secured.statusCode, secured.body).toBe(200);
    expect(secured.json().message).toBe(`${T.secured} ${T.factorsRemovedSince} ${T.feedTurnedOff}`);
    expect((await fetchFeed(feed)).statusCode).toBe(404);
    expect((await mailsTo()).at(-1)!.subject).toBe(T.cleanupSubject);

    // Before the owner chooses the new password, the old one still signs in: the intruder turns
    // on another authenticator. The reset takes that one away too.
    const again = await signInFrom(INTRUDER_BROWSER);
    await enrolTotp(ctx, again);
    const reset = await post('/api/auth/reset-password', {
      token: secured.json().resetToken,
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe(
      `${AUTH_MESSAGES.passwordResetDone} ${T.factorsRemovedSince}`,
    );

    const owner = await login(OWNER_BROWSER, NEW_PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().token).toEqual(expect.any(String));
  });

  it('ends them too when the owner resets the password by email without the alert’s link', async () => {
    await seedUser(ctx, { role: 'client', email, firstName: 'Njeri' });
    await signInFrom(OWNER_BROWSER);
    const intruder = await signInFrom(INTRUDER_BROWSER);
    const feed = await makeFeed(intruder);
    await enrolTotp(ctx, intruder);

    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const reset = await post('/api/auth/reset-password', {
      token: decodeURIComponent(await linkIn('/reset-password')),
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe(
      `${AUTH_MESSAGES.passwordResetDone} ${T.factorsRemovedSince} ${T.feedTurnedOff}`,
    );
    expect((await fetchFeed(feed)).statusCode).toBe(404);
    const owner = await login(OWNER_BROWSER, NEW_PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('keeps the owner’s own authenticator and removes only the passkey the intruder added', async () => {
    await seedUser(ctx, { role: 'client', email, firstName: 'Njeri' });
    const first = await signInFrom(OWNER_BROWSER);
    const { secret, recoveryCodes } = await enrolTotp(ctx, first);
    // The owner signs in again with the app: the sign-in the owner vouches for.
    const challenge = await login(OWNER_BROWSER);
    const vouched = await post(
      '/api/auth/login/2fa',
      { challengeToken: challenge.json().challengeToken, code: totpCode(secret) },
      { 'user-agent': OWNER_BROWSER },
    );
    expect(vouched.statusCode, vouched.body).toBe(200);

    // The intruder has the password and one recovery code, and adds a passkey of their own.
    const intruderChallenge = await login(INTRUDER_BROWSER);
    const intruded = await post(
      '/api/auth/login/2fa',
      { challengeToken: intruderChallenge.json().challengeToken, recoveryCode: recoveryCodes[0] },
      { 'user-agent': INTRUDER_BROWSER },
    );
    expect(intruded.statusCode, intruded.body).toBe(200);
    const intruder = bearer(intruded.json().token as string);
    const options = await post(
      '/api/auth/2fa/passkeys/registration-options',
      { password: TEST_PASSWORD },
      intruder,
    );
    const device = new SoftwareAuthenticator('http://portal.test');
    const added = await post(
      '/api/auth/2fa/passkeys',
      { name: 'Not mine', response: device.register(options.json()) },
      intruder,
    );
    expect(added.statusCode, added.body).toBe(201);
    expect((await login(OWNER_BROWSER)).json().methods).toContain('passkey');

    const secured = await post('/api/auth/secure-account', {
      token: await linkIn('/secure-account'),
    });
    expect(secured.statusCode, secured.body).toBe(200);
    expect(secured.json().message).toBe(`${T.secured} ${T.factorsRemovedSince}`);
    const next = await login(OWNER_BROWSER);
    expect(next.statusCode).toBe(401);
    expect(next.json().methods).toEqual(['totp', 'recovery']);
  });

  it('removes every second factor when the sign-in to vouch for is not known, and says how to set one up again', async () => {
    const user = await seedUser(ctx, {
      role: 'admin',
      email,
      firstName: 'Njeri',
      permissions: { canOpenFiles: true },
    });
    const first = await signInFrom(OWNER_BROWSER);
    const { recoveryCodes } = await enrolTotp(ctx, first);
    const challenge = await login(INTRUDER_BROWSER);
    const intruded = await post(
      '/api/auth/login/2fa',
      { challengeToken: challenge.json().challengeToken, recoveryCode: recoveryCodes[0] },
      { 'user-agent': INTRUDER_BROWSER },
    );
    expect(intruded.statusCode, intruded.body).toBe(200);
    // A link from before the sign-in the owner vouches for was recorded with it: nothing tells
    // which second factors came later.
    await ctx.database.db
      .update(secureAccountTokens)
      .set({ vouchedAt: null })
      .where(eq(secureAccountTokens.userId, user.id));

    const secured = await post('/api/auth/secure-account', {
      token: await linkIn('/secure-account'),
    });
    expect(secured.statusCode, secured.body).toBe(200);
    expect(secured.json().message).toBe(`${T.secured} ${T.factorsRemovedAll}`);
    const notice = (await mailsTo()).at(-1)!;
    expect(notice.subject).toBe(T.cleanupSubject);
    expect(notice.text).toContain(T.factorsRemovedAll);

    const reset = await post('/api/auth/reset-password', {
      token: secured.json().resetToken,
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // The password alone signs in, and staff are held at the setup of a new second factor.
    const signedIn = await login(OWNER_BROWSER, NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cases = await ctx.app.inject({
      method: 'GET',
      url: '/api/cases',
      headers: bearer(signedIn.json().token as string),
    });
    expect(cases.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
  });

  it('never revives an old feed address when a deactivated account is activated again', async () => {
    const client = await seedUser(ctx, { role: 'client', email, firstName: 'Njeri' });
    const advocate = await seedUser(ctx, { role: 'advocate', email: 'kamau@mwamba.test' });
    const feed = await makeFeed(await signInFrom(OWNER_BROWSER));
    const advocateToken = (
      await post('/api/auth/login', { email: advocate.email, password: TEST_PASSWORD })
    ).json().token as string;
    await enrolTotp(ctx, advocateToken);
    for (const action of ['deactivate', 'activate']) {
      const done = await ctx.app.inject({
        method: 'PUT',
        url: `/api/user-management/user/${client.id}/${action}`,
        headers: bearer(advocateToken),
        remoteAddress: nextAddress(),
      });
      expect(done.statusCode, done.body).toBe(200);
    }
    expect((await fetchFeed(feed)).statusCode).toBe(404);
  });
});
