import { DENIED_TEXTS, ENQUIRY_MESSAGES, type EnquiryList } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedContactMessage, seedVisitorBooking } from '../../../test/enquiries';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { appointments, auditLog, enquiryStates, users, type UserRow } from '../../db/schema';
import { createClient } from '../users/account-creation.service';
import { countNewEnquiries } from './enquiries.service';

/** The Enquiries inbox against a real database: the list, triage, the badge and conversion. */

let ctx: TestContext;
let advocate: UserRow;
let scheduler: UserRow;
const tokens = { advocate: '', scheduler: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  advocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'wanjiru@enquiries.test',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
  });
  scheduler = await seedUser(ctx, {
    role: 'admin',
    email: 'scheduler@enquiries.test',
    permissions: { canScheduleAppointments: true },
  });
  tokens.advocate = await sessionFor(ctx, advocate);
  tokens.scheduler = await sessionFor(ctx, scheduler);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.db.delete(enquiryStates);
  ctx.mail.length = 0;
});

const call = (
  method: 'GET' | 'PATCH' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  token = tokens.advocate,
) => ctx.app.inject({ method, url: `/api${url}`, payload, headers: bearer(token) });

describe('GET /api/enquiries', () => {
  it('lists contact messages and visitor bookings together, newest first', async () => {
    const older = await seedContactMessage(ctx, {
      urgency: 'emergency',
      createdAt: new Date('2026-01-01T08:00:00Z'),
    });
    const booking = await seedVisitorBooking(ctx, advocate.id, {
      createdAt: new Date('2026-01-02T08:00:00Z'),
    });
    // A client's own booking is not an enquiry.
    const client = await seedUser(ctx, { role: 'client', email: 'own@enquiries.test' });
    await seedVisitorBooking(ctx, advocate.id, { visitorTokenHash: null, clientId: client.id });

    const body = (await call('GET', '/enquiries?limit=100')).json<EnquiryList>();
    const mine = body.enquiries.filter((e) => [older.id, booking.id].includes(e.id));
    expect(mine.map((e) => e.kind)).toEqual(['booking', 'message']);
    expect(mine[0]).toMatchObject({
      name: 'Baraka Njoroge',
      firstName: 'Baraka',
      lastName: 'Njoroge',
      subject: 'Consultation about a lease',
      reference: null,
      urgency: 'normal',
      status: 'new',
      version: 0,
      booking: { type: 'consultation', status: 'scheduled' },
    });
    expect(mine[1]).toMatchObject({
      name: 'Achieng Otieno',
      firstName: 'Achieng',
      lastName: 'Otieno',
      reference: older.reference,
      urgency: 'emergency',
      booking: null,
      client: null,
    });
    expect(body.enquiries.some((e) => e.email === 'own@enquiries.test')).toBe(false);
    const kinds = (await call('GET', '/enquiries?kind=message&urgency=emergency')).json();
    expect(kinds.enquiries.every((e: { kind: string }) => e.kind === 'message')).toBe(true);
  });

  it('suggests first and last name from a message’s one name field, a particle with its surname', async () => {
    const kalenjin = await seedContactMessage(ctx, { name: 'Kiprono Kibet arap Mutai' });
    const kikuyu = await seedContactMessage(ctx, { name: 'Muthoni Wairimu Njoroge' });
    const body = (await call('GET', '/enquiries?kind=message&limit=100')).json<EnquiryList>();
    const named = (id: string) => body.enquiries.find((each) => each.id === id);
    expect(named(kalenjin.id)).toMatchObject({
      firstName: 'Kiprono Kibet',
      lastName: 'arap Mutai',
    });
    expect(named(kikuyu.id)).toMatchObject({ firstName: 'Muthoni Wairimu', lastName: 'Njoroge' });
  });

  it('answers 400 for an unknown filter', async () => {
    const response = await call('GET', '/enquiries?status=done&kind=letter');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      status: 'Status must be one of: new, in_progress, closed',
      kind: 'Kind must be one of: message, booking',
    });
  });
});

