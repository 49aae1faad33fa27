import {
  DATA_EXPORT_TEXTS,
  PROFILE_MESSAGES,
  formatNairobiDateTime,
  isClientAccount,
} from '@firm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, bearer, seedUser, sessionFor, signIn } from '../../../test/accounts';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { seedCase, seedNote } from '../../../test/cases';
import { seedConversation } from '../../../test/messages';
import { auditLog, emailChangeTokens, type NewAppointmentRow } from '../../db/schema';
import { insertAppointment } from '../appointments/appointments.repository';

/** Profile Settings' behaviour: email change, sessions, the export, the request. */

let ctx: TestContext;
let seq = 0;
const uniqueAddress = () => `10.88.0.${(seq += 1)}`;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function newPerson(role: 'client' | 'advocate' | 'admin' = 'client') {
  const email = `person-${(seq += 1)}@profile.test`;
  const user = await seedUser(ctx, { role, email });
  // Staff straight into the database: signing in would first ask them to set up a second factor.
  const token = isClientAccount(user)
    ? await signIn(ctx, email, TEST_PASSWORD, uniqueAddress())
    : await sessionFor(ctx, user);
  return { user, token, email };
}

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  ctx.app.inject({ method, url, payload, headers: bearer(token), remoteAddress: uniqueAddress() });

const auditActions = async (userId: string) =>
  (await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetUserId, userId))).map(
    (row) => row.action,
  );

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
    const email = `devices-${(seq += 1)}@profile.test`;
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

