import { CASE_UNASSIGNED, addDays, dashboardLinks } from '@firm/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cases } from '../../db/schema';
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
 * GET /api/dashboard/stats against seeded data: the advocate's counts, each equal to the total of
 * the list its tile links to, kept in step with every change to cases.
 */

useDashboardTestContext();

const inThisMonth = (date: string) => date.slice(0, 7) === today.slice(0, 7);
const listStatus = async (who: string, link: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api${link}`, headers: tokens[who] })).statusCode;

describe('GET /api/dashboard/stats', () => {
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