describe('PATCH /api/enquiries/:kind/:id and the new count', () => {
  it('moves the status on, keeps the note and who changed it, and the badge counts down', async () => {
    const message = await seedContactMessage(ctx);
    const before = await countNewEnquiries(ctx.database.db);
    expect((await call('GET', '/enquiries/new-count')).json()).toEqual({
      success: true,
      count: before,
    });

    const response = await call(
      'PATCH',
      `/enquiries/message/${message.id}`,
      { status: 'in_progress', note: 'Called back, wants a meeting.', version: 0 },
      tokens.scheduler,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().enquiry).toMatchObject({
      status: 'in_progress',
      note: 'Called back, wants a meeting.',
      changedBy: { id: scheduler.id },
      version: 1,
    });
    expect(await countNewEnquiries(ctx.database.db)).toBe(before - 1);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'enquiry.updated'));
    expect(audits.at(-1)!.details).toMatchObject({
      enquiryId: message.id,
      from: 'new',
      to: 'in_progress',
      noteChanged: true,
    });

    // A stale version: someone else changed it meanwhile.
    const stale = await call('PATCH', `/enquiries/message/${message.id}`, {
      status: 'closed',
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: ENQUIRY_MESSAGES.versionConflict,
      code: 'VERSION_CONFLICT',
    });
    // Nothing goes back to new.
    const back = await call('PATCH', `/enquiries/message/${message.id}`, {
      status: 'new',
      version: 1,
    });
    expect(back.statusCode).toBe(400);
    expect(back.json().code).toBe('STATUS_MOVE_NOT_ALLOWED');
  });

  it('answers 404 for an unknown enquiry or a client’s own booking, 400 for bad input', async () => {
    const client = await seedUser(ctx, { role: 'client', email: 'own2@enquiries.test' });
    const own = await seedVisitorBooking(ctx, advocate.id, {
      visitorTokenHash: null,
      clientId: client.id,
    });
    for (const url of [
      `/enquiries/booking/${own.id}`,
      '/enquiries/message/00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await call('PATCH', url, { status: 'closed', version: 0 });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('ENQUIRY_NOT_FOUND');
    }
    const message = await seedContactMessage(ctx);
    const bad = await call('PATCH', `/enquiries/letter/${message.id}`, { status: 'open' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      kind: ENQUIRY_MESSAGES.invalidKind,
    });
    const body = await call('PATCH', `/enquiries/message/${message.id}`, { status: 'open' });
    expect(body.json().errors).toEqual({
      status: 'Status must be one of: new, in_progress, closed',
      version: ENQUIRY_MESSAGES.versionRequired,
    });
  });
});

describe('an enquiry follows its booking', () => {
  const statusOf = async (id: string) => {
    const list = (await call('GET', '/enquiries?kind=booking&limit=100')).json() as EnquiryList;
    return list.enquiries.find((enquiry) => enquiry.id === id)?.status;
  };
  const put = (id: string, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${id}`,
      payload,
      headers: bearer(tokens.scheduler),
    });

  it('is in progress once the diary confirms the booking, and closed once it is done', async () => {
    const booking = await seedVisitorBooking(ctx, advocate.id);
    expect(await statusOf(booking.id)).toBe('new');
    const confirmed = await put(booking.id, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await statusOf(booking.id)).toBe('in_progress');
    const completed = await put(booking.id, { status: 'completed' });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await statusOf(booking.id)).toBe('closed');
  });

  it('is closed once the booking is cancelled, and a closed one stays closed', async () => {
    const booking = await seedVisitorBooking(ctx, advocate.id);
    const cancelled = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${booking.id}/cancel`,
      payload: { reason: 'The visitor found another advocate nearer Kitengela.' },
      headers: bearer(tokens.scheduler),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await statusOf(booking.id)).toBe('closed');

    // Closed by hand first: confirming the booking does not reopen it.
    const other = await seedVisitorBooking(ctx, advocate.id);
    const closed = await call('PATCH', `/enquiries/booking/${other.id}`, {
      status: 'closed',
      version: 0,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await put(other.id, { status: 'confirmed' })).statusCode).toBe(200);
    expect(await statusOf(other.id)).toBe('closed');
  });
});

