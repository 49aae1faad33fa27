import { APPOINTMENT_MESSAGES as M, NOTIFICATION_TEXTS as T } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { notifications, type UserRow } from '../../db/schema';
import { countNewEnquiries } from '../clients/enquiries.service';
import {
  calendarOf,
  confirmVisitorBooking,
  freshDays,
  manageByLink,
  clearMail,
  sentMail,
  visitorLinkToken,
} from './appointments-test-kit';

/**
 * ADR 015: what a booking says it is (requested, confirmed, booked by the
 * firm), the free preliminary call, the place named in full, and a cancelled booking that says so
 * everywhere.
 */

let ctx: TestContext;
let advocate: UserRow;
let client: UserRow;
const tokens = { advocate: '', client: '' };
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  advocate = await seedUser(ctx, { role: 'advocate', email: 'wanjiru@texts.test' });
  client = await seedUser(ctx, {
    role: 'client',
    email: 'amani@texts.test',
    firstName: 'Amani',
    lastName: 'Mwangi',
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

const freshDay = freshDays();

const booking = (overrides: Record<string, unknown> = {}) => ({
  title: 'Land sale agreement',
  type: 'consultation',
  description: 'Review of a sale agreement for a plot in Kitengela.',
  date: freshDay(),
  time: '10:00',
  ...overrides,
});
const visitor = (email: string) => ({
  firstName: 'Achieng',
  lastName: 'Otieno',
  email,
  phone: '0712 345 678',
  consent: true,
});

function post(payload: Record<string, unknown>, token?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload,
    remoteAddress: `10.40.0.${(seq += 1) % 250}`,
    headers: token ? bearer(token) : {},
  });
}
const manage = (path: string, payload: Record<string, unknown>) =>
  manageByLink(ctx, path, payload, `10.41.0.${(seq += 1) % 250}`);

const mailTo = async (to: string) => (await sentMail(ctx)).filter((message) => message.to === to);

describe('item 3: one voice for what happened', () => {
  it('staff book for a client: the email and notice say booked for you by the firm, not a request', async () => {
    const created = await post(booking({ clientId: client.id }), tokens.advocate);
    expect(created.statusCode, created.body).toBe(201);
    const [email, ...others] = await mailTo(client.email);
    expect(others).toHaveLength(0);
    expect(email!.subject).toContain('An appointment has been booked for you');
    expect(email!.text).toContain('booked for you by the firm');
    expect(email!.text).toContain(`Status: ${M.bookedByFirmState}`);
    expect(email!.text).not.toContain('received your request');
    expect(email!.text).not.toContain('will confirm it');
    // The firm is not told of its own booking as if it were a request.
    expect(await mailTo(ctx.config.firmNotifyEmail)).toHaveLength(0);

    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, client.id));
    expect(notice?.message).toMatch(/^The firm booked a Consultation for you on /);
  });

  it("a client's own booking says requested, awaiting the firm's confirmation", async () => {
    const created = await post(booking(), tokens.client);
    expect(created.statusCode, created.body).toBe(201);
    const [email] = await mailTo(client.email);
    expect(email!.text).toContain(`Status: ${M.requestedState}`);
    expect(email!.text).not.toContain('booked for you by the firm');
    expect(T.staffBooking.forClient('Consultation', 'x')).toContain('for you');
  });
});

describe('item 4: the free 15-minute preliminary call', () => {
  it('a visitor books it: fee 0, 15 minutes, by phone whatever was asked, and the email says so', async () => {
    const created = await post({
      ...booking({ type: 'preliminary_call', location: 'office', officeId: 'thika' }),
      ...visitor('free-call@visitor.test'),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().appointment).toMatchObject({
      type: 'preliminary_call',
      fee: 0,
      duration: 15,
      location: 'phone',
      officeId: null,
    });
    const confirmed = await confirmVisitorBooking(ctx, 'free-call@visitor.test');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [, request] = await mailTo('free-call@visitor.test');
    expect(request!.text).toContain('What: Free preliminary call: Land sale agreement');
    expect(request!.text).toContain('Where: We will call you on +254 712 345 678');
    expect(request!.text).toContain(`Fee: ${M.freeOfCharge}`);
    // No amount anywhere in the words (the manage link's random token is left out: it may spell anything)
    expect(request!.text.replace(/https?:\/\/\S+/g, '')).not.toContain('KSh');
    expect(calendarOf(request!).event.location).toBe('We will call you on +254 712 345 678');
  });

  it('a client books it too, and staff cannot put a fee on it', async () => {
    const mine = await post(booking({ type: 'preliminary_call' }), tokens.client);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().appointment).toMatchObject({ fee: 0, duration: 15, location: 'phone' });

    const staff = await post(
      booking({ type: 'preliminary_call', clientId: client.id, feeKsh: 2000, time: '14:00' }),
      tokens.advocate,
    );
    expect(staff.statusCode, staff.body).toBe(201);
    expect(staff.json().appointment).toMatchObject({ fee: 0, location: 'phone' });

    // The public config keeps the priced types only: the free call is not a setting.
    const config = await ctx.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(Object.keys(config.json().appointmentTypes)).not.toContain('preliminary_call');
  });
});

