import {
  CASE_UNASSIGNED,
  addDays,
  dashboardLinks,
  dayOfWeek,
  nairobiInstant,
  nairobiToday,
  type DashboardStats,
} from '@firm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, cases, type UserRow } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * GET /api/dashboard/stats against seeded data: each role's sections and counts, each admin toggle
 * on and off (a section the caller may not see is absent), and each count equal to the total of
 * the list its tile links to.
 */
describe('GET /api/dashboard/stats', () => {
  let ctx: TestContext;
  const people: Record<string, UserRow> = {};
  const tokens: Record<string, { authorization: string }> = {};
  const today = nairobiToday();
  const weekStart = addDays(today, -((dayOfWeek(today) + 6) % 7));
  const otherDayThisWeek = weekStart === today ? addDays(today, 6) : weekStart;
  const inThisMonth = (date: string) => date.slice(0, 7) === today.slice(0, 7);
  let seq = 0;

  const at = (date: string, time: string, minutes = 30) => ({
    startsAt: nairobiInstant(date, time),
    endsAt: new Date(nairobiInstant(date, time).getTime() + minutes * 60_000),
    durationMinutes: minutes,
  });
  const appointment = (client: UserRow, values: Partial<typeof appointments.$inferInsert>) =>
    ctx.database.db.insert(appointments).values({
      title: `Appointment ${(seq += 1)}`,
      description: 'Seeded for the dashboard test',
      type: 'consultation',
      feeKsh: 0,
      clientId: client.id,
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
      clientEmail: client.email,
      ...at(addDays(today, 30), '10:00'),
      ...values,
    });
  const aCase = (client: UserRow, values: Partial<typeof cases.$inferInsert>) =>
    ctx.database.db.insert(cases).values({
      caseNumber: `MWA/2026/${String((seq += 1)).padStart(4, '0')}`,
      title: `Matter ${seq}`,
      description: 'Seeded for the dashboard test',
      category: 'property',
      priority: 'medium',
      clientId: client.id,
      ...values,
    });

  beforeAll(async () => {
    ctx = await createTestContext();
    const seed = async (name: string, options: Parameters<typeof seedUser>[1]) => {
      people[name] = await seedUser(ctx, options);
      tokens[name] = bearer(await sessionFor(ctx, people[name]));
    };
    await seed('advocate', { role: 'advocate', email: 'owner@firm.test', firstName: 'Amina' });
    await seed('pending', {
      role: 'advocate',
      email: 'pending@firm.test',
      verificationStatus: 'pending',
    });
    await seed('admin', {
      role: 'admin',
      email: 'admin@firm.test',
      firstName: 'Brian',
      lastName: 'Kamau',
      permissions: { canOpenFiles: true, canScheduleAppointments: true },
    });
    await seed('adminNone', { role: 'admin', email: 'none@firm.test' });
    await seed('adminSchedule', {
      role: 'admin',
      email: 'schedule@firm.test',
      permissions: { canScheduleAppointments: true },
    });
    await seed('adminFiles', {
      role: 'admin',
      email: 'files@firm.test',
      permissions: { canOpenFiles: true },
    });
    await seed('client', { role: 'client', email: 'wanjiru@client.test', firstName: 'Wanjiru' });
    await seed('other', { role: 'client', email: 'otieno@client.test' });
    // Joined on the last day of the previous month: not a new client this month.
    await seed('former', {
      role: 'client',
      email: 'former@client.test',
      createdAt: nairobiInstant(addDays(`${today.slice(0, 7)}-01`, -1), '23:30'),
    });
    const { advocate, admin, client, other } = people as Record<string, UserRow>;

    await aCase(client!, { status: 'pending', assigneeId: admin!.id });
    await aCase(client!, {
      status: 'in_progress',
      assigneeId: advocate!.id,
      courtDate: nairobiInstant(addDays(today, 3), '09:00'),
      court: 'Milimani Law Courts',
    });
    await aCase(client!, { status: 'closed', assigneeId: admin!.id, closedAt: new Date() });
    await aCase(other!, {
      status: 'in_progress',
      courtDate: nairobiInstant(addDays(today, 20), '09:00'),
    });
    await aCase(other!, { status: 'completed', assigneeId: admin!.id });

    // The client's: one upcoming and owed, one paid, one cancelled (owes nothing).
    await appointment(client!, {
      status: 'scheduled',
      feeKsh: 5000,
      ...at(addDays(today, 8), '10:00'),
    });
    await appointment(client!, {
      status: 'completed',
      feeKsh: 3000,
      paymentStatus: 'paid',
      paymentMethod: 'mpesa',
      paymentReference: 'QWE123',
      paidAt: new Date(),
      ...at(addDays(today, -40), '10:00'),
    });
    await appointment(client!, { status: 'cancelled', feeKsh: 8000, cancelledAt: new Date() });
    // The other client's: today in the advocate's diary, owed; one more this week; a request.
    await appointment(other!, {
      status: 'confirmed',
      feeKsh: 2000,
      advocateId: advocate!.id,
      ...at(today, '23:00'),
    });
    await appointment(other!, {
      status: 'confirmed',
      advocateId: advocate!.id,
      ...at(otherDayThisWeek, '10:00'),
    });
    await appointment(other!, { status: 'scheduled', ...at(addDays(today, 9), '10:00') });
    // Paid before this month began: not among this month's fees paid.
    await appointment(other!, {
      status: 'completed',
      feeKsh: 4000,
      paymentStatus: 'paid',
      paymentMethod: 'cash',
      paidAt: nairobiInstant(addDays(`${today.slice(0, 7)}-01`, -1), '23:30'),
      ...at(addDays(today, -45), '10:00'),
    });
  });
  afterAll(() => ctx.close());

  const stats = async (who: string): Promise<DashboardStats> => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard/stats',
      headers: tokens[who],
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const listStatus = async (who: string, link: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api${link}`, headers: tokens[who] })).statusCode;
  /** The total of the list a tile links to, as `who` sees it. */
  const listTotal = async (who: string, link: string) => {
    const url = `/api${link}`;
    const response = await ctx.app.inject({ method: 'GET', url, headers: tokens[who] });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().total as number;
  };

  it('a client: their own open cases, upcoming appointments and fees, and nothing of the firm', async () => {
    const answer = await stats('client');
    expect(Object.keys(answer).filter((key) => !/^(role|today|week|month)/.test(key))).toEqual([
      'client',
      'courtDates',
    ]);
    // Their own open cases' court dates only (ADR 025), never another client's.
    const own = new Set(answer.client!.openCases.map((each) => each.id));
    expect(answer.courtDates).toMatchObject({ count: 1, next: [{ court: 'Milimani Law Courts' }] });
    expect(answer.courtDates!.next.every((each) => own.has(each.caseId))).toBe(true);
    expect(answer.client).toMatchObject({
      activeCases: 2,
      upcomingAppointments: 1,
      feesPendingKsh: 5000,
      feesPendingCount: 1,
      payment: { mpesaKind: 'paybill', mpesaNumber: '', mpesaInstructions: '' },
    });
    expect(answer.client!.recentCases).toHaveLength(3);
    expect(answer.client!.recentCases.find((each) => each.status === 'in_progress')).toMatchObject({
      nextAction: expect.stringMatching(/^Court date on /),
      priority: 'medium',
    });
    expect(answer.client!.openCases).toHaveLength(2);
    expect(answer.client!.upcoming).toEqual([
      expect.objectContaining({ date: addDays(today, 8), time: '10:00', status: 'scheduled' }),
    ]);
    expect(answer.client!.unpaidFees).toEqual([expect.objectContaining({ feeKsh: 5000 })]);

    // Each tile's number is the total of the list it links to.
    expect(await listTotal('client', dashboardLinks.cases({ status: 'open' }))).toBe(2);
    expect(
      await listTotal('client', dashboardLinks.appointments({ status: 'live', from: today })),
    ).toBe(1);
    expect(await listTotal('client', dashboardLinks.appointments({ payment: 'pending' }))).toBe(1);
  });

  it("a client: an appointment earlier today counts as upcoming, as in the tile's list", async () => {
    // Nairobi's midnight today: already past (the tile's list starts at today's start).
    const [earlier] = await appointment(people.client!, {
      status: 'confirmed',
      ...at(today, '00:00'),
    }).returning({ id: appointments.id });
    try {
      const answer = (await stats('client')).client!;
      expect(answer.upcomingAppointments).toBe(2);
      expect(answer.upcoming.map((each) => each.date)).toEqual([today, addDays(today, 8)]);
      expect(
        await listTotal('client', dashboardLinks.appointments({ status: 'live', from: today })),
      ).toBe(answer.upcomingAppointments);
    } finally {
      await ctx.database.db.delete(appointments).where(eq(appointments.id, earlier!.id));
    }
  });

  it('a client: unread messages from the firm and the recent conversations, until read', async () => {
    expect((await stats('client')).client).toMatchObject({ unreadMessages: 0, recentMessages: [] });
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: tokens.advocate,
      payload: {
        subject: 'Title deed copy',
        clientId: people.client!.id,
        body: 'Please bring the original title deed on Monday.',
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().conversation.id as string;

    const unread = (await stats('client')).client!;
    expect(unread.unreadMessages).toBe(1);
    expect(unread.recentMessages).toEqual([
      expect.objectContaining({
        conversationId: id,
        subject: 'Title deed copy',
        message: expect.stringContaining('original title deed'),
        unread: true,
      }),
    ]);
    // The tile's number is what the messages list counts as unread.
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/conversations?unread=only',
      headers: tokens.client,
    });
    expect(listed.json().total).toBe(1);

    await ctx.app.inject({
      method: 'PUT',
      url: `/api/conversations/${id}/read`,
      headers: tokens.client,
    });
    const read = (await stats('client')).client!;
    expect(read.unreadMessages).toBe(0);
    expect(read.recentMessages[0]).toMatchObject({ conversationId: id, unread: false });
  });

  it('an admin with both toggles: appointments, booking requests, their cases, court dates', async () => {
    const answer = await stats('admin');
    expect(answer.client).toBeUndefined();
    expect(answer.openCases).toBeUndefined();
    expect(answer.fees).toBeUndefined();
    expect(answer.appointments).toEqual({ today: 1, thisWeek: 2 });
    expect(answer.bookingRequests).toBe(2);
    expect(answer.assignedCases).toEqual({ pending: 1, in_progress: 0, completed: 1 });
    expect(answer.courtDates).toMatchObject({
      count: 1,
      next: [expect.objectContaining({ court: 'Milimani Law Courts' })],
    });

    const links = {
      today: dashboardLinks.appointments({ status: 'live', from: today, to: today }),
      week: dashboardLinks.appointments({
        status: 'live',
        from: answer.weekStart,
        to: answer.weekEnd,
      }),
      requests: dashboardLinks.appointments({ status: 'scheduled', from: today, awaiting: 'firm' }),
      pending: dashboardLinks.cases({ status: 'pending', assignee: people.admin!.id }),
      court: dashboardLinks.courtDates(today),
    };
    expect(await listTotal('admin', links.today)).toBe(1);
    expect(await listTotal('admin', links.week)).toBe(2);
    expect(await listTotal('admin', links.requests)).toBe(2);
    expect(await listTotal('admin', links.pending)).toBe(1);
    expect(await listTotal('admin', links.court)).toBe(1);
  });

  it('an admin gets only the sections their toggles allow', async () => {
    const none = await stats('adminNone');
    expect(none.appointments).toEqual({ today: 1, thisWeek: 2 });
    expect(none.bookingRequests).toBeUndefined();
    expect(none.assignedCases).toBeUndefined();
    expect(none.courtDates).toBeUndefined();

    const schedule = await stats('adminSchedule');
    expect(schedule.bookingRequests).toBe(2);
    expect(schedule.assignedCases).toBeUndefined();
    expect(schedule.courtDates).toBeUndefined();

    const files = await stats('adminFiles');
    expect(files.bookingRequests).toBeUndefined();
    // Nothing is assigned to this admin: zero in each status, the section still there.
    expect(files.assignedCases).toEqual({ pending: 0, in_progress: 0, completed: 0 });
    expect(files.courtDates?.count).toBe(1);
  });

  it('an advocate: the firm at a glance', async () => {
    const answer = await stats('advocate');
    expect(answer.openCases?.byStatus).toEqual({ pending: 1, in_progress: 2, completed: 1 });
    expect(answer.openCases?.byAssignee).toEqual([
      { assigneeId: people.admin!.id, name: 'Brian Kamau', count: 2 },
      expect.objectContaining({ count: 1 }),
      expect.objectContaining({ count: 1 }),
    ]);
    expect(answer.openCases?.byAssignee.map((each) => each.name)).toContain('Unassigned');
    // The "Unassigned" row links to the open cases nobody is assigned to.
    const unassigned = answer.openCases!.byAssignee.find((each) => each.assigneeId === null)!;
    const nobodys = await ctx.app.inject({
      method: 'GET',
      url: `/api${dashboardLinks.cases({ status: 'open', assignee: CASE_UNASSIGNED })}`,
      headers: tokens.advocate,
    });
    expect(nobodys.json()).toMatchObject({ total: unassigned.count });
    expect(
      nobodys.json().cases.map((each: { assignedTo: string | null }) => each.assignedTo),
    ).toEqual([null]);
    const bad = await listStatus('advocate', '/cases?assignee=nobody');
    expect(bad).toBe(400);
    expect(answer.courtDates?.count).toBe(1);
    expect(answer.diary).toEqual([
      expect.objectContaining({ date: today, time: '23:00', status: 'confirmed' }),
    ]);
    expect(answer.bookingRequests).toBe(2);
    expect(answer.advocatesAwaitingVerification).toBe(1);
    expect(answer.newClientsThisMonth).toBe(2);
    expect(answer.fees).toEqual({
      pendingKsh: 2000 + (inThisMonth(addDays(today, 8)) ? 5000 : 0),
      pendingCount: 1 + (inThisMonth(addDays(today, 8)) ? 1 : 0),
      paidKsh: 3000,
      paidCount: 1,
    });

    expect(await listTotal('advocate', dashboardLinks.cases({ status: 'in_progress' }))).toBe(2);
    expect(
      await listTotal(
        'advocate',
        dashboardLinks.cases({ status: 'open', assignee: people.admin!.id }),
      ),
    ).toBe(2);
    expect(
      await listTotal(
        'advocate',
        dashboardLinks
          .appointments({
            status: 'live',
            from: today,
            to: today,
            advocate: people.advocate!.id,
          })
          .replace('advocate=', 'advocateId='),
      ),
    ).toBe(1);
    expect(
      await listTotal(
        'advocate',
        dashboardLinks.appointments({
          payment: 'pending',
          from: answer.monthStart,
          to: answer.monthEnd,
        }),
      ),
    ).toBe(answer.fees!.pendingCount);
    expect(
      await listTotal(
        'advocate',
        dashboardLinks.appointments({
          payment: 'paid',
          paidFrom: answer.monthStart,
          paidTo: answer.monthEnd,
        }),
      ),
    ).toBe(answer.fees!.paidCount);
    expect(await listTotal('advocate', dashboardLinks.appointments({ payment: 'paid' }))).toBe(2);
    expect(
      await listTotal('advocate', dashboardLinks.newClients(answer.monthStart, answer.monthEnd)),
    ).toBe(answer.newClientsThisMonth);
    // The users' tab keeps its filters under `users.`; the API takes them without the prefix.
    const pending = new URL(dashboardLinks.pendingAdvocates(), 'http://firm.test');
    expect(pending.pathname).toBe('/admin-management');
    expect(
      await listTotal(
        'advocate',
        `/user-management/users?status=${pending.searchParams.get('users.status')}`,
      ),
    ).toBe(answer.advocatesAwaitingVerification);
  });

  it('counts new enquiries for those who handle them, as the inbox lists them', async () => {
    const before = (await stats('advocate')).newEnquiries ?? 0;
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: {
        name: 'Achieng Otieno',
        email: 'achieng@example.co.ke',
        subject: 'Land title transfer',
        message: 'I would like advice on a title deed.',
        consent: true,
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const advocate = await stats('advocate');
    expect(advocate.newEnquiries).toBe(before + 1);
    expect(await listTotal('advocate', dashboardLinks.newEnquiries())).toBe(advocate.newEnquiries);
    expect((await stats('adminSchedule')).newEnquiries).toBe(before + 1);
    expect((await stats('adminNone')).newEnquiries).toBeUndefined();
    expect((await stats('adminFiles')).newEnquiries).toBeUndefined();
  });

  it('keeps the case counts in step with every change to cases (the triggers)', async () => {
    const db = ctx.database.db;
    type Group = { status: string; assignee_id: string | null; n: number };
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Group[] }).rows;
    const truth = () =>
      rows(
        sql`select status, assignee_id, count(*)::int as n from cases group by 1, 2 order by 1, 2`,
      );
    const kept = () =>
      rows(sql`select status, assignee_id, n from case_counts where n > 0 order by 1, 2`);
    expect(await kept()).toEqual(await truth());

    // Reassign one, close one, reopen the closed one, delete one: the counts follow each.
    await db
      .update(cases)
      .set({ assigneeId: people.advocate!.id })
      .where(eq(cases.assigneeId, people.admin!.id));
    expect(await kept()).toEqual(await truth());
    await db
      .update(cases)
      .set({ status: 'closed', closedAt: new Date() })
      .where(eq(cases.status, 'pending'));
    expect(await kept()).toEqual(await truth());
    await db
      .update(cases)
      .set({ status: 'in_progress', closedAt: null })
      .where(eq(cases.status, 'closed'));
    expect(await kept()).toEqual(await truth());
    await db.delete(cases).where(eq(cases.status, 'completed'));
    expect(await kept()).toEqual(await truth());
    expect((await stats('advocate')).openCases?.byStatus).toEqual({
      pending: 0,
      in_progress: 4,
      completed: 0,
    });
  });

  it('counts as a booking request only what the firm has to confirm, as its list does', async () => {
    const before = (await stats('advocate')).bookingRequests!;
    const requests = dashboardLinks.appointments({
      status: 'scheduled',
      from: today,
      awaiting: 'firm',
    });
    expect(await listTotal('advocate', requests)).toBe(before);
    // A visitor's booking still held for their own email confirmation is not the firm's to confirm.
    await appointment(people.client!, {
      ...at(addDays(today, 40), '11:00'),
      clientId: null,
      clientEmail: 'achieng.odhiambo-wanyama@visitor.test',
      holdExpiresAt: new Date(Date.now() + 60 * 60_000),
    });
    expect((await stats('advocate')).bookingRequests).toBe(before);
    expect(await listTotal('advocate', requests)).toBe(before);
    const scheduled = dashboardLinks.appointments({ status: 'scheduled', from: today });
    expect(await listTotal('advocate', scheduled)).toBe(before + 1);
  });
});
