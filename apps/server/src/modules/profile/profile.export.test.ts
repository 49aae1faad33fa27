import { DATA_EXPORT_TEXTS, formatNairobiDateTime } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { seedCase, seedNote } from '../../../test/cases';
import { seedConversation } from '../../../test/messages';
import { type NewAppointmentRow } from '../../db/schema';
import { insertAppointment } from '../appointments/appointments.repository';
import {
  useProfileTestContext,
  ctx,
  uniqueAddress,
  newPerson,
  call,
  auditActions,
} from './profile-test-kit';

/** Profile Settings' behaviour: the export (JSON and the readable copy) and the request. */

useProfileTestContext();

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
