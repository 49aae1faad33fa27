import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { TEST_SUPER_KEY, advocatePayload, bearer, seedUser } from '../../../test/accounts';

/** A wrong key before any advocate exists, with ADVOCATE_SUPER_KEY set. */
const FIRST_START_ENVIRONMENT =
  "Invalid super key. No advocate has registered yet, so you are setting up the portal as its owner. The key is the ADVOCATE_SUPER_KEY setting in the server's configuration. Copy it from there and try again.";

describe('advocate registration', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext({ ADVOCATE_SUPER_KEY: TEST_SUPER_KEY });
  });
  afterEach(() => ctx.close());

  const verifyKey = (superKey: unknown, remoteAddress = '10.1.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-super-key',
      payload: { superKey },
      remoteAddress,
    });
  const register = (payload: Record<string, unknown>, remoteAddress = '10.1.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });

  describe('POST /api/auth/verify-super-key', () => {
    it('accepts the configured key with the success text', async () => {
      const response = await verifyKey(TEST_SUPER_KEY);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Super key verified! You can now complete advocate registration.',
      });
    });

    it('refuses any other key with 401, telling the first advocate where the key is set', async () => {
      for (const key of ['wrong', `${TEST_SUPER_KEY}x`, TEST_SUPER_KEY.toUpperCase()]) {
        const response = await verifyKey(key);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ message: FIRST_START_ENVIRONMENT });
        expect(response.body).not.toContain(TEST_SUPER_KEY);
      }
      // Once the owner has registered, a later advocate gets the key from the firm.
      expect((await register(advocatePayload())).statusCode).toBe(201);
      const later = await verifyKey('wrong');
      expect(later.statusCode).toBe(401);
      expect(later.json().message).toBe('Invalid super key. Contact system administrator.');
    });

    it('asks for a key when none is given', async () => {
      const response = await verifyKey('');
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ superKey: 'Super key is required' });
    });

    it('limits each address to 10 attempts in 15 minutes', async () => {
      for (let i = 0; i < 10; i += 1) expect((await verifyKey(`guess-${i}`)).statusCode).toBe(401);
      const limited = await verifyKey(TEST_SUPER_KEY);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(
        /^Too many requests\. Please try again in \d+ seconds\.$/,
      );
      expect((await verifyKey(TEST_SUPER_KEY, '10.1.0.2')).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/register', () => {
    it('makes the first advocate ever active and signed in (201 with token and user)', async () => {
      const response = await register(advocatePayload({ email: 'Wanjiru@Mwamba.TEST' }));
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.user).toEqual({
        id: expect.any(String),
        firstName: 'Wanjiru',
        lastName: 'Kamau',
        email: 'wanjiru@mwamba.test',
        phone: '+254712345678',
        role: 'advocate',
        isActive: true,
        createdAt: expect.any(String),
        lastLogin: expect.any(String),
        mustChangePassword: false,
        verificationStatus: 'verified',
        licenseNumber: 'LSK/2011/0457',
        specialization: ['Family Law', 'Property Law'],
        experience: 14,
        education: 'LLB, University of Nairobi; Kenya School of Law',
        barAdmission: 'Admitted to the Roll of Advocates, 2011',
        // With the firm's default grace (none), a second factor is due from this first session.
        twoFactorDueAt: body.user.lastLogin,
      });
      expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash|password_hash/);

      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(body.token),
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe('wanjiru@mwamba.test');

      const [row] = await ctx.database.db.select().from(users);
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const [audit] = await ctx.database.db.select().from(auditLog);
      expect(audit).toMatchObject({
        action: 'user.registered',
        actorId: row!.id,
        targetUserId: row!.id,
        ip: '10.1.0.1',
        details: {
          email: 'wanjiru@mwamba.test',
          firstAdvocate: true,
          verificationStatus: 'verified',
        },
      });
    });

    it('keeps every later advocate pending: 202 with a message, no token, no sign-in', async () => {
      expect((await register(advocatePayload())).statusCode).toBe(201);
      const response = await register(
        advocatePayload({ email: 'otieno@mwamba.test', firstName: 'Otieno' }),
        '10.1.0.7',
      );
      expect(response.statusCode).toBe(202);
      const body = response.json();
      expect(body).not.toHaveProperty('token');
      expect(body.message).toBe(
        'Registration received. An existing advocate must verify your account before you can sign in.',
      );
      expect(body.user).toMatchObject({
        email: 'otieno@mwamba.test',
        role: 'advocate',
        isActive: false,
        verificationStatus: 'pending',
        lastLogin: null,
      });
      const pendingSessions = await ctx.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, body.user.id));
      expect(pendingSessions).toHaveLength(0);

      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'otieno@mwamba.test', password: advocatePayload().password },
      });
      expect(login.statusCode).toBe(403);
      expect(login.json().message).toBe(
        'This advocate account is awaiting verification by an existing advocate. You can sign in once it is verified.',
      );
    });

    it('checks the super key again, whatever the browser said (401)', async () => {
      const response = await register(advocatePayload({ superKey: 'not-the-key-at-all' }));
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(FIRST_START_ENVIRONMENT);
      expect(await ctx.database.db.select().from(users)).toHaveLength(0);

      expect((await register(advocatePayload())).statusCode).toBe(201);
      const later = await register(
        advocatePayload({ email: 'otieno@mwamba.test', superKey: 'not-the-key-at-all' }),
      );
      expect(later.statusCode).toBe(401);
      expect(later.json().message).toBe('Invalid super key. Contact system administrator.');
    });

    it('answers 409 for a taken email, in any letter case', async () => {
      await register(advocatePayload());
      const response = await register(advocatePayload({ email: 'WANJIRU@mwamba.test' }));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('An account with this email already exists');
    });

    it('always registers an advocate, whatever role the body claims', async () => {
      const response = await register(advocatePayload({ role: 'admin' }));
      expect(response.statusCode).toBe(201);
      expect(response.json().user.role).toBe('advocate');
    });

    it('makes a later advocate pending even when only admins and clients exist besides', async () => {
      await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      expect((await register(advocatePayload())).statusCode).toBe(201);
    });

    it('answers each registration rule with its message', async () => {
      const response = await register({ superKey: TEST_SUPER_KEY });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Email is required',
        phone: 'Phone number is required',
        licenseNumber: 'License number is required',
        experience: 'Experience is required',
        education: 'Education background is required',
        barAdmission: 'Bar admission details are required',
        password: 'Password is required',
        specialization: 'At least one specialization is required',
      });

      const second = await register(
        advocatePayload({
          email: 'not-an-email',
          phone: 'call me maybe',
          experience: -1,
          password: 'short',
          specialization: [],
        }),
      );
      expect(second.json().errors).toEqual({
        email: 'Invalid email address',
        phone: 'Invalid phone number',
        experience: 'Experience cannot be negative',
        password: 'Password must be at least 8 characters',
        specialization: 'At least one specialization is required',
      });

      const third = await register(advocatePayload({ password: 'alllowercase1' }));
      expect(third.json().errors).toEqual({
        password:
          'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      });
      expect(await ctx.database.db.select().from(users)).toHaveLength(0);
    });

    it('is rate-limited per address', async () => {
      for (let i = 0; i < 10; i += 1) {
        expect((await register(advocatePayload({ superKey: 'wrong-key-guess' }))).statusCode).toBe(
          401,
        );
      }
      expect((await register(advocatePayload())).statusCode).toBe(429);
    });
  });

  it('uses the key generated into the data directory when ADVOCATE_SUPER_KEY is unset', async () => {
    const generated = await createTestContext();
    try {
      const key = readFileSync(
        path.join(generated.config.dataDir, 'advocate-super-key'),
        'utf8',
      ).trim();
      const verify = (superKey: string) =>
        generated.app.inject({
          method: 'POST',
          url: '/api/auth/verify-super-key',
          payload: { superKey },
        });
      const wrong = await verify(TEST_SUPER_KEY);
      expect(wrong.statusCode).toBe(401);
      // The owner learns where the generated key is, as the README says it, and nothing more:
      // neither the key nor the server's own path.
      expect(wrong.json().message).toBe(
        "Invalid super key. No advocate has registered yet, so you are setting up the portal as its owner. The key was created when the server first started and is in the file advocate-super-key in the server's data folder (DATA_DIR/advocate-super-key). Open that file on the server, copy the key and try again.",
      );
      expect(wrong.body).not.toContain(key);
      expect(wrong.body).not.toContain(generated.config.dataDir);
      expect((await verify(key)).statusCode).toBe(200);
    } finally {
      await generated.close();
    }
  });
});
