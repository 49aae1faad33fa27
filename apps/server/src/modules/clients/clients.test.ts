import {
  CLIENT_MESSAGES,
  PROFILE_MESSAGES,
  VALIDATION,
  type ClientList,
  type ClientRead,
} from '@firm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { seedVisitorBooking } from '../../../test/enquiries';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { appointments, auditLog, users, type UserRow } from '../../db/schema';

/** The Clients screen's API against a real database: search, rows, 404s, audit, changes. */

let ctx: TestContext;
let advocate: UserRow;
let amani: UserRow;
let baraka: UserRow;

let advocateToken = '';

beforeAll(async () => {
  ctx = await createTestContext();
  advocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'wanjiru@clients.test',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
  });
  amani = await seedUser(ctx, {
    role: 'client',
    email: 'amani@clients.test',
    firstName: 'Amani',
    lastName: 'Mwangi',
    phone: '+254711000222',
    lastLogin: new Date('2026-10-01T08:00:00Z'),
  });
  baraka = await seedUser(ctx, {
    role: 'client',
    email: 'baraka@clients.test',
    firstName: 'Baraka',
    lastName: 'Achieng',
    phone: '+254733444555',
    // 31 October, 23:30 in Nairobi.
    createdAt: new Date('2026-10-31T20:30:00Z'),
  });
  await seedUser(ctx, {
    role: 'client',
    email: 'zuri@clients.test',
    firstName: 'Zuri',
    lastName: 'Otieno',
    isActive: false,
    // 1 November, 00:30 in Nairobi (still 31 October in UTC).
    createdAt: new Date('2026-10-31T21:30:00Z'),
  });
  advocateToken = await sessionFor(ctx, advocate);
  await seedCase(ctx, amani.id, { title: 'Boundary dispute' });
  await seedCase(ctx, amani.id, { title: 'Old lease', status: 'closed' });
  const booking = await seedVisitorBooking(ctx, advocate.id, { title: 'Site visit' });
  await ctx.database.db
    .update(appointments)
    .set({ clientId: amani.id })
    .where(eq(appointments.id, booking.id));
});
afterAll(() => ctx.close());
afterEach(() => {
  ctx.mail.length = 0;
});

