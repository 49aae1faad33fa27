import { confirmationEmailPreview, type Appointment } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { notifications, type UserRow } from '../../db/schema';
import {
  clearMail,
  confirmVisitorBooking,
  freshDays,
  sentMail,
  visitorLinkToken,
} from './appointments-test-kit';

/**
 * ADR 027: the confirmation's words fit the meeting's kind (the office to come to, the number the
 * firm will call, the video link), and every email carries the recipient's manage link: the
 * client's portal, or a visitor's fresh private link.
 */

let ctx: TestContext;
let advocate: UserRow;
let client: UserRow;
const tokens = { advocate: '', client: '' };
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  advocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'wanjiru.kamau-odhiambo@kind-texts.test',
    firstName: 'Wanjiru',
    lastName: 'Kamau-Odhiambo',
  });
  client = await seedUser(ctx, {
    role: 'client',
    email: 'nyokabi.wambui-chelangat@kind-texts.test',
    firstName: 'Nyokabi',
    lastName: 'Wambui-Chelangat',
    phone: '+254722111222',
  });
  tokens.advocate = await sessionFor(ctx, advocate);
  tokens.client = await sessionFor(ctx, client);
});
afterAll(() => ctx.close());
afterEach(async () => {
  await settleMail(ctx);
  await clearMail(ctx);
});

// Each booking its own day: two offsets can land on one open weekday (a Saturday and the Sunday
// after both give Monday), and the same advocate at 10:00 twice is taken.
const freshDay = freshDays(5);

function post(payload: Record<string, unknown>, token?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: {
      title: 'Succession of the late Mzee Kiprotich estate in Eldoret',
      type: 'consultation',
      description: 'Letters of administration and the family land at Kapseret.',
      date: freshDay(),
      time: '10:00',
      ...payload,
    },
    remoteAddress: `10.52.0.${(seq += 1) % 250}`,
    headers: token ? bearer(token) : {},
  });
}
const confirm = (id: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/appointments/${id}`,
    payload: { status: 'confirmed' },
    headers: bearer(tokens.advocate),
  });
async function mailTo(to: string) {
  await settleMail(ctx);
  return (await sentMail(ctx)).filter((message) => message.to === to);
}
const noticesOf = (userId: string) =>
  ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('the confirmation email fits the kind of meeting', () => {
  it("a visitor's phone call: we will call you on their number, with a working private link", async () => {
    const email = 'achieng.otieno-wekesa@visitor-kind.test';
    const created = await post({
      type: 'preliminary_call',
      firstName: 'Achieng',
      lastName: 'Otieno-Wekesa',
      email,
      phone: '0712 345 678',
      consent: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const held = await confirmVisitorBooking(ctx, email);
    expect(held.statusCode, held.body).toBe(200);
    await settleMail(ctx);
    const firstToken = visitorLinkToken(await sentMail(ctx), email);
    await clearMail(ctx);

    const confirmed = await confirm(created.json().appointment.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [mail, ...more] = await mailTo(email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(
      confirmationEmailPreview(confirmed.json().appointment as Appointment).subject,
    );
    expect(mail!.text).toContain(
      'Your appointment is confirmed. We will call you on +254 712 345 678.',
    );
    expect(mail!.text).not.toContain('seeing you');
    expect(mail!.text).not.toContain('use the private link in the email we sent');
    expect(mail!.text).toContain('it replaces the link in our earlier emails');

    // The emailed link works; the earlier one has stopped (only the newest link's hash is kept).
    const token = visitorLinkToken([mail!], email);
    expect(token).not.toBe(firstToken);
    const view = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments/manage',
      payload: { token },
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().appointment.status).toBe('confirmed');
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments/manage',
      payload: { token: firstToken },
    });
    expect(old.statusCode).toBe(404);
  });

  it("a client's office meeting: the office named, we look forward to seeing you, the portal link", async () => {
    const created = await post({ location: 'office', officeId: 'thika' }, tokens.client);
    expect(created.statusCode, created.body).toBe(201);
    await settleMail(ctx);
    await clearMail(ctx);
    const confirmed = await confirm(created.json().appointment.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [mail] = await mailTo(client.email);
    const preview = confirmationEmailPreview(confirmed.json().appointment as Appointment);
    expect(mail!.text).toContain(preview.opening);
    expect(preview.opening).toBe(
      'Your appointment is confirmed. Please come to our office: Thika Office, 2nd Floor, Kenyatta Highway Plaza, Kenyatta Highway, Thika. We look forward to seeing you.',
    );
    expect(mail!.text).toContain(
      `See or change it in the portal: ${ctx.config.publicUrl}/appointments`,
    );

    // The bell says it too: to the client in their words, to the advocate in the firm's.
    const [clientNotice] = (await noticesOf(client.id)).filter(
      (each) => each.kind === 'appointment_confirmed',
    );
    expect(clientNotice?.message).toMatch(/is confirmed\. Please come to our office: Thika Office/);
  });

  it("a client's video call: the meeting link in the email and the client's notice", async () => {
    const link = 'https://meet.example.com/mwamba-succession-kiprotich-estate-2026';
    const created = await post(
      { clientId: client.id, location: 'video', meetingLink: link, time: '14:00' },
      tokens.advocate,
    );
    expect(created.statusCode, created.body).toBe(201);
    await settleMail(ctx);
    await clearMail(ctx);
    const confirmed = await confirm(created.json().appointment.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [mail] = await mailTo(client.email);
    expect(mail!.text).toContain(
      `Your appointment is confirmed. Join the video call with this link: ${link}`,
    );
    expect(mail!.text).not.toContain('seeing you');
    const notices = (await noticesOf(client.id)).filter(
      (each) => each.kind === 'appointment_confirmed' && each.message.includes(link),
    );
    expect(notices).toHaveLength(1);
  });

  it("a client's phone call: the number on their account, and the portal link", async () => {
    const created = await post({ location: 'phone', time: '15:00' }, tokens.client);
    expect(created.statusCode, created.body).toBe(201);
    await settleMail(ctx);
    await clearMail(ctx);
    const confirmed = await confirm(created.json().appointment.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [mail] = await mailTo(client.email);
    expect(mail!.text).toContain(
      'Your appointment is confirmed. We will call you on +254 722 111 222.',
    );
    expect(mail!.text).toContain(
      `See or change it in the portal: ${ctx.config.publicUrl}/appointments`,
    );
  });
});
