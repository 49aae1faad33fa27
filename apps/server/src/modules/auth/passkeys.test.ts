import {
  PASSKEY_TEXTS as P,
  RECOVERY_CODE_PATTERN,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_TEXTS as T,
  VALIDATION,
} from '@firm/shared';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  deliveries,
  passkeyRegistrations,
  passkeys,
  users,
  type UserRow,
} from '../../db/schema';
import { TEST_PASSWORD, bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { SoftwareAuthenticator } from '../../../test/webauthn-authenticator';

/**
 * Passkeys (ADR 037, "Passkeys") through the API, with a software authenticator that makes real
 * WebAuthn answers (test/webauthn-authenticator.ts): adding, listing, renaming and removing them,
 * the answers refused (another challenge, origin, credential, a replay), and signing in with one.
 * The tests' PUBLIC_URL is http://portal.test: the RP ID portal.test, the origin itself.
 */
const ORIGIN = 'http://portal.test';

describe('passkeys', () => {
  let ctx: TestContext;
  let device: SoftwareAuthenticator;

  beforeEach(async () => {
    ctx = await createTestContext();
    device = new SoftwareAuthenticator(ORIGIN);
  });
  afterEach(() => ctx.close());

  interface Person {
    user: UserRow;
    headers: { authorization: string };
  }
  let seq = 0;
  async function person(role: 'client' | 'advocate' | 'admin' = 'client'): Promise<Person> {
    seq += 1;
    const user = await seedUser(ctx, { role, email: `person-${seq}@mwamba.test` });
    return { user, headers: bearer(await sessionFor(ctx, user)) };
  }

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

  async function options(who: Person) {
    const answer = await call('POST', '/auth/2fa/passkeys/registration-options', who.headers, {
      password: TEST_PASSWORD,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  }

  /** Adds a passkey made by `on` (this test's device by default); the 201's body. */
  async function addPasskey(who: Person, name = 'My phone', on = device) {
    const response = on.register(await options(who));
    const added = await call('POST', '/auth/2fa/passkeys', who.headers, { name, response });
    expect(added.statusCode, added.body).toBe(201);
    return added.json();
  }

  const login = (email: string) =>
    call('POST', '/auth/login', {}, { email, password: TEST_PASSWORD });

  async function challengeFor(who: Person) {
    const answer = await login(who.user.email);
    expect(answer.statusCode, answer.body).toBe(401);
    expect(answer.json().code).toBe('TWO_FACTOR_REQUIRED');
    return answer.json() as { challengeToken: string; methods: string[]; message: string };
  }

  async function signInOptions(challengeToken: string) {
    const answer = await call('POST', '/auth/login/2fa/passkey-options', {}, { challengeToken });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  }

  const secondStep = (challengeToken: string, passkey: object) =>
    call('POST', '/auth/login/2fa', {}, { challengeToken, passkey });

  const auditOf = (action: string) =>
    ctx.database.db.select().from(auditLog).where(eq(auditLog.action, action));

  it('adds a passkey: the options name the firm and the host, the first gives ten recovery codes once', async () => {
    const client = await person();
    const opts = await options(client);
    expect(opts.rp).toEqual({ id: 'portal.test', name: 'Mwamba & Associates' });
    expect(opts.user.name).toBe(client.user.email);
    expect(opts.authenticatorSelection).toMatchObject({
      residentKey: 'preferred',
      userVerification: 'preferred',
    });
    expect(opts.excludeCredentials).toEqual([]);
    expect(opts.attestation).toBe('none');

    const response = device.register(opts);
    const added = await call('POST', '/auth/2fa/passkeys', client.headers, {
      name: '  Pixel 8 ',
      response,
    });
    expect(added.statusCode, added.body).toBe(201);
    const body = added.json();
    expect(body.message).toBe(P.addedFirst);
    expect(body.passkey).toMatchObject({ name: 'Pixel 8', lastUsedAt: null });
    expect(body.recoveryCodes).toHaveLength(10);
    for (const code of body.recoveryCodes) expect(code).toMatch(RECOVERY_CODE_PATTERN);

    // Stored: the credential's id and public key, never a private key; the challenge is spent.
    const [row] = await ctx.database.db.select().from(passkeys);
    expect(row).toMatchObject({ credentialId: response.id, counter: 0, transports: ['internal'] });
    expect(row!.publicKey).toBeInstanceOf(Uint8Array);
    expect(await ctx.database.db.select().from(passkeyRegistrations)).toEqual([]);

    const list = await call('GET', '/auth/2fa/passkeys', client.headers);
    expect(list.json()).toEqual({
      passkeys: [
        { id: body.passkey.id, name: 'Pixel 8', createdAt: expect.any(String), lastUsedAt: null },
      ],
    });
    const status = await call('GET', '/auth/2fa', client.headers);
    expect(status.json()).toEqual({ totp: false, recoveryCodesLeft: 10, passkeys: 1 });

    // A second one: no new codes (the first ones still work); the options leave out the first.
    const next = await options(client);
    expect(next.excludeCredentials).toEqual([
      { id: response.id, type: 'public-key', transports: ['internal'] },
    ]);
    const second = await call('POST', '/auth/2fa/passkeys', client.headers, {
      name: 'YubiKey',
      response: device.register(next),
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().message).toBe(P.added);
    expect(second.json().recoveryCodes).toBeUndefined();
    expect((await call('GET', '/auth/2fa', client.headers)).json()).toEqual({
      totp: false,
      recoveryCodesLeft: 10,
      passkeys: 2,
    });
    expect(await auditOf('passkey.added')).toMatchObject([
      { actorId: client.user.id, details: { name: 'Pixel 8' } },
      { actorId: client.user.id, details: { name: 'YubiKey' } },
    ]);
  });

  it('refuses an answer to another challenge, from another origin or host, and a challenge spent or expired', async () => {
    const client = await person();
    const add = (name: string, response: object) =>
      call('POST', '/auth/2fa/passkeys', client.headers, { name, response });

    const wrongChallenge = await add(
      'Phone',
      device.register(await options(client), {
        challenge: Buffer.from('not-the-challenge').toString('base64url'),
      }),
    );
    expect(wrongChallenge.statusCode).toBe(400);
    expect(wrongChallenge.json()).toMatchObject({
      code: 'PASSKEY_REFUSED',
      message: P.registrationRefused,
      errors: { response: P.registrationRefused },
    });

    const wrongOrigin = await add(
      'Phone',
      device.register(await options(client), { origin: 'https://mwamba.example' }),
    );
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json().code).toBe('PASSKEY_REFUSED');

    const wrongHost = await add(
      'Phone',
      device.register(await options(client), { rpId: 'mwamba.example' }),
    );
    expect(wrongHost.statusCode).toBe(400);

    // The challenge is spent by a refused answer too: a right one for it comes too late.
    const opts = await options(client);
    expect(
      (await add('Phone', device.register(opts, { origin: 'http://evil.test' }))).statusCode,
    ).toBe(400);
    const late = await add('Phone', device.register(opts));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'PASSKEY_CHALLENGE_EXPIRED',
      errors: { response: P.registrationExpired },
    });

    // One answer adds one passkey: the same answer again finds its challenge spent.
    const fresh = device.register(await options(client));
    expect((await add('Phone', fresh)).statusCode).toBe(201);
    const replayed = await add('Phone again', fresh);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');

    // After five minutes the challenge no longer counts.
    const old = await options(client);
    await ctx.database.db
      .update(passkeyRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await add('Phone', device.register(old))).json().code).toBe(
      'PASSKEY_CHALLENGE_EXPIRED',
    );
    // Only one passkey came of all that.
    expect(await ctx.database.db.select().from(passkeys)).toHaveLength(1);
  });

  it('answers 400 with the field named for a missing name or a malformed answer, never 500', async () => {
    const client = await person();
    const response = device.register(await options(client));
    const noName = await call('POST', '/auth/2fa/passkeys', client.headers, { response });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toEqual({ name: P.nameRequired });
    const blank = await call('POST', '/auth/2fa/passkeys', client.headers, {
      name: '   ',
      response,
    });
    expect(blank.json().errors.name).toBe(P.nameRequired);
    const control = await call('POST', '/auth/2fa/passkeys', client.headers, {
      name: 'Phone\u0000',
      response,
    });
    expect(control.statusCode).toBe(400);
    expect(control.json().errors.name).toBe(VALIDATION.singleLine);
    const tooLong = await call('POST', '/auth/2fa/passkeys', client.headers, {
      name: 'x'.repeat(61),
      response,
    });
    expect(tooLong.statusCode).toBe(400);

    for (const bad of [
      'not an object',
      {},
      { ...response, type: 'password' },
      { ...response, response: { ...response.response, attestationObject: 'not base64url!' } },
      { ...response, response: { clientDataJSON: response.response.clientDataJSON } },
    ]) {
      const answer = await call('POST', '/auth/2fa/passkeys', client.headers, {
        name: 'Phone',
        response: bad,
      });
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(answer.json().errors ?? {})[0]).toMatch(/^response/);
    }
    // Well formed but not WebAuthn: refused by the check, still a 400.
    const garbage = await call('POST', '/auth/2fa/passkeys', client.headers, {
      name: 'Phone',
      response: {
        ...response,
        response: { ...response.response, attestationObject: 'AAAA', clientDataJSON: 'e30' },
      },
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('renames and removes only the caller’s own passkeys: someone else’s id is 404', async () => {
    const client = await person();
    const other = await person();
    const { passkey } = await addPasskey(client);
    const url = `/auth/2fa/passkeys/${passkey.id}`;

    const renamed = await call('PATCH', url, client.headers, { name: 'Work laptop' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ message: P.renamed, passkey: { name: 'Work laptop' } });
    expect((await call('PATCH', url, client.headers, { name: '' })).json().errors.name).toBe(
      P.nameRequired,
    );

    for (const answer of [
      await call('PATCH', url, other.headers, { name: 'Mine now' }),
      await call('DELETE', url, other.headers),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(P.notFound);
    }
    const unknown = `/auth/2fa/passkeys/00000000-0000-4000-8000-000000000000`;
    expect((await call('DELETE', unknown, client.headers)).statusCode).toBe(404);
    expect((await call('DELETE', '/auth/2fa/passkeys/not-an-id', client.headers)).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/auth/2fa/passkeys', other.headers)).json()).toEqual({
      passkeys: [],
    });

    const removed = await call('DELETE', url, client.headers);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(P.removedLast);
    expect((await call('DELETE', url, client.headers)).statusCode).toBe(404);
    expect(await auditOf('passkey.renamed')).toMatchObject([{ details: { name: 'Work laptop' } }]);
    expect(await auditOf('passkey.removed')).toMatchObject([{ details: { name: 'Work laptop' } }]);
  });

  it('signs in with a passkey: the challenge offers it, the device answers, the session starts', async () => {
    const client = await person();
    await addPasskey(client);
    const challenge = await challengeFor(client);
    expect(challenge.methods).toEqual(['passkey', 'recovery']);
    expect(challenge.message).toBe(P.required);

    const opts = await signInOptions(challenge.challengeToken);
    expect(opts.rpId).toBe('portal.test');
    expect(opts.allowCredentials).toEqual([
      {
        id: device.credentials[0]!.id.toString('base64url'),
        type: 'public-key',
        transports: ['internal'],
      },
    ]);
    const signedIn = await secondStep(challenge.challengeToken, device.authenticate(opts));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json() as { token: string; user: { email: string } };
    expect(session.user.email).toBe(client.user.email);
    expect((await call('GET', '/auth/me', bearer(session.token))).statusCode).toBe(200);

    const [row] = await ctx.database.db.select().from(passkeys);
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
    const list = await call('GET', '/auth/2fa/passkeys', client.headers);
    expect(list.json().passkeys[0].lastUsedAt).toBe(row!.lastUsedAt!.toISOString());
    // The challenge is spent.
    const again = await call(
      'POST',
      '/auth/login/2fa/passkey-options',
      {},
      {
        challengeToken: challenge.challengeToken,
      },
    );
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('refuses a replayed answer, another credential, a count gone back and an answer never asked for; five end the challenge and pause the account', async () => {
    const client = await person();
    await addPasskey(client);
    const first = await challengeFor(client);
    const used = device.authenticate(await signInOptions(first.challengeToken));
    expect((await secondStep(first.challengeToken, used)).statusCode).toBe(200);

    const { challengeToken } = await challengeFor(client);
    const refused = async (passkey: object) => {
      const answer = await secondStep(challengeToken, passkey);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'PASSKEY_REFUSED',
        message: P.refused,
        errors: { passkey: P.refused },
      });
    };
    // 1. Not asked for yet on this challenge: nothing to sign.
    await refused(device.authenticate({ challenge: Buffer.from('guessed').toString('base64url') }));
    // 2. The answer of the earlier sign-in, replayed.
    await signInOptions(challengeToken);
    await refused(used);
    // 3. A credential this account does not have (another device's).
    const stranger = new SoftwareAuthenticator(ORIGIN);
    stranger.register(await options(await person()));
    await refused(
      stranger.authenticate(await signInOptions(challengeToken), {
        credential: stranger.credentials[0]!,
      }),
    );
    // 4. A signature count gone back (a copied authenticator).
    await refused(device.authenticate(await signInOptions(challengeToken), { counter: 1 }));
    // 5. From another origin: the fifth refusal ends the challenge.
    const fifth = await secondStep(
      challengeToken,
      device.authenticate(await signInOptions(challengeToken), { origin: 'https://evil.test' }),
    );
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toMatchObject({
      code: 'TWO_FACTOR_CHALLENGE_EXPIRED',
      message: T.challengeExpired,
    });
    // Five failures in a row paused the account, as five wrong passwords would.
    const locked = await login(client.user.email);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
    const [row] = await ctx.database.db.select().from(passkeys);
    expect(row!.counter).toBe(1);
  });

  it('asks for options only on a live challenge of an account with a passkey', async () => {
    const ended = await call(
      'POST',
      '/auth/login/2fa/passkey-options',
      {},
      {
        challengeToken: 'no-such-challenge',
      },
    );
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
    const bad = await call('POST', '/auth/login/2fa/passkey-options', {}, {});
    expect(bad.statusCode).toBe(400);
    // No second factor of any kind: sign-in is one step, and a passkey answer needs a challenge.
    const client = await person();
    expect((await login(client.user.email)).statusCode).toBe(200);
    const noCode = await call('POST', '/auth/login/2fa', {}, { challengeToken: 'x' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors.code).toBe(T.codeRequired);
  });

  it('keeps an advocate’s last second factor; a client may remove theirs and sign in with the password', async () => {
    const advocate = await person('advocate');
    const { passkey } = await addPasskey(advocate, 'Office key');
    const last = await call('DELETE', `/auth/2fa/passkeys/${passkey.id}`, advocate.headers);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ message: T.lastSecondFactor, code: 'LAST_SECOND_FACTOR' });
    // With another, either may go.
    await addPasskey(advocate, 'Phone');
    const one = await call('DELETE', `/auth/2fa/passkeys/${passkey.id}`, advocate.headers);
    expect(one.statusCode).toBe(200);
    expect(one.json().message).toBe(P.removed);
    expect((await call('GET', '/auth/2fa', advocate.headers)).json()).toMatchObject({
      passkeys: 1,
      recoveryCodesLeft: 10,
    });

    const client = await person('client');
    const added = await addPasskey(client);
    const removed = await call('DELETE', `/auth/2fa/passkeys/${added.passkey.id}`, client.headers);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(P.removedLast);
    expect((await call('GET', '/auth/2fa', client.headers)).json()).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
      passkeys: 0,
    });
    expect((await login(client.user.email)).statusCode).toBe(200);
  });

  it('works beside the authenticator app: both offered, and turning the app off keeps the passkeys and codes', async () => {
    const client = await person();
    const setup = await call('POST', '/auth/2fa/totp/setup', client.headers);
    const { secret } = setup.json() as { secret: string };
    const codeFor = (offsetSteps: number) =>
      new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
        timestamp: Date.now() + offsetSteps * TOTP_PERIOD_SECONDS * 1000,
      });
    const enabled = await call('POST', '/auth/2fa/totp/enable', client.headers, {
      code: codeFor(-1),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    // Not the first second factor: no new codes.
    const added = await addPasskey(client);
    expect(added.recoveryCodes).toBeUndefined();
    const challenge = await challengeFor(client);
    expect(challenge.methods).toEqual(['totp', 'passkey', 'recovery']);
    expect(challenge.message).toBe(T.required);

    const off = await call('POST', '/auth/2fa/disable', client.headers, {
      password: TEST_PASSWORD,
      code: codeFor(0),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(P.totpOffPasskeysStay);
    expect((await call('GET', '/auth/2fa', client.headers)).json()).toEqual({
      totp: false,
      recoveryCodesLeft: 10,
      passkeys: 1,
    });
    expect((await challengeFor(client)).methods).toEqual(['passkey', 'recovery']);
  });

  it('lets staff who must set up a second factor add a passkey as it, which opens the portal', async () => {
    const advocate = await person('advocate');
    await ctx.database.db
      .update(users)
      .set({ twoFactorDueAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, advocate.user.id));
    const gated = await call('GET', '/profile', advocate.headers);
    expect(gated.statusCode).toBe(403);
    expect(gated.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    expect((await call('GET', '/auth/2fa/passkeys', advocate.headers)).statusCode).toBe(200);
    const added = await addPasskey(advocate, 'Office key');
    expect(added.recoveryCodes).toHaveLength(10);
    expect((await call('GET', '/profile', advocate.headers)).statusCode).toBe(200);
  });

  it('lets an account on with a passkey alone also set up the authenticator app', async () => {
    const client = await person();
    await addPasskey(client);
    const setup = await call('POST', '/auth/2fa/totp/setup', client.headers);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    const enabled = await call('POST', '/auth/2fa/totp/enable', client.headers, { code });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await call('GET', '/auth/2fa', client.headers)).json()).toMatchObject({
      totp: true,
      passkeys: 1,
    });
  });

  it('goes with an advocate’s reset of someone’s two-factor sign-in (a lost phone)', async () => {
    const client = await person('client');
    await addPasskey(client);
    const advocate = await person('advocate');
    const reset = await call(
      'POST',
      `/user-management/user/${client.user.id}/reset-two-factor`,
      advocate.headers,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await ctx.database.db.select().from(passkeys)).toEqual([]);
    expect((await login(client.user.email)).statusCode).toBe(200);
  });

  it('adds a passkey only with the password, and emails the owner that one was added', async () => {
    const advocate = await person('advocate');
    const ask = (payload?: object) =>
      call('POST', '/auth/2fa/passkeys/registration-options', advocate.headers, payload);
    const noticesTo = async () =>
      (
        await ctx.database.db.select().from(deliveries).where(eq(deliveries.kind, 'passkey_added'))
      ).filter((each) => each.recipient === advocate.user.email);

    // A session alone gets no options, so it cannot add a passkey of its own.
    const sessionAlone = await ask({});
    expect(sessionAlone.statusCode).toBe(400);
    expect(sessionAlone.json().errors.password).toBeDefined();
    const wrong = await ask({ password: 'Not-the-passw0rd' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      errors: { password: T.wrongPassword },
    });
    expect(await ctx.database.db.select().from(passkeyRegistrations)).toEqual([]);
    const noChallenge = await call('POST', '/auth/2fa/passkeys', advocate.headers, {
      name: 'Intruder',
      response: device.register({ challenge: 'AAAA', rp: { name: 'x' }, user: { id: 'AAAA' } }),
    });
    expect(noChallenge.statusCode).toBe(400);
    expect(noChallenge.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    expect(await noticesTo()).toHaveLength(0);

    await addPasskey(advocate, 'Work laptop');
    const [notice] = await noticesTo();
    expect(notice!.subject).toBe(P.addedSubject);
    expect(notice!.body).toContain('“Work laptop”');
    expect(notice!.body).toContain('http://portal.test/profile#two-factor');
  });

  it('answers 401 to every passkey route without a session', async () => {
    const [user] = await ctx.database.db.select().from(users).limit(1);
    const id = user?.id ?? '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/auth/2fa/passkeys'],
      ['POST', '/auth/2fa/passkeys/registration-options'],
      ['POST', '/auth/2fa/passkeys'],
      ['PATCH', `/auth/2fa/passkeys/${id}`],
      ['DELETE', `/auth/2fa/passkeys/${id}`],
    ] as const) {
      const answer = await call(
        method,
        url,
        {},
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(answer.statusCode, url).toBe(401);
    }
  });
});
