import { PROFILE_MESSAGES } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, seedUser, signIn } from '../../../test/accounts';
import { settleMail } from '../../../test/helpers';
import { auditLog, emailChangeTokens } from '../../db/schema';
import {
  useProfileTestContext,
  ctx,
  seq,
  nextSeq,
  uniqueAddress,
  newPerson,
  call,
  auditActions,
} from './profile-test-kit';

/** Profile Settings' behaviour: the profile, the professional details, email change, sessions. */

useProfileTestContext();

const linkToken = (text: string) => {
  const match = /#token=([^\s]+)/.exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  return decodeURIComponent(match[1]!);
};

describe('PUT /api/profile', () => {
  it('saves the name and an E.164 phone, and audits which fields changed', async () => {
    const { user, token } = await newPerson();
    const response = await call(token, 'PUT', '/api/profile', {
      firstName: ' Akinyi ',
      lastName: 'Odhiambo',
      phone: '0712 345 678',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({
      firstName: 'Akinyi',
      lastName: 'Odhiambo',
      phone: '+254712345678',
    });
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetUserId, user.id));
    expect(row).toMatchObject({ action: 'profile.updated', actorId: user.id });
    expect(row!.details).toEqual({ fields: ['firstName', 'lastName', 'phone'] });
  });

  it('answers 400 with field messages for a bad phone and an empty name', async () => {
    const { token } = await newPerson();
    const response = await call(token, 'PUT', '/api/profile', {
      firstName: '',
      lastName: 'X',
      phone: '12',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(
      expect.arrayContaining(['firstName', 'phone']),
    );
  });

  it('ignores an email, role or password in the body', async () => {
    const { user, token } = await newPerson();
    const response = await call(token, 'PUT', '/api/profile', {
      firstName: 'A',
      lastName: 'B',
      email: 'taken@over.test',
      role: 'advocate',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: user.email, role: 'client' });
  });
});

describe('PUT /api/profile/professional', () => {
  it('stores an advocate’s professional details and audits the change', async () => {
    const { user, token } = await newPerson('advocate');
    const details = {
      licenseNumber: 'LSK/2009/1183',
      specialization: ['Employment Law', 'Land and boundary disputes', 'Employment Law'],
      experience: 16,
      education: 'LLB, Moi University\nPostgraduate Diploma, Kenya School of Law',
      barAdmission: 'Admitted to the Roll of Advocates, 2009',
    };
    const response = await call(token, 'PUT', '/api/profile/professional', details);
    expect(response.statusCode, response.body).toBe(200);
    const saved = {
      ...details,
      // Each specialization once, in the order given.
      specialization: ['Employment Law', 'Land and boundary disputes'],
    };
    expect(response.json().user).toMatchObject(saved);

    // Stored: a later read (another request) answers the same.
    const reread = await call(token, 'GET', '/api/profile');
    expect(reread.json().user).toMatchObject(saved);

    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetUserId, user.id));
    const audited = rows.filter((row) => row.action === 'profile.professional_updated');
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      actorId: user.id,
      details: { licenseNumber: 'LSK/2009/1183' },
    });
  });

  it('validates as registration does', async () => {
    const { token } = await newPerson('advocate');
    const response = await call(token, 'PUT', '/api/profile/professional', {
      licenseNumber: '',
      specialization: [],
      experience: -1,
      education: 'LLB',
      barAdmission: '2011',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(
      expect.arrayContaining(['licenseNumber', 'specialization', 'experience']),
    );
  });
});

