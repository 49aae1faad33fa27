import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import type { UserRow } from '../../db/schema';
import { calendarOf, clearMail, freshDays, sentMail } from './appointments-test-kit';

/**
 * ADR 015: a video call's meeting link is added when confirming, or afterwards, by the firm; the
 * client is emailed it (the confirmation carries it; a link added or changed later is sent on its
 * own), and only a video call has one.
 */

let ctx: TestContext;
let advocate: UserRow;
let client: UserRow;
const tokens = { advocate: '', client: '' };
const nextDay = freshDays(5);
const FIRST_LINK = 'https://meet.example.com/njoroge-land-dispute-ruiru-2026';
const NEW_LINK = 'https://zoom.example.com/j/8825510042?pwd=njoroge-ruiru';

beforeAll(async () => {
  ctx = await createTestContext();
  advocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'achieng.otieno-mutua@meeting-link.test',
    firstName: 'Achieng',
    lastName: 'Otieno-Mutua',
  });
  client = await seedUser(ctx, {
    role: 'client',
    email: 'githinji.njoroge-kamau@meeting-link.test',
    firstName: 'Githinji',
    lastName: 'Njoroge-Kamau',
    phone: '+254733456789',
  });
  tokens.advocate = await sessionFor(ctx, advocate);
  tokens.client = await sessionFor(ctx, client);
});
afterAll(() => ctx.close());
afterEach(() => clearMail(ctx));

/** The client books a video call for themselves: no link yet. */
async function clientBooksVideoCall(location = 'video') {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: {
      title: 'Boundary dispute over the family plot at Ruiru, Kiambu County',
      type: 'consultation',
      description: 'The neighbour has fenced two metres into our title; the chief could not help.',
      date: nextDay(),
      time: '11:00',
      location,
    },
    headers: bearer(tokens.client),
  });
  expect(created.statusCode, created.body).toBe(201);
  await clearMail(ctx);
  return created.json().appointment.id as string;
}

const put = (id: string, payload: Record<string, unknown>, token = tokens.advocate) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/appointments/${id}`,
    payload,
    headers: bearer(token),
  });

async function mailToClient() {
  await settleMail(ctx);
  return (await sentMail(ctx)).filter((message) => message.to === client.email);
}

describe('a video call’s meeting link', () => {
  it('is added while confirming, and the confirmation email carries it', async () => {
    const id = await clientBooksVideoCall();
    const confirmed = await put(id, { status: 'confirmed', meetingLink: FIRST_LINK });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().appointment.meetingLink).toBe(FIRST_LINK);
    const mails = await mailToClient();
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your appointment is confirmed: Mwamba & Associates Advocates',
    ]);
    expect(mails[0]!.text).toContain(`Join the video call with this link: ${FIRST_LINK}`);
    expect(calendarOf(mails[0]!).event.location).toBe(FIRST_LINK);
  });

  it('changed after the confirmation, is emailed to the client with the new link', async () => {
    const id = await clientBooksVideoCall();
    expect((await put(id, { status: 'confirmed', meetingLink: FIRST_LINK })).statusCode).toBe(200);
    await clearMail(ctx);

    const changed = await put(id, { meetingLink: NEW_LINK });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe('Meeting link saved and emailed to the client');
    const [mail, ...others] = await mailToClient();
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('Your video call link: Mwamba & Associates Advocates');
    expect(mail!.text).toContain(
      `Here is the link to join your video call. At the appointment time, open it: ${NEW_LINK}`,
    );
    expect(mail!.text).not.toContain(FIRST_LINK);
    expect(calendarOf(mail!).event.location).toBe(NEW_LINK);

    // The client's own list shows the new link.
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/appointments',
      headers: bearer(tokens.client),
    });
    const listed = mine.json().appointments.find((each: { id: string }) => each.id === id);
    expect(listed.meetingLink).toBe(NEW_LINK);
  });

  it('saved again unchanged sends nothing', async () => {
    const id = await clientBooksVideoCall();
    expect((await put(id, { status: 'confirmed', meetingLink: FIRST_LINK })).statusCode).toBe(200);
    await clearMail(ctx);
    const again = await put(id, { meetingLink: FIRST_LINK });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe('Appointment updated');
    expect(await mailToClient()).toEqual([]);
  });

  it('must be an https address, and belongs to a video call only', async () => {
    const id = await clientBooksVideoCall();
    const plain = await put(id, { meetingLink: 'http://meet.example.com/abc' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errors).toEqual({
      meetingLink: 'Meeting link must be an https:// address',
    });

    const office = await clientBooksVideoCall('office');
    const onOffice = await put(office, { meetingLink: FIRST_LINK });
    expect(onOffice.statusCode).toBe(400);
    expect(onOffice.json().errors).toEqual({ meetingLink: 'Only a video call has a meeting link' });
    expect(await mailToClient()).toEqual([]);
  });

  it('is the firm’s to set: the client may not', async () => {
    const id = await clientBooksVideoCall();
    const byClient = await put(id, { meetingLink: FIRST_LINK }, tokens.client);
    expect(byClient.statusCode).toBe(403);
    expect(await mailToClient()).toEqual([]);
  });
});
