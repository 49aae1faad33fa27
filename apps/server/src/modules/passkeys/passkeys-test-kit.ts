import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect } from 'vitest';
import { auditLog, type UserRow } from '../../db/schema';
import { TEST_PASSWORD, bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { SoftwareAuthenticator } from '../../../test/webauthn-authenticator';

/**
 * What the passkey tests share (ADR 037, "Passkeys"): a fresh app and a software authenticator
 * that makes real WebAuthn answers (test/webauthn-authenticator.ts) for each test, people to
 * sign in, and the calls that add a passkey and answer sign-in's second step with one.
 * The tests' PUBLIC_URL is http://portal.test: the RP ID portal.test, the origin itself.
 */
export const ORIGIN = 'http://portal.test';

export interface Person {
  user: UserRow;
  headers: { authorization: string };
}

/** Call in a describe block: its hooks make `ctx` and `device` new for every test. */
export function passkeysKit() {
  let ctx: TestContext;
  let device: SoftwareAuthenticator;

  beforeEach(async () => {
    ctx = await createTestContext();
    device = new SoftwareAuthenticator(ORIGIN);
  });
  afterEach(() => ctx.close());

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

  return {
    get ctx() {
      return ctx;
    },
    get device() {
      return device;
    },
    person,
    call,
    options,
    addPasskey,
    login,
    challengeFor,
    signInOptions,
    secondStep,
    auditOf,
  };
}
