import { addDays, dashboardLinks } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema';
import {
  useDashboardTestContext,
  ctx,
  people,
  tokens,
  today,
  at,
  appointment,
  stats,
  listTotal,
} from './dashboard-test-kit';

/**
 * GET /api/dashboard/stats against seeded data: a client's sections and counts, and an admin's
 * with each toggle on and off (a section the caller may not see is absent).
 */

useDashboardTestContext();

describe('GET /api/dashboard/stats', () => {
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
});