const get = (url: string, token = advocateToken) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const patch = (id: string, payload: Record<string, unknown>, token = advocateToken) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/clients/${id}`, payload, headers: bearer(token) });
const names = (body: ClientList) => body.clients.map((c) => `${c.firstName} ${c.lastName}`);

describe('GET /api/clients', () => {
  it('lists client accounts only, by last name, with open cases and the next appointment', async () => {
    const response = await get('/api/clients');
    expect(response.statusCode).toBe(200);
    const body = response.json<ClientList>();
    expect(names(body)).toEqual(['Baraka Achieng', 'Amani Mwangi', 'Zuri Otieno']);
    expect(body.total).toBe(3);
    const row = body.clients.find((c) => c.id === amani.id)!;
    expect(row).toMatchObject({
      email: 'amani@clients.test',
      phone: '+254711000222',
      openCases: 1,
      lastLogin: '2026-10-01T08:00:00.000Z',
      nextAppointment: { title: 'Site visit' },
    });
    expect(body.clients.find((c) => c.id === baraka.id)).toMatchObject({
      openCases: 0,
      nextAppointment: null,
      lastLogin: null,
    });
  });

  it('searches names, emails and phone numbers as people type them', async () => {
    const search = async (term: string) =>
      names((await get(`/api/clients?search=${encodeURIComponent(term)}`)).json());
    expect(await search('mwangi')).toEqual(['Amani Mwangi']);
    expect(await search('baraka@')).toEqual(['Baraka Achieng']);
    expect(await search('0733 444')).toEqual(['Baraka Achieng']);
    expect(await search('+254711')).toEqual(['Amani Mwangi']);
    expect(await search('100%')).toEqual([]);
  });

  it('filters by status, sorts and pages', async () => {
    expect(names((await get('/api/clients?status=inactive')).json())).toEqual(['Zuri Otieno']);
    expect(names((await get('/api/clients?status=active')).json())).toHaveLength(2);
    const byLogin = names((await get('/api/clients?sort=last_login')).json());
    expect(byLogin[0]).toBe('Amani Mwangi');
    const page2 = (await get('/api/clients?limit=2&page=2')).json<ClientList>();
    expect(page2.pagination).toEqual({ page: 2, limit: 2, pages: 2 });
    expect(names(page2)).toEqual(['Zuri Otieno']);
  });

  it('filters by the Nairobi day an account was created (the dashboard’s new clients)', async () => {
    const joined = async (query: string) => names((await get(`/api/clients?${query}`)).json());
    expect(await joined('joinedFrom=2026-11-01&joinedTo=2026-11-01')).toEqual(['Zuri Otieno']);
    expect(await joined('joinedFrom=2026-10-31&joinedTo=2026-10-31')).toEqual(['Baraka Achieng']);
    expect(await joined('joinedTo=2026-10-31')).toEqual(['Baraka Achieng']);
    expect(await joined('joinedFrom=2026-11-01')).toEqual(['Amani Mwangi', 'Zuri Otieno']);
  });

  it('answers 400 with a message for a bad filter', async () => {
    const response = await get('/api/clients?status=gone&sort=age&joinedFrom=1%20Nov');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      status: 'Status must be one of: active, inactive',
      sort: 'Sort must be one of: name, newest, last_login',
      joinedFrom: 'Dates are written YYYY-MM-DD',
    });
  });
});

describe('GET /api/clients/:id', () => {
  it('shows contact details, cases and appointments, and audits the read', async () => {
    const response = await get(`/api/clients/${amani.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<ClientRead>();
    expect(body.client).toMatchObject({ email: 'amani@clients.test', pendingEmail: null });
    expect(body.cases!.map((c) => c.title).sort()).toEqual(['Boundary dispute', 'Old lease']);
    expect(body.appointments.map((a) => a.title)).toEqual(['Site visit']);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.viewed'), eq(auditLog.targetUserId, amani.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: advocate.id, ip: '127.0.0.1' });
  });

  it('leaves the cases out for an admin who may neither open nor manage case files', async () => {
    const admin = await seedUser(ctx, {
      role: 'admin',
      email: 'admitter@clients.test',
      permissions: { canAdmitClients: true },
    });
    const body = (await get(`/api/clients/${amani.id}`, await sessionFor(ctx, admin))).json();
    expect(body.cases).toBeNull();
    expect(body.client.openCases).toBe(1);
  });

  it('answers 404 for a staff account or an unknown id, and audits nothing', async () => {
    const before = (await ctx.database.db.select().from(auditLog)).length;
    for (const id of [advocate.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await get(`/api/clients/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Client not found', code: 'CLIENT_NOT_FOUND' });
    }
    expect(await ctx.database.db.select().from(auditLog)).toHaveLength(before);
    expect((await get('/api/clients/not-an-id')).json().errors).toEqual({
      id: CLIENT_MESSAGES.invalidId,
    });
  });
});

describe('PATCH /api/clients/:id', () => {
  it('changes the name and phone (stored E.164) and audits what changed', async () => {
    const response = await patch(baraka.id, { firstName: 'Barack', phone: '0722 111 333' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: CLIENT_MESSAGES.updated,
      client: { firstName: 'Barack', phone: '+254722111333' },
    });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.updated'), eq(auditLog.targetUserId, baraka.id)));
    expect(audit!.details).toMatchObject({ fields: ['firstName', 'phone'] });
    expect((await patch(baraka.id, { phone: '' })).json().client.phone).toBeNull();
  });

  it('sends a confirmation link to a new email and changes nothing until it is opened', async () => {
    const response = await patch(baraka.id, { email: 'Baraka.New@Example.co.ke' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: CLIENT_MESSAGES.emailChangeSent,
      client: { email: 'baraka@clients.test', pendingEmail: 'baraka.new@example.co.ke' },
    });
    await settleMail(ctx);
    expect(ctx.mail.map((m) => m.to)).toEqual(['baraka.new@example.co.ke', 'baraka@clients.test']);
    expect(ctx.mail[0]!.text).toMatch(/\/profile\/confirm-email#token=/);
    expect(ctx.mail[0]!.text).toContain('The firm was asked to use this address');
  });

  it('sends at most three links an hour for one account, then 429 with nothing changed or sent', async () => {
    // Amani: no link issued for her yet in this file.
    for (const n of [1, 2, 3]) {
      const sent = await patch(amani.id, { email: `amani.${n}@example.co.ke` });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    await settleMail(ctx);
    ctx.mail.length = 0;
    const refused = await patch(amani.id, { email: 'amani.4@example.co.ke', firstName: 'Amina' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(PROFILE_MESSAGES.emailChangeTooMany);
    await settleMail(ctx);
    expect(ctx.mail).toEqual([]);
    const detail = (await get(`/api/clients/${amani.id}`)).json();
    expect(detail.client).toMatchObject({
      firstName: 'Amani',
      pendingEmail: 'amani.3@example.co.ke',
    });
  });

  it('answers 409 for an email another account has, and 400 for the same one', async () => {
    const taken = await patch(baraka.id, { email: 'amani@clients.test', firstName: 'Changed' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, baraka.id));
    expect(row!.firstName).not.toBe('Changed');
    await settleMail(ctx);
    expect(ctx.mail).toHaveLength(0);
    const same = await patch(amani.id, { email: 'amani@clients.test', phone: 'x' });
    expect(same.statusCode).toBe(400);
  });

  it('answers 400 with a message per field', async () => {
    const response = await patch(baraka.id, { firstName: ' ', phone: '12', email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      firstName: VALIDATION.firstNameRequired,
      phone: VALIDATION.phoneInvalid,
      email: VALIDATION.emailInvalid,
    });
    expect((await patch(baraka.id, {})).statusCode).toBe(400);
  });

  it('answers 404 for a staff account', async () => {
    expect((await patch(advocate.id, { firstName: 'X' })).statusCode).toBe(404);
  });

  it('refuses a client, even on their own record', async () => {
    const token = await sessionFor(ctx, amani);
    expect((await patch(amani.id, { firstName: 'Me' }, token)).statusCode).toBe(403);
    expect((await get(`/api/clients/${amani.id}`, token)).statusCode).toBe(403);
  });
});
