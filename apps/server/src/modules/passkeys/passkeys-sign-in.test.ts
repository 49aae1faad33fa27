import { PASSKEY_TEXTS as P, TWO_FACTOR_TEXTS as T } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { passkeys } from '../../db/schema';
import { bearer } from '../../../test/accounts';
import { SoftwareAuthenticator } from '../../../test/webauthn-authenticator';
import { ORIGIN, passkeysKit } from './passkeys-test-kit';

/**
 * Signing in with a passkey (ADR 037, "Passkeys"): the second step offers it, and refuses a
 * replay, another credential, a count gone back and an answer never asked for.
 */
describe('signing in with a passkey', () => {
  const kit = passkeysKit();
  const { person, call, options, addPasskey, login, challengeFor, signInOptions, secondStep } = kit;

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
        id: kit.device.credentials[0]!.id.toString('base64url'),
        type: 'public-key',
        transports: ['internal'],
      },
    ]);
    const signedIn = await secondStep(challenge.challengeToken, kit.device.authenticate(opts));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json() as { token: string; user: { email: string } };
    expect(session.user.email).toBe(client.user.email);
    expect((await call('GET', '/auth/me', bearer(session.token))).statusCode).toBe(200);

    const [row] = await kit.ctx.database.db.select().from(passkeys);
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
    const used = kit.device.authenticate(await signInOptions(first.challengeToken));
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
    await refused(
      kit.device.authenticate({ challenge: Buffer.from('guessed').toString('base64url') }),
    );
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
    await refused(kit.device.authenticate(await signInOptions(challengeToken), { counter: 1 }));
    // 5. From another origin: the fifth refusal ends the challenge.
    const fifth = await secondStep(
      challengeToken,
      kit.device.authenticate(await signInOptions(challengeToken), { origin: 'https://evil.test' }),
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
    const [row] = await kit.ctx.database.db.select().from(passkeys);
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
});