describe('email change', () => {
  it('sends a link to the new address and a notice to the old; the link works once', async () => {
    const { user, token, email } = await newPerson();
    const before = ctx.mail.length;
    const asked = await call(token, 'POST', '/api/profile/email-change', {
      email: 'New.Address@Profile.test',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await settleMail(ctx);
    const sent = ctx.mail.slice(before);
    expect(sent.map((mail) => mail.to)).toEqual(['new.address@profile.test', email]);
    expect(sent[1]!.text).not.toContain('#token=');
    const pending = await call(token, 'GET', '/api/profile');
    expect(pending.json()).toMatchObject({
      user: { email },
      pendingEmail: 'new.address@profile.test',
    });

    // Only the hash is stored.
    const secret = linkToken(sent[0]!.text);
    const [stored] = await ctx.database.db
      .select()
      .from(emailChangeTokens)
      .where(eq(emailChangeTokens.userId, user.id));
    expect(stored!.tokenHash).not.toBe(secret);

    const confirmed = await call(token, 'POST', '/api/profile/email-change/confirm', {
      token: secret,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      user: { email: 'new.address@profile.test' },
      pendingEmail: null,
    });
    const again = await call(token, 'POST', '/api/profile/email-change/confirm', {
      token: secret,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: PROFILE_MESSAGES.emailChangeLinkInvalid,
      code: 'INVALID_EMAIL_CHANGE_TOKEN',
    });
    expect(await auditActions(user.id)).toEqual(
      expect.arrayContaining(['profile.email_change_requested', 'profile.email_changed']),
    );
    // Signs in with the new address.
    await signIn(ctx, 'new.address@profile.test', TEST_PASSWORD, uniqueAddress());
  });

  it('refuses an expired link', async () => {
    const { user, token } = await newPerson();
    const before = ctx.mail.length;
    await call(token, 'POST', '/api/profile/email-change', { email: `late-${seq}@profile.test` });
    await settleMail(ctx);
    const secret = linkToken(ctx.mail[before]!.text);
    await ctx.database.db
      .update(emailChangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeTokens.userId, user.id));
    const response = await call(token, 'POST', '/api/profile/email-change/confirm', {
      token: secret,
    });
    expect(response.statusCode).toBe(400);
  });

  it("refuses another person's link, and a newer request replaces the older link", async () => {
    const first = await newPerson();
    const other = await newPerson();
    let before = ctx.mail.length;
    await call(first.token, 'POST', '/api/profile/email-change', {
      email: `a-${seq}@profile.test`,
    });
    await settleMail(ctx);
    const older = linkToken(ctx.mail[before]!.text);
    const stolen = await call(other.token, 'POST', '/api/profile/email-change/confirm', {
      token: older,
    });
    expect(stolen.statusCode).toBe(400);

    before = ctx.mail.length;
    await call(first.token, 'POST', '/api/profile/email-change', {
      email: `b-${seq}@profile.test`,
    });
    await settleMail(ctx);
    const newer = linkToken(ctx.mail[before]!.text);
    expect(
      (await call(first.token, 'POST', '/api/profile/email-change/confirm', { token: older }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(first.token, 'POST', '/api/profile/email-change/confirm', { token: newer }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses an address another account holds, and one's own", async () => {
    const { token, email } = await newPerson();
    const other = await newPerson();
    const taken = await call(token, 'POST', '/api/profile/email-change', { email: other.email });
    expect(taken.statusCode).toBe(409);
    const same = await call(token, 'POST', '/api/profile/email-change', { email });
    expect(same.statusCode).toBe(400);
  });
});

describe('sessions', () => {
  it('lists devices with browser and OS, marks this one, and signs out the others only', async () => {
    const email = `devices-${nextSeq()}@profile.test`;
    const user = await seedUser(ctx, { role: 'client', email });
    const signInFrom = async (userAgent: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: TEST_PASSWORD },
        headers: { 'user-agent': userAgent },
        remoteAddress: uniqueAddress(),
      });
      return response.json().token as string;
    };
    const phone = await signInFrom(
      'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    );
    const laptop = await signInFrom(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36 Edg/121.0.0.0',
    );
    const tablet = await signInFrom('curl/8.0');

    const list = await call(phone, 'GET', '/api/profile/sessions');
    const sessions = list.json().sessions as {
      id: string;
      browser: string;
      os: string;
      current: boolean;
    }[];
    expect(sessions).toHaveLength(3);
    const current = sessions.find((session) => session.current)!;
    expect(current).toMatchObject({ browser: 'Chrome 120', os: 'Android 13' });
    expect(sessions.some((session) => session.browser === 'Microsoft Edge 121')).toBe(true);

    // One other device.
    const laptopSession = sessions.find((session) => session.browser?.startsWith('Microsoft'))!;
    const ended = await call(phone, 'DELETE', `/api/profile/sessions/${laptopSession.id}`);
    expect(ended.statusCode).toBe(200);
    expect((await call(laptop, 'GET', '/api/profile')).statusCode).toBe(401);

    // Not this one, and not someone else's.
    expect((await call(phone, 'DELETE', `/api/profile/sessions/${current.id}`)).statusCode).toBe(
      400,
    );
    const stranger = await newPerson();
    expect(
      (await call(stranger.token, 'DELETE', `/api/profile/sessions/${current.id}`)).statusCode,
    ).toBe(404);
    expect((await call(phone, 'GET', '/api/profile')).statusCode).toBe(200);

    // Every other one.
    const others = await call(phone, 'POST', '/api/profile/sessions/sign-out-others');
    expect(others.json()).toMatchObject({ count: 1 });
    expect((await call(tablet, 'GET', '/api/profile')).statusCode).toBe(401);
    expect((await call(phone, 'GET', '/api/profile')).statusCode).toBe(200);
    expect((await call(phone, 'GET', '/api/profile/sessions')).json().sessions).toHaveLength(1);
    expect(await auditActions(user.id)).toEqual(
      expect.arrayContaining(['session.revoked', 'session.revoked_others']),
    );
  });
});
