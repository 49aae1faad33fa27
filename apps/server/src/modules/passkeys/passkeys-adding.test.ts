import { PASSKEY_TEXTS as P, RECOVERY_CODE_PATTERN, VALIDATION } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { passkeyRegistrations, passkeys } from '../../db/schema';
import { passkeysKit } from './passkeys-test-kit';

/**
 * Adding, listing, renaming and removing passkeys (ADR 037, "Passkeys"), and the answers refused
 * on the way: another challenge, origin or host, a spent or expired challenge, a malformed answer.
 */
describe('adding, renaming and removing passkeys', () => {
  const kit = passkeysKit();
  const { person, call, options, addPasskey, auditOf } = kit;

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

    const response = kit.device.register(opts);
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
    const [row] = await kit.ctx.database.db.select().from(passkeys);
    expect(row).toMatchObject({ credentialId: response.id, counter: 0, transports: ['internal'] });
    expect(row!.publicKey).toBeInstanceOf(Uint8Array);
    expect(await kit.ctx.database.db.select().from(passkeyRegistrations)).toEqual([]);

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
      response: kit.device.register(next),
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
      kit.device.register(await options(client), {
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
      kit.device.register(await options(client), { origin: 'https://mwamba.example' }),
    );
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json().code).toBe('PASSKEY_REFUSED');

    const wrongHost = await add(
      'Phone',
      kit.device.register(await options(client), { rpId: 'mwamba.example' }),
    );
    expect(wrongHost.statusCode).toBe(400);

    // The challenge is spent by a refused answer too: a right one for it comes too late.
    const opts = await options(client);
    expect(
      (await add('Phone', kit.device.register(opts, { origin: 'http://evil.test' }))).statusCode,
    ).toBe(400);
    const late = await add('Phone', kit.device.register(opts));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'PASSKEY_CHALLENGE_EXPIRED',
      errors: { response: P.registrationExpired },
    });

    // One answer adds one passkey: the same answer again finds its challenge spent.
    const fresh = kit.device.register(await options(client));
    expect((await add('Phone', fresh)).statusCode).toBe(201);
    const replayed = await add('Phone again', fresh);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');

    // After five minutes the challenge no longer counts.
    const old = await options(client);
    await kit.ctx.database.db
      .update(passkeyRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await add('Phone', kit.device.register(old))).json().code).toBe(
      'PASSKEY_CHALLENGE_EXPIRED',
    );
    // Only one passkey came of all that.
    expect(await kit.ctx.database.db.select().from(passkeys)).toHaveLength(1);
  });

  it('answers 400 with the field named for a missing name or a malformed answer, never 500', async () => {
    const client = await person();
    const response = kit.device.register(await options(client));
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
});
