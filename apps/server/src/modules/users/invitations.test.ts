import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES, USER_MANAGEMENT_MESSAGES } from '@firm/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, passwordResetTokens, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { TEST_SUPER_KEY, bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedContactMessage } from '../../../test/enquiries';

/**
 * Invitations (ADR 024): every new admin and client is emailed a one-time link
 * to choose their own password (72 hours, stored hashed, spent by any password change), staff
 * may resend it to someone who has not signed in yet, and a never-signed-in client's case-opened
 * email carries one.
 */

const HOUR = 60 * 60 * 1000;
const NEW_PASSWORD = 'Ch0senByMe-2026';

describe('invitations', () => {
  let ctx: TestContext;
  let advocate: Awaited<ReturnType<typeof seedUser>>;
  let advocateToken: string;

  beforeEach(async () => {
    ctx = await createTestContext({ ADVOCATE_SUPER_KEY: TEST_SUPER_KEY });
    advocate = await seedUser(ctx, {
      role: 'advocate',
      email: 'wanjiru@mwamba.test',
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      lastLogin: new Date(),
    });
    advocateToken = await sessionFor(ctx, advocate);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await ctx.close();
  });

  const call = (method: 'POST' | 'PUT', url: string, payload?: object, token = advocateToken) =>
    ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  const accept = (token: string, password = NEW_PASSWORD) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token, password },
    });
  const login = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  /** The token of the last invitation link emailed to `email`. */
  async function linkTo(email: string): Promise<string> {
    await settleMail(ctx);
    const mail = ctx.mail.filter((each) => each.to === email).at(-1);
    expect(mail, `no email to ${email}`).toBeDefined();
    const match = /http:\/\/portal\.test\/welcome#token=([\w-]+)/.exec(mail!.text);
    expect(match, mail!.text).not.toBeNull();
    return decodeURIComponent(match![1]!);
  }

  async function createClient(email = 'achieng@client.test') {
    const response = await call('POST', '/user-management/create-client', {
      firstName: 'Achieng',
      lastName: 'Otieno',
      email,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { user: { id: string }; temporaryPassword: string };
  }

  describe('on creation', () => {
    it('a new admin gets a welcome email naming the firm and who added them, never the temporary password', async () => {
      const response = await call('POST', '/user-management/create-admin', {
        firstName: 'Njeri',
        lastName: 'Mwangi',
        email: 'njeri@mwamba.test',
        permissions: { canOpenFiles: true },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { temporaryPassword } = response.json() as { temporaryPassword: string };
      const token = await linkTo('njeri@mwamba.test');
      const mail = ctx.mail.at(-1)!;
      expect(mail.subject).toBe('Welcome to Mwamba & Associates Advocates: choose your password');
      expect(mail.text).toContain('Dear Njeri,');
      expect(mail.text).toContain('Wanjiru Kamau has opened an administrator account');
      expect(mail.text).toContain('within 72 hours');
      expect(mail.text).not.toContain(temporaryPassword);

      // Stored hashed, of kind 'invitation', for 72 hours.
      const [row] = await ctx.database.db.select().from(passwordResetTokens);
      expect(row!.kind).toBe('invitation');
      expect(row!.tokenHash).toBe(hashToken(token));
      expect(row!.tokenHash).not.toContain(token);
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(
        72 * HOUR - 60_000,
      );
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThan(72 * HOUR + 60_000);
    });

    it('a new client gets one; the link sets their password and signs them in', async () => {
      const created = await createClient();
      const token = await linkTo('achieng@client.test');
      expect(ctx.mail.at(-1)!.text).toContain(
        'Wanjiru Kamau has opened an account in the client portal of Mwamba & Associates Advocates',
      );

      const accepted = await accept(token);
      expect(accepted.statusCode, accepted.body).toBe(200);
      const session = accepted.json() as { token: string; user: { mustChangePassword: boolean } };
      expect(session.user.mustChangePassword).toBe(false);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(session.token),
      });
      expect(me.statusCode).toBe(200);
      const [user] = await ctx.database.db
        .select()
        .from(users)
        .where(eq(users.id, created.user.id));
      expect(user!.lastLogin).not.toBeNull();

      expect((await login('achieng@client.test', NEW_PASSWORD)).statusCode).toBe(200);
      expect((await login('achieng@client.test', created.temporaryPassword)).statusCode).toBe(401);
      const audit = await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'user.invitation_accepted'));
      expect(audit).toHaveLength(1);
    });

    it('converting an enquiry invites the new client', async () => {
      const message = await seedContactMessage(ctx, { email: 'visitor@client.test' });
      const response = await call('POST', `/enquiries/message/${message.id}/convert`, {
        firstName: 'Achieng',
        lastName: 'Otieno',
        email: 'visitor@client.test',
      });
      expect(response.statusCode, response.body).toBe(201);
      const token = await linkTo('visitor@client.test');
      expect((await accept(token)).statusCode).toBe(200);
    });

    it('an advocate added by a colleague is not emailed (a temporary password only)', async () => {
      const response = await call('POST', '/user-management/create-advocate', {
        firstName: 'Otieno',
        lastName: 'Ouma',
        email: 'otieno@mwamba.test',
        phone: '0722 000 111',
        licenseNumber: 'LSK/2020/0001',
        specialization: ['Tax Law'],
        experience: 5,
        education: 'LLB',
        barAdmission: '2020',
      });
      expect(response.statusCode, response.body).toBe(201);
      await settleMail(ctx);
      expect(ctx.mail).toEqual([]);
    });
  });

  describe('the link', () => {
    it('works once', async () => {
      await createClient();
      const token = await linkTo('achieng@client.test');
      expect((await accept(token)).statusCode).toBe(200);
      const again = await accept(token, 'An0therPassword');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        message: AUTH_MESSAGES.invitationInvalid,
        code: 'INVALID_INVITATION',
      });
      expect((await login('achieng@client.test', NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('works until 72 hours have passed, not after', async () => {
      await createClient('early@client.test');
      await createClient('late@client.test');
      const early = await linkTo('early@client.test');
      const late = await linkTo('late@client.test');
      // The clock stops once the mails are out: the job queue's worker runs on a moving one.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });

      vi.setSystemTime(Date.now() + 72 * HOUR - 60_000);
      expect((await accept(early)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 2 * 60_000);
      const expired = await accept(late);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().code).toBe('INVALID_INVITATION');
    });

    it('is spent when the temporary password is changed', async () => {
      const created = await createClient();
      const token = await linkTo('achieng@client.test');
      const signedIn = await login('achieng@client.test', created.temporaryPassword);
      expect(signedIn.statusCode).toBe(200);
      const changed = await call(
        'POST',
        '/auth/change-password',
        {
          currentPassword: created.temporaryPassword,
          newPassword: 'Chang3dMyself',
          confirmPassword: 'Chang3dMyself',
        },
        signedIn.json().token,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await accept(token)).statusCode).toBe(400);
      expect((await login('achieng@client.test', 'Chang3dMyself')).statusCode).toBe(200);
    });

    it('is spent by an advocate’s password reset', async () => {
      const created = await createClient();
      const token = await linkTo('achieng@client.test');
      const reset = await call('PUT', `/user-management/user/${created.user.id}/reset-password`);
      expect(reset.statusCode).toBe(200);
      expect((await accept(token)).statusCode).toBe(400);
    });

    it('is spent by a forgot-password link used meanwhile; neither link opens the other’s page', async () => {
      await createClient();
      const invitation = await linkTo('achieng@client.test');
      const asked = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'achieng@client.test' },
      });
      expect(asked.statusCode).toBe(200);
      await settleMail(ctx);
      const resetMail = ctx.mail.at(-1)!;
      const resetToken = decodeURIComponent(/#token=([\w-]+)/.exec(resetMail.text)![1]!);

      // An invitation is not a reset link, nor the other way round.
      const wrongPage = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: invitation, password: NEW_PASSWORD },
      });
      expect(wrongPage.statusCode).toBe(400);
      expect((await accept(resetToken)).statusCode).toBe(400);

      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: resetToken, password: 'Res3tByEmail' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await accept(invitation)).statusCode).toBe(400);
    });

    it('does not open a deactivated account, and stays unspent', async () => {
      const created = await createClient();
      const token = await linkTo('achieng@client.test');
      await ctx.database.db
        .update(users)
        .set({ isActive: false })
        .where(eq(users.id, created.user.id));
      expect((await accept(token)).statusCode).toBe(400);
      const open = await ctx.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
      expect(open[0]!.usedAt).toBeNull();
    });

    it('answers 400 with field messages for a weak password or a missing token', async () => {
      const weak = await accept('some-token', 'short');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors).toHaveProperty('password');
      const missing = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/accept-invitation',
        payload: { password: NEW_PASSWORD },
      });
      expect(missing.statusCode).toBe(400);
    });
  });

  describe('resending', () => {
    const resend = (id: string, token?: string) =>
      call('POST', `/user-management/user/${id}/resend-invitation`, undefined, token);

    it('sends a new link; the one before stops working', async () => {
      const created = await createClient();
      const first = await linkTo('achieng@client.test');
      const response = await resend(created.user.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: USER_MANAGEMENT_MESSAGES.invitationResent,
        user: { id: created.user.id, lastLogin: null },
      });
      const second = await linkTo('achieng@client.test');
      expect(second).not.toBe(first);
      expect(ctx.mail.at(-1)!.text).toContain('Wanjiru Kamau');
      expect((await accept(first)).statusCode).toBe(400);
      expect((await accept(second)).statusCode).toBe(200);
      const audit = await ctx.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'user.invitation_resent'),
            eq(auditLog.targetUserId, created.user.id),
          ),
        );
      expect(audit).toHaveLength(1);
    });

    it('an admin who admits clients may resend a client’s, and names themself', async () => {
      const admin = await seedUser(ctx, {
        role: 'admin',
        email: 'grace@mwamba.test',
        firstName: 'Grace',
        lastName: 'Wekesa',
        permissions: { canAdmitClients: true },
      });
      const created = await createClient();
      const response = await resend(created.user.id, await sessionFor(ctx, admin));
      expect(response.statusCode, response.body).toBe(200);
      await linkTo('achieng@client.test');
      expect(ctx.mail.at(-1)!.text).toContain('Grace Wekesa has opened');
    });

    it('is refused (409) for someone who has signed in, an inactive account or an advocate', async () => {
      const signedIn = await seedUser(ctx, {
        role: 'client',
        email: 'seen@client.test',
        lastLogin: new Date(),
      });
      const inactive = await seedUser(ctx, {
        role: 'client',
        email: 'gone@client.test',
        isActive: false,
      });
      const colleague = await seedUser(ctx, { role: 'advocate', email: 'colleague@mwamba.test' });
      for (const target of [signedIn, inactive, colleague]) {
        const response = await resend(target.id);
        expect(response.statusCode, target.email).toBe(409);
        expect(response.json().code).toBe('INVITATION_NOT_NEEDED');
      }
      await settleMail(ctx);
      expect(ctx.mail).toEqual([]);
    });

    it('invitations do not use up the hourly allowance of forgot-password emails', async () => {
      const created = await createClient();
      for (let i = 0; i < 3; i += 1) expect((await resend(created.user.id)).statusCode).toBe(200);
      await settleMail(ctx);
      const before = ctx.mail.length;
      const asked = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'achieng@client.test' },
      });
      expect(asked.statusCode).toBe(200);
      await settleMail(ctx);
      expect(ctx.mail).toHaveLength(before + 1);
      expect(ctx.mail.at(-1)!.subject).toContain('Reset your password');
    });

    it('answers 404 for an unknown account and 400 for a malformed id', async () => {
      expect((await resend(randomUUID())).statusCode).toBe(404);
      const malformed = await resend('not-an-id');
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('a case opened for a client', () => {
    const openCase = async (clientId: string) => {
      const response = await call('POST', '/cases', {
        title: 'Succession of the late J. Kamau',
        description: 'Letters of administration.',
        category: 'family',
        priority: 'medium',
        clientId,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().case as { id: string; caseNumber: string };
    };
    const sendOwedEmails = async () => {
      await settleMail(ctx);
    };

    it('who never signed in: the email carries a fresh invitation, not a dead portal link', async () => {
      const created = await createClient();
      const welcome = await linkTo('achieng@client.test');
      const opened = await openCase(created.user.id);
      await sendOwedEmails();
      const mail = ctx.mail.at(-1)!;
      expect(mail.subject).toBe('New case opened: Mwamba & Associates Advocates');
      expect(mail.text).toContain(`Case ${opened.caseNumber} has been opened for you.`);
      expect(mail.text).not.toContain(`/cases/${opened.id}`);
      const fresh = await linkTo('achieng@client.test');
      expect(fresh).not.toBe(welcome);
      // The welcome email's link still works too; using one spends the other.
      expect((await accept(fresh)).statusCode).toBe(200);
      expect((await accept(welcome)).statusCode).toBe(400);
    });

    it('who has signed in: the link to the case, no invitation', async () => {
      const client = await seedUser(ctx, {
        role: 'client',
        email: 'seen@client.test',
        lastLogin: new Date(),
      });
      const opened = await openCase(client.id);
      await sendOwedEmails();
      const mail = ctx.mail.at(-1)!;
      expect(mail.text).toContain(`http://portal.test/cases/${opened.id}`);
      expect(mail.text).not.toContain('/welcome#token=');
      expect(await ctx.database.db.select().from(passwordResetTokens)).toEqual([]);
    });
  });
});
