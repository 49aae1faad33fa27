import { formatNairobiTime } from '@firm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { seedConversation } from '../../../test/messages';
import { startAfricasTalkingFake } from '../../../test/outbox-fakes';
import { smsPreferences, type UserRow } from '../../db/schema';
import { textSoonReminders } from '../appointments/appointment-reminders';
import { insertAppointment } from '../appointments/appointments.repository';
import { sendMessageNotices } from '../messages/message-notices';

/**
 * Texts to clients (ADR 033), through a local Africa's Talking that speaks its documented wire
 * format: which events text whom, the client's choices in Profile, and the texts themselves (one
 * GSM-7 SMS of at most 160 characters, never a message's content).
 */

/** GSM 03.38's basic character set: a text outside it is sent as UCS-2, 70 characters a part. */
const GSM7 = /^[A-Za-z0-9 @£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà]*$/;
const SECRET = 'The settlement offer is KSh 4,500,000';

let ctx: TestContext;
let fake: Awaited<ReturnType<typeof startAfricasTalkingFake>>;
let advocate: UserRow;
let client: UserRow;
let landline: UserRow;
let clientToken: string;
let advocateToken: string;

/** The texts Africa's Talking received since the last call, as (to, message). */
async function texts() {
  await settleMail(ctx);
  const sent = fake.requests.map((request) => ({
    to: request.form.to!,
    message: request.form.message!,
  }));
  fake.requests.length = 0;
  return sent;
}

function expectOneSms(message: string) {
  expect(message.length).toBeLessThanOrEqual(160);
  expect(message).toMatch(GSM7);
  expect(message).toContain('Mwamba & Associates');
}

const choose = (token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/profile/sms-preferences',
    headers: bearer(token),
    payload: payload as object,
  });

beforeAll(async () => {
  fake = await startAfricasTalkingFake();
  ctx = await createTestContext({
    AT_USERNAME: 'mwamba',
    AT_API_KEY: 'test-api-key',
    AT_BASE_URL: fake.url,
  });
  advocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'achieng.odhiambo@sms.test',
    firstName: 'Achieng',
    lastName: 'Odhiambo',
    phone: '+254722123456',
  });
  client = await seedUser(ctx, {
    role: 'client',
    email: 'wanjiru.kamau-njoroge@sms.test',
    firstName: 'Wanjiru',
    lastName: 'Kamau-Njoroge',
    phone: '+254712982369',
    lastLogin: new Date(),
  });
  // An office line: texts cannot reach it.
  landline = await seedUser(ctx, {
    role: 'client',
    email: 'otieno@sms.test',
    firstName: 'Otieno',
    lastName: 'Ouma',
    phone: '+254207654321',
    lastLogin: new Date(),
  });
  clientToken = await sessionFor(ctx, client);
  advocateToken = await sessionFor(ctx, advocate);
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(async () => {
  await texts();
  await choose(clientToken, { appointments: true, court_dates: true, messages: false });
});

describe('the client’s choices (Profile)', () => {
  it('are on for appointments and court dates, off for messages and billing, until the client chooses', async () => {
    const fresh = await seedUser(ctx, { role: 'client', email: 'fresh@sms.test', phone: null });
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/sms-preferences',
      headers: bearer(await sessionFor(ctx, fresh)),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      success: true,
      preferences: { appointments: true, court_dates: true, messages: false, billing: false },
      // No number in the profile: nowhere to text.
      phone: null,
    });
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/sms-preferences',
      headers: bearer(clientToken),
    });
    expect(own.json().phone).toBe('+254712982369');
  });

  it('refuses what is not a yes or no, and kinds that do not exist', async () => {
    const notBoolean = await choose(clientToken, { messages: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().message).toBeTruthy();
    const unknown = await choose(clientToken, { marketing: true });
    expect(unknown.statusCode).toBe(400);
  });

  it('keep the moment a text was switched on (the consent), however often the client saves', async () => {
    const consentOf = async () => {
      const [row] = await ctx.database.db
        .select()
        .from(smsPreferences)
        .where(and(eq(smsPreferences.userId, client.id), eq(smsPreferences.kind, 'messages')));
      return row;
    };
    expect((await choose(clientToken, { messages: true })).statusCode).toBe(200);
    const agreed = await consentOf();
    expect(agreed!.enabled).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await choose(clientToken, { messages: true, appointments: true });
    expect((await consentOf())!.updatedAt.getTime()).toBe(agreed!.updatedAt.getTime());
    await choose(clientToken, { messages: false });
    expect((await consentOf())!.enabled).toBe(false);

    // "Download my data" holds the choices and when each was made; staff have no such section.
    const file = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/profile/export',
        headers: bearer(clientToken),
      })
    ).json();
    expect(file.textMessages).toMatchObject({
      phone: '+254712982369',
      preferences: { messages: false, appointments: true },
    });
    expect(file.textMessages.choices).toContainEqual({
      kind: 'messages',
      enabled: false,
      chosenAt: expect.any(String),
    });
    const staffFile = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/profile/export',
        headers: bearer(advocateToken),
      })
    ).json();
    expect(staffFile).not.toHaveProperty('textMessages');
  });
});