describe('GET /api/profile/export', () => {
  it("holds the person's own data, none of another person's, and no secrets", async () => {
    const me = await newPerson();
    const other = await newPerson();
    await call(other.token, 'PUT', '/api/profile', {
      firstName: 'Otherperson',
      lastName: 'Secretname',
      phone: '0733 000 111',
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      remoteAddress: uniqueAddress(),
      payload: {
        name: 'Me',
        email: me.email.toUpperCase(),
        subject: 'A question about land',
        message: 'Hello, I have a question about a title deed.',
        consent: true,
      },
    });
    await call(me.token, 'PUT', '/api/profile', { firstName: 'Mine', lastName: 'Own' });

    const response = await call(me.token, 'GET', '/api/profile/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="my-data-/);
    const file = response.json();
    expect(file.account).toMatchObject({ id: me.user.id, email: me.email, firstName: 'Mine' });
    expect(file.sessions).toHaveLength(1);
    expect(file.contactMessages).toHaveLength(1);
    // Every switch on until the person changes one.
    expect(Object.values(file.emailPreferences).every((on) => on === true)).toBe(true);
    expect(file.notifications).toEqual([]);
    expect(file.auditLog.map((row: { action: string }) => row.action)).toEqual(
      expect.arrayContaining(['profile.updated', 'profile.data_exported']),
    );
    const text = response.body;
    for (const absent of [other.email, other.user.id, 'Secretname', '+254733000111']) {
      expect(text).not.toContain(absent);
    }
    for (const secret of ['passwordHash', 'tokenHash', '$argon2', me.token]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('GET /api/profile/export?format=html: the readable copy', () => {
  it('is a plain HTML page of the same sections, dates in words, what was typed escaped', async () => {
    const me = await newPerson();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      remoteAddress: uniqueAddress(),
      payload: {
        name: 'Me <b>bold</b>',
        email: me.email,
        subject: 'Question <script>alert("subject")</script>',
        message: 'Hello <script>alert(1)</script> & "goodbye" <img src=x onerror=alert(2)>',
        consent: true,
      },
    });

    const response = await call(me.token, 'GET', '/api/profile/export?format=html');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.html"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');

    const page = response.body;
    expect(page.startsWith('<!doctype html>')).toBe(true);
    // Nothing runs and nothing loads: no script, no image, no handler, only the typed text.
    expect(page).not.toMatch(/<(script|img|b|a|link|iframe)\b/i);
    expect(page).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(page).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;goodbye&quot;');
    expect(page).toContain('Question &lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    // A heading per section of the JSON file, in its order.
    const json = (await call(me.token, 'GET', '/api/profile/export')).json();
    const headings = [...page.matchAll(/<h2>([^<]+)<\/h2>/g)].map((match) => match[1]);
    const sectionKeys = Object.keys(json).filter((key) => key !== 'generatedAt' && key !== 'about');
    expect(headings).toEqual(sectionKeys.map((key) => DATA_EXPORT_TEXTS.sections[key]));
    expect(headings).toContain('Messages sent from the website');
    // Dates read as words on a Nairobi clock, never as ISO instants.
    const sentAt = json.contactMessages[0].sentAt as string;
    expect(page).toContain(formatNairobiDateTime(sentAt));
    expect(page).toMatch(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
    expect(page).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    // The same person's data: their email, nobody's secrets.
    expect(page).toContain(me.email);
    for (const secret of ['passwordHash', 'tokenHash', '$argon2', me.token]) {
      expect(page).not.toContain(secret);
    }

    // The record of changes reads as sentences told to the person, in the product's words.
    const again = (await call(me.token, 'GET', '/api/profile/export?format=html')).body;
    expect(again).toContain('You downloaded your data');
    expect(again).toContain('Normal');
    expect(again).not.toMatch(/profile\.data_exported|>normal</);
  });

  it('refuses an unknown format with 400 and the field message; signed out is 401', async () => {
    const me = await newPerson();
    const bad = await call(me.token, 'GET', '/api/profile/export?format=pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(DATA_EXPORT_TEXTS.formatInvalid);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/export?format=html',
      remoteAddress: uniqueAddress(),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('<!doctype html>');
  });
});

describe('GET /api/profile/export: case files and appointments', () => {
  const appointment = (overrides: Partial<NewAppointmentRow>): NewAppointmentRow => ({
    title: 'Consultation',
    description: 'About a title deed.',
    type: 'consultation',
    startsAt: new Date('2027-02-03T07:00:00Z'),
    endsAt: new Date('2027-02-03T07:30:00Z'),
    durationMinutes: 30,
    feeKsh: 5000,
    clientFirstName: 'Some',
    clientLastName: 'One',
    clientEmail: 'someone@profile.test',
    ...overrides,
  });

  it('gives a client their cases as they see them and their appointments, and staff neither', async () => {
    const me = await newPerson('client');
    const other = await newPerson('client');
    const mine = await seedCase(ctx, me.user.id, { title: 'My land matter' });
    await seedNote(ctx, mine.id, { content: 'Shared with you.', visibleToClient: true });
    await seedNote(ctx, mine.id, { content: 'Internal strategy.', visibleToClient: false });
    await seedCase(ctx, other.user.id, { title: 'Someone else’s matter' });
    await insertAppointment(ctx.database.db, appointment({ clientId: me.user.id, title: 'Mine' }));
    // Booked as a visitor, with the address the account has now.
    await insertAppointment(
      ctx.database.db,
      appointment({ clientEmail: me.email.toUpperCase(), title: 'Booked before signing up' }),
    );
    await insertAppointment(
      ctx.database.db,
      appointment({ clientId: other.user.id, title: 'Theirs' }),
    );

    // Seeded straight into the database, so no notification was written: one is, on a new note.
    const advocateForNote = await newPerson('advocate');
    await call(advocateForNote.token, 'POST', `/api/cases/${mine.id}/notes`, {
      content: 'Your hearing is on Monday.',
      visibleToClient: true,
    });

    const file = (await call(me.token, 'GET', '/api/profile/export')).json();
    expect(file.notifications.map((n: { kind: string }) => n.kind)).toEqual(['case_note_added']);
    expect(file.cases.map((c: { title: string }) => c.title)).toEqual(['My land matter']);
    expect(file.cases[0].notes.map((n: { content: string }) => n.content)).toEqual([
      'Your hearing is on Monday.',
      'Shared with you.',
    ]);
    expect(file.appointments.map((a: { title: string }) => a.title).sort()).toEqual([
      'Booked before signing up',
      'Mine',
    ]);
    expect(JSON.stringify(file)).not.toContain('Internal strategy.');

    const advocate = await newPerson('advocate');
    await seedCase(ctx, me.user.id, { title: 'Assigned matter', assigneeId: advocate.user.id });
    const staffFile = (await call(advocate.token, 'GET', '/api/profile/export')).json();
    expect(staffFile.cases).toEqual([]);
    expect(staffFile.appointments).toEqual([]);
  });
});

describe('GET /api/profile/export: messages', () => {
  it('gives a client their conversations as they see them, withdrawn ones without a body, and staff none', async () => {
    const me = await newPerson('client');
    const other = await newPerson('client');
    const advocate = await newPerson('advocate');
    const { conversation } = await seedConversation(ctx, me.user.id, {
      subject: 'Title deed',
      body: 'My first message',
    });
    const answer = await call(
      advocate.token,
      'POST',
      `/api/conversations/${conversation.id}/messages`,
      {
        body: 'Our answer',
      },
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const second = await call(me.token, 'POST', `/api/conversations/${conversation.id}/messages`, {
      body: 'Sent by mistake',
    });
    const withdrawn = await call(
      me.token,
      'POST',
      `/api/messages/${second.json().sent.id}/withdraw`,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await seedConversation(ctx, other.user.id, { subject: 'Theirs', body: 'Not yours' });

    const file = (await call(me.token, 'GET', '/api/profile/export')).json();
    expect(file.messages).toHaveLength(1);
    expect(file.messages[0]).toMatchObject({ id: conversation.id, subject: 'Title deed' });
    expect(
      file.messages[0].messages.map(
        (m: { body: string | null; withdrawn: boolean; byYou: boolean }) => [
          m.body,
          m.withdrawn,
          m.byYou,
        ],
      ),
    ).toEqual([
      ['My first message', false, true],
      ['Our answer', false, false],
      [null, true, true],
    ]);
    const text = JSON.stringify(file);
    expect(text).not.toContain('Sent by mistake');
    expect(text).not.toContain('Not yours');

    const staffFile = (await call(advocate.token, 'GET', '/api/profile/export')).json();
    expect(staffFile.messages).toEqual([]);
  });
});

describe('data-protection requests', () => {
  it('files one open request at a time, audited', async () => {
    const { user, token } = await newPerson();
    const first = await call(token, 'POST', '/api/profile/data-requests', {
      message: 'Please delete my account.',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().request).toMatchObject({ status: 'open', kind: 'erasure' });
    const second = await call(token, 'POST', '/api/profile/data-requests', {});
    expect(second.statusCode).toBe(409);
    const own = await call(token, 'GET', '/api/profile/data-requests');
    expect(own.json().requests).toHaveLength(1);
    expect(await auditActions(user.id)).toContain('data_request.created');
  });
});