describe('POST /api/enquiries/:kind/:id/convert', () => {
  const details = (email: string) => ({
    firstName: 'Achieng',
    lastName: 'Otieno',
    email,
    phone: '0712 345 678',
  });

  it('creates the client, shows the temporary password once and links the enquiry', async () => {
    const message = await seedContactMessage(ctx, { email: 'achieng.convert@visitor.test' });
    const response = await call(
      'POST',
      `/enquiries/message/${message.id}/convert`,
      details(message.email),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Client created successfully',
      user: { role: 'client', email: 'achieng.convert@visitor.test', mustChangePassword: true },
      enquiry: { status: 'in_progress', client: { id: body.user.id, name: 'Achieng Otieno' } },
    });
    expect(body.temporaryPassword).toMatch(/.{8,}/);
    const again = await call(
      'POST',
      `/enquiries/message/${message.id}/convert`,
      details('someone.else@visitor.test'),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ENQUIRY_ALREADY_CONVERTED');
  });

  it('gives a visitor’s booking to the new client', async () => {
    const booking = await seedVisitorBooking(ctx, advocate.id);
    const response = await call('POST', `/enquiries/booking/${booking.id}/convert`, {
      firstName: 'Baraka',
      lastName: 'Njoroge',
      email: booking.clientEmail,
    });
    expect(response.statusCode).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booking.id));
    expect(row!.clientId).toBe(response.json().user.id);
  });

  it('answers 409 with a clear message for an email already in use, and writes nothing', async () => {
    const message = await seedContactMessage(ctx);
    const countUsers = async () => (await ctx.database.db.select().from(users)).length;
    const usersBefore = await countUsers();
    const auditsBefore = (await ctx.database.db.select().from(auditLog)).length;
    const response = await call(
      'POST',
      `/enquiries/message/${message.id}/convert`,
      details('WANJIRU@enquiries.test'),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: ENQUIRY_MESSAGES.convertEmailTaken,
      code: 'EMAIL_TAKEN',
    });
    expect(await countUsers()).toBe(usersBefore);
    expect(await ctx.database.db.select().from(auditLog)).toHaveLength(auditsBefore);
    expect(await ctx.database.db.select().from(enquiryStates)).toHaveLength(0);
  });

  it('answers 409 for an enquiry already linked to a client, creating no account', async () => {
    const message = await seedContactMessage(ctx);
    const other = await seedUser(ctx, { role: 'client', email: 'first@enquiries.test' });
    await ctx.database.db.insert(enquiryStates).values({
      contactMessageId: message.id,
      clientId: other.id,
      status: 'in_progress',
      version: 1,
    });
    const usersBefore = (await ctx.database.db.select().from(users)).length;
    const response = await call(
      'POST',
      `/enquiries/message/${message.id}/convert`,
      details('late@visitor.test'),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('ENQUIRY_ALREADY_CONVERTED');
    expect((await ctx.database.db.select().from(users)).length).toBe(usersBefore);
  });

  it('rolls the new account back when linking it fails (one transaction)', async () => {
    const usersBefore = (await ctx.database.db.select().from(users)).length;
    await expect(
      createClient(
        {
          db: ctx.database.db,
          outbox: ctx.app.outbox,
          publicUrl: 'http://localhost',
        },
        advocate,
        { firstName: 'Late', lastName: 'Link', email: 'late.link@visitor.test' },
        { ip: '127.0.0.1' },
        async () => {
          throw new Error('linked meanwhile');
        },
      ),
    ).rejects.toThrow('linked meanwhile');
    expect((await ctx.database.db.select().from(users)).length).toBe(usersBefore);
  });

  it('answers 400 with a message per field', async () => {
    const message = await seedContactMessage(ctx);
    const response = await call('POST', `/enquiries/message/${message.id}/convert`, {
      firstName: 'A',
      lastName: 'B',
      email: 'not-an-email',
      phone: '12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      email: 'Invalid email address',
      phone: 'Invalid phone number',
    });
  });

  it('refuses an admin who schedules appointments but does not admit clients', async () => {
    const message = await seedContactMessage(ctx);
    const response = await call(
      'POST',
      `/enquiries/message/${message.id}/convert`,
      details('x@visitor.test'),
      tokens.scheduler,
    );
    expect(response.statusCode).toBe(403);
    // The refusal names the toggle it takes, and who turns it on.
    expect(response.json().message).toBe(DENIED_TEXTS['enquiries:convert']);
    expect(response.json().message).toContain('“Admit Clients” permission');
  });
});
