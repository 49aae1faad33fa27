import { PASSKEY_TEXTS as P, TOTP_PERIOD_SECONDS, TWO_FACTOR_TEXTS as T } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { deliveries, passkeyRegistrations, passkeys, users } from '../../db/schema';
import { TEST_PASSWORD } from '../../../test/accounts';
import { passkeysKit } from './passkeys-test-kit';

/**
 * A passkey as one second factor among others (ADR 037): beside the authenticator app, as the
 * setup staff must make, with an advocate’s reset, behind the password, and never without a
 * session.
 */
describe('passkeys among the second factors', () => {
  const kit = passkeysKit();
  const { person, call, addPasskey, login, challengeFor } = kit;

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
    await kit.ctx.database.db
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
    expect(await kit.ctx.database.db.select().from(passkeys)).toEqual([]);
    expect((await login(client.user.email)).statusCode).toBe(200);
  });

  it('adds a passkey only with the password, and emails the owner that one was added', async () => {
    const advocate = await person('advocate');
    const ask = (payload?: object) =>
      call('POST', '/auth/2fa/passkeys/registration-options', advocate.headers, payload);
    const noticesTo = async () =>
      (
        await kit.ctx.database.db
          .select()
          .from(deliveries)
          .where(eq(deliveries.kind, 'passkey_added'))
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
    expect(await kit.ctx.database.db.select().from(passkeyRegistrations)).toEqual([]);
    const noChallenge = await call('POST', '/auth/2fa/passkeys', advocate.headers, {
      name: 'Intruder',
      response: kit.device.register({ challenge: 'AAAA', rp: { name: 'x' }, user: { id: 'AAAA' } }),
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
    const [user] = await kit.ctx.database.db.select().from(users).limit(1);
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