describe('court dates', () => {
  const setCourtDate = (caseId: string, version: number, courtDate: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/cases/${caseId}`,
      headers: bearer(advocateToken),
      payload: { version, courtDate, court: 'Milimani Commercial Courts, Nairobi' },
    });

  it('text the client when set and when moved, in one SMS; never the staff; not once switched off', async () => {
    const row = await seedCase(ctx, client.id, { assigneeId: advocate.id });
    // 23:30 in Nairobi: the text names the Nairobi day, not UTC's.
    expect((await setCourtDate(row.id, 1, '2031-07-08T20:30:00.000Z')).statusCode).toBe(200);
    const set = await texts();
    expect(set.map((each) => each.to)).toEqual(['+254712982369']);
    expectOneSms(set[0]!.message);
    expect(set[0]!.message).toContain(`court date for case ${row.caseNumber} set for`);
    expect(set[0]!.message).toContain('Tue 8 Jul 2031, 23:30');

    expect((await setCourtDate(row.id, 2, '2031-07-15T06:30:00.000Z')).statusCode).toBe(200);
    const moved = await texts();
    expect(moved).toHaveLength(1);
    expect(moved[0]!.message).toContain('moved to Tue 15 Jul 2031, 09:30');

    await choose(clientToken, { court_dates: false });
    expect((await setCourtDate(row.id, 3, '2031-07-22T06:30:00.000Z')).statusCode).toBe(200);
    expect(await texts()).toEqual([]);
  });

  it('do not text a client whose number is a landline', async () => {
    const row = await seedCase(ctx, landline.id, { assigneeId: advocate.id });
    expect((await setCourtDate(row.id, 1, '2031-08-05T06:30:00.000Z')).statusCode).toBe(200);
    expect(await texts()).toEqual([]);
  });
});

describe('appointments', () => {
  const confirmedIn = async (minutes: number) => {
    const startsAt = new Date(Date.now() + minutes * 60_000);
    return insertAppointment(ctx.database.db, {
      title: 'Succession of the estate of the late Kamau Njoroge (Nairobi HC Succ. 123/2026)',
      description: 'Grant of letters of administration',
      type: 'consultation',
      status: 'confirmed',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      durationMinutes: 30,
      feeKsh: 5000,
      clientId: client.id,
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
      clientEmail: client.email,
      advocateId: advocate.id,
    });
  };

  it('text the client 2 hours before, once, however often the job runs', async () => {
    const row = await confirmedIn(90);
    const deps = { db: ctx.database.db, outbox: ctx.app.outbox };
    expect(await textSoonReminders(deps, new Date())).toBe(1);
    expect(await textSoonReminders(deps, new Date())).toBe(0);
    const sent = await texts();
    expect(sent).toHaveLength(1);
    expectOneSms(sent[0]!.message);
    expect(sent[0]!.message).toContain(
      `your consultation starts at ${formatNairobiTime(row.startsAt.toISOString())} today`,
    );
    // The title the client typed is not in a text (it may be private).
    expect(sent[0]!.message).not.toContain('Succession');
  });

  it('text the client when the firm cancels, and not once appointment texts are off', async () => {
    const cancel = (id: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/appointments/${id}/cancel`,
        headers: bearer(advocateToken),
        payload: { reason: 'The advocate is in court at Milimani that morning.' },
      });
    const first = await confirmedIn(3 * 24 * 60);
    expect((await cancel(first.id)).statusCode).toBe(200);
    const sent = await texts();
    expect(sent.map((each) => each.to)).toEqual(['+254712982369']);
    expectOneSms(sent[0]!.message);
    expect(sent[0]!.message).toMatch(/your consultation on .+ is cancelled/);

    await choose(clientToken, { appointments: false });
    const second = await confirmedIn(4 * 24 * 60);
    expect((await cancel(second.id)).statusCode).toBe(200);
    expect(await texts()).toEqual([]);
    // The email still goes: texts and emails are chosen apart.
    expect(ctx.mail.some((mail) => mail.subject.includes('cancelled'))).toBe(true);
  });

  it('text the client a receipt when the firm records the fee paid, once', async () => {
    const row = await confirmedIn(5 * 24 * 60);
    const pay = () =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/appointments/${row.id}`,
        headers: bearer(advocateToken),
        payload: { paymentStatus: 'paid', paymentMethod: 'mpesa', paymentReference: 'QGH7XK2L9P' },
      });
    expect((await pay()).statusCode, 'recorded').toBe(200);
    const sent = await texts();
    expect(sent.map((each) => each.to)).toEqual(['+254712982369']);
    expectOneSms(sent[0]!.message);
    expect(sent[0]!.message).toMatch(
      /^Mwamba & Associates: we received KSh 5,000 for your consultation on .+\. Ref QGH7XK2L9P\./,
    );
    // Saved again as paid: no second receipt.
    expect((await pay()).statusCode).toBe(200);
    expect(await texts()).toEqual([]);
  });

  it('a 2-hour text is not sent within 30 minutes of the start (the booking said it)', async () => {
    await confirmedIn(20);
    expect(
      await textSoonReminders({ db: ctx.database.db, outbox: ctx.app.outbox }, new Date()),
    ).toBe(0);
  });
});

describe('a waiting message', () => {
  const deps = () => ({
    db: ctx.database.db,
    outbox: ctx.app.outbox,
    firmNotifyEmail: ctx.config.firmNotifyEmail,
    logger: ctx.app.log,
  });
  const later = () => new Date(Date.now() + 11 * 60_000);

  it('texts only a client who switched it on, never the message, once per conversation', async () => {
    await seedConversation(ctx, client.id, { senderId: advocate.id, body: SECRET });
    await sendMessageNotices(deps(), later());
    expect(await texts()).toEqual([]);

    await choose(clientToken, { messages: true });
    await seedConversation(ctx, client.id, { senderId: advocate.id, body: SECRET });
    await sendMessageNotices(deps(), later());
    await sendMessageNotices(deps(), later());
    const sent = await texts();
    expect(sent).toHaveLength(1);
    expectOneSms(sent[0]!.message);
    expect(sent[0]!.message).toContain('new secure message');
    expect(sent[0]!.message).toContain('http://portal.test/messages');
    expect(sent[0]!.message).not.toContain('4,500,000');
  });
});