describe('item 7: the place named in full', () => {
  it("an office meeting: the office's name, address and a map link in the email and LOCATION", async () => {
    const created = await post(
      booking({ location: 'office', officeId: 'thika', time: '11:00' }),
      tokens.client,
    );
    expect(created.statusCode, created.body).toBe(201);
    const [email] = await mailTo(client.email);
    const place = 'Thika Office, 2nd Floor, Kenyatta Highway Plaza, Kenyatta Highway, Thika';
    expect(email!.text).toContain(`Where: ${place}`);
    expect(email!.text).toMatch(/Map: https:\/\/www\.openstreetmap\.org\/\?mlat=-1\.0388/);
    expect(email!.text).not.toContain('At our office');
    expect(calendarOf(email!).event.location).toBe(place);
  });

  it('no office chosen: the main office, named', async () => {
    const created = await post(booking({ location: 'office', time: '15:00' }), tokens.client);
    expect(created.statusCode, created.body).toBe(201);
    const [email] = await mailTo(client.email);
    expect(email!.text).toContain('Where: Nairobi Main Office (Upper Hill), 4th Floor, Mara Court');
  });
});

describe('item 8: a cancelled booking says Cancelled everywhere', () => {
  it("the visitor cancels: the page's data, the email, the .ics and the firm's inbox", async () => {
    const email = 'cancels@visitor.test';
    const created = await post({ ...booking({ time: '16:00' }), ...visitor(email) });
    expect(created.statusCode, created.body).toBe(201);
    const confirmed = await confirmVisitorBooking(ctx, email);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await settleMail(ctx);
    const token = visitorLinkToken(await sentMail(ctx), email);
    const newBefore = await countNewEnquiries(ctx.database.db);
    await clearMail(ctx);

    const cancelled = await manage('/cancel', { token, reason: 'I found another advocate' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // The manage page reads the booking back: cancelled, when, by whom.
    const view = await manage('', { token });
    expect(view.statusCode, view.body).toBe(200);
    const appointment = view.json().appointment;
    expect(appointment).toMatchObject({ status: 'cancelled', cancelledBy: 'client' });
    expect(Date.parse(appointment.cancelledAt)).not.toBeNaN();

    const [mail, ...more] = await mailTo(email);
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain('Status: Cancelled');
    // In words on a Nairobi clock, as the shared formatter writes it ("Wed 25 Nov 2026, 17:16").
    expect(mail!.text).toMatch(
      /Cancelled on \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(Nairobi time\) by you\./,
    );
    expect(mail!.text).toContain(M.cancelledNoFee);
    expect(mail!.text).not.toMatch(/Fee: KSh|pending/);
    expect(mail!.text).toContain(
      `You are welcome to book again at any time: ${ctx.config.publicUrl}/appointments?book=consultation`,
    );
    expect(mail!.text).toContain('removes it from your phone or computer calendar');
    expect(mail!.text).not.toContain('adds it to your');
    const calendar = calendarOf(mail!);
    expect(calendar.content).toContain('METHOD:CANCEL');
    expect(calendar.content).toContain('STATUS:CANCELLED');
    // The firm's copy says who cancelled: the client, not "you".
    const [firmCopy] = await mailTo(ctx.config.firmNotifyEmail);
    expect(firmCopy!.text).toContain('by the client.');

    const inbox = await ctx.app.inject({
      method: 'GET',
      url: '/api/enquiries?kind=booking',
      headers: bearer(tokens.advocate),
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    const enquiry = inbox
      .json()
      .enquiries.find((each: { id: string }) => each.id === appointment.id);
    expect(enquiry.booking).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'client',
      cancelledAt: appointment.cancelledAt,
    });
    // No longer counted as new business in the nav badge.
    expect(await countNewEnquiries(ctx.database.db)).toBe(newBefore - 1);
  });

  it('cancelled by the firm: by whom is the firm', async () => {
    const created = await post(booking({ time: '09:00' }), tokens.client);
    const id = created.json().appointment.id;
    await settleMail(ctx);
    await clearMail(ctx);
    const cancelled = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${id}/cancel`,
      payload: { reason: 'The advocate is in court' },
      headers: bearer(tokens.advocate),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().appointment).toMatchObject({ cancelledBy: 'firm' });
    const [mail] = await mailTo(client.email);
    expect(mail!.text).toContain('by the firm.');
  });
});
