import { type CaseDetail, type CaseList, type ConflictMatch } from '@firm/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cases, type UserRow } from '../../db/schema';
import { seedUser } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { useCasesTestContext, ctx, wanjiru, otieno, as, createCase } from './cases-test-kit';

/**
 * The rules of case files beyond who may call (cases.access.test.ts), ADR 014: the conflict-of-
 * interest check and the list.
 */

useCasesTestContext();

describe('conflict-of-interest check', () => {
  const check = (payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/cases/conflict-check',
      headers: as('advocate'),
      payload,
    });

  it('finds an opposing party who is already a client of the firm', async () => {
    const response = await check({
      clientName: 'Amani Njoroge',
      parties: [{ name: 'Otieno Ochieng', role: 'opposing_party' }],
    });
    const matches = response.json().matches as ConflictMatch[];
    expect(matches).toContainEqual(
      expect.objectContaining({
        name: 'Otieno Ochieng',
        source: 'client',
        matchedName: 'Otieno Ochieng',
      }),
    );
  });

  it('finds "Wanjiru W. Kamau" named as a party when checking "Wanjiru Kamau"', async () => {
    const row = await seedCase(ctx, otieno.id);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/cases/${row.id}`,
      headers: as('advocate'),
      payload: { version: 1 },
    });
    const created = await createCase({
      clientId: otieno.id,
      parties: [{ role: 'opposing_party', name: 'Wanjiru W. Kamau' }],
      conflictCheck: { cleared: true, reason: 'Different person: checked ID numbers.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await check({
      clientName: 'Wanjiru Kamau',
      clientId: wanjiru.id,
      parties: [],
    });
    const matches = response.json().matches as ConflictMatch[];
    expect(matches).toContainEqual(
      expect.objectContaining({
        source: 'party',
        matchedName: 'Wanjiru W. Kamau',
        role: 'opposing_party',
        caseNumber: (created.json() as { case: CaseDetail }).case.caseNumber,
      }),
    );
  });

  it('refuses to save a case with matches until "Checked: no conflict" is given with a reason, then records it', async () => {
    const parties = [{ role: 'opposing_party', name: 'Wanjiru Kamau' }];
    const refused = await createCase({ clientId: otieno.id, parties });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT_CHECK_REQUIRED' });
    const noReason = await createCase({
      clientId: otieno.id,
      parties,
      conflictCheck: { cleared: true, reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    const saved = await createCase({
      clientId: otieno.id,
      parties,
      conflictCheck: { cleared: true, reason: 'Same name, different person (ID checked).' },
    });
    expect(saved.statusCode).toBe(201);
    const detail = (saved.json() as { case: CaseDetail }).case;
    expect(detail.conflictClearance).toMatchObject({
      reason: 'Same name, different person (ID checked).',
      by: 'Achieng Odhiambo',
    });
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'case.created'), eq(auditLog.targetUserId, otieno.id)));
    const audit = audits.find(
      (row) => (row.details as { caseId?: string } | null)?.caseId === detail.id,
    );
    // The audit log keeps why the advocate went ahead, and what the check had found.
    expect(audit?.details).toMatchObject({
      conflictCleared: {
        reason: 'Same name, different person (ID checked).',
        matches: expect.arrayContaining([expect.objectContaining({ name: 'Wanjiru Kamau' })]),
      },
    });
  });
});

describe('the list', () => {
  it('searches case number, title, client name and court case number, and filters', async () => {
    const row = await seedCase(ctx, otieno.id, {
      title: 'Boundary dispute Ngong',
      courtCaseNumber: 'ELC E77 of 2026',
      priority: 'urgent',
    });
    const list = async (query: string) =>
      (
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/cases?${query}`,
            headers: as('advocate'),
          })
        ).json() as CaseList
      ).cases.map((c) => c.id);
    expect(await list('search=boundary')).toContain(row.id);
    expect(await list(`search=${encodeURIComponent(row.caseNumber)}`)).toEqual([row.id]);
    expect(await list('search=E77')).toEqual([row.id]);
    expect(await list('search=otieno%20ochieng')).toContain(row.id);
    expect(await list('search=otieno%20ochieng&priority=low')).not.toContain(row.id);
    expect(await list(`client=${otieno.id}&priority=urgent&status=pending`)).toContain(row.id);
    const recent = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/cases?sort=updated&limit=1',
        headers: as('advocate'),
      })
    ).json() as CaseList;
    expect(recent.cases[0]!.id).toBe(row.id);
    expect(recent.pagination).toMatchObject({ page: 1, limit: 1 });
  });

  it('totals every case and each status exactly, through creates, status moves and deletes', async () => {
    const totals = async () => {
      const byQuery = async (query: string) =>
        (
          (
            await ctx.app.inject({
              method: 'GET',
              url: `/api/cases?limit=1${query}`,
              headers: as('advocate'),
            })
          ).json() as CaseList
        ).total;
      // What the list answers, against a count of the rows themselves.
      const counted = await ctx.database.db
        .select({ status: cases.status, n: sql<number>`count(*)`.mapWith(Number) })
        .from(cases)
        .groupBy(cases.status);
      const all = counted.reduce((sum, row) => sum + row.n, 0);
      expect(await byQuery('')).toBe(all);
      for (const status of ['pending', 'in_progress', 'completed', 'closed'] as const) {
        expect(await byQuery(`&status=${status}`)).toBe(
          counted.find((row) => row.status === status)?.n ?? 0,
        );
      }
      expect(await byQuery('&status=open')).toBe(
        all - (counted.find((row) => row.status === 'closed')?.n ?? 0),
      );
      return all;
    };
    const before = await totals();
    const response = await createCase({
      title: 'Counted case',
      // Earlier tests named this file's people as parties: the check finds them.
      conflictCheck: { cleared: true, reason: 'Same client, a new matter.' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as { case: CaseDetail };
    expect(await totals()).toBe(before + 1);
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/cases/${created.case.id}`,
      headers: as('advocate'),
      payload: { version: created.case.version, status: 'in_progress' },
    });
    expect(moved.statusCode).toBe(200);
    expect(await totals()).toBe(before + 1);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/cases/${created.case.id}`,
      headers: as('advocate'),
    });
    expect(removed.statusCode).toBe(200);
    expect(await totals()).toBe(before);
  });

  it('filters court dates by Nairobi calendar day', async () => {
    // 23:30 UTC on 9 March is 02:30 on 10 March in Nairobi.
    const row = await seedCase(ctx, otieno.id, { courtDate: new Date('2027-03-09T23:30:00Z') });
    const ids = async (query: string) =>
      (
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/cases?${query}`,
            headers: as('advocate'),
          })
        ).json() as CaseList
      ).cases.map((c) => c.id);
    expect(await ids('courtFrom=2027-03-10&courtTo=2027-03-10')).toEqual([row.id]);
    expect(await ids('courtFrom=2027-03-09&courtTo=2027-03-09')).toEqual([]);
  });
});

describe('the list’s other filters, sorts and pages', () => {
  let assignee: UserRow;
  const ids = async (query: string, who = 'advocate') =>
    (
      (
        await ctx.app.inject({ method: 'GET', url: `/api/cases?${query}`, headers: as(who) })
      ).json() as CaseList
    ).cases.map((c) => c.id);

  beforeAll(async () => {
    assignee = await seedUser(ctx, {
      role: 'admin',
      email: 'assignee@cases.test',
      firstName: 'Imani',
      lastName: 'Njeri',
      permissions: { canOpenFiles: true },
    });
  });

  it('category, assignee and a court date range open at one end', async () => {
    const employment = await seedCase(ctx, otieno.id, {
      category: 'employment',
      assigneeId: assignee.id,
      courtDate: new Date('2031-01-15T07:00:00Z'),
    });
    const later = await seedCase(ctx, otieno.id, {
      category: 'employment',
      courtDate: new Date('2031-02-20T07:00:00Z'),
    });
    expect(await ids('category=employment')).toEqual(
      expect.arrayContaining([employment.id, later.id]),
    );
    expect(await ids('category=family')).not.toContain(employment.id);
    expect(await ids(`assignee=${assignee.id}`)).toEqual([employment.id]);
    const toJanuary = await ids('courtTo=2031-01-31&category=employment');
    expect(toJanuary).toContain(employment.id);
    expect(toJanuary).not.toContain(later.id);
    const fromFebruary = await ids('courtFrom=2031-02-01');
    expect(fromFebruary).toEqual([later.id]);
  });

  it('sorts by creation, court date and file number, and pages without repeating a case', async () => {
    const first = await seedCase(ctx, wanjiru.id, {
      createdAt: new Date('2030-01-01T00:00:00Z'),
      courtDate: new Date('2030-06-02T07:00:00Z'),
    });
    const second = await seedCase(ctx, wanjiru.id, {
      createdAt: new Date('2030-01-02T00:00:00Z'),
      courtDate: new Date('2030-06-01T07:00:00Z'),
    });
    const created = await ids(`client=${wanjiru.id}&sort=created`);
    expect(created.indexOf(second.id)).toBeLessThan(created.indexOf(first.id));
    const byCourt = await ids(`client=${wanjiru.id}&sort=court_date&courtFrom=2030-06-01`);
    expect(byCourt.slice(0, 2)).toEqual([second.id, first.id]);
    const byNumber = await ids(`client=${wanjiru.id}&sort=case_number`);
    expect(byNumber.indexOf(second.id)).toBeLessThan(byNumber.indexOf(first.id));

    const everything = await ids(`client=${wanjiru.id}&limit=100`);
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(everything.length / 3); page += 1) {
      pages.push(...(await ids(`client=${wanjiru.id}&limit=3&page=${page}`)));
    }
    expect(pages).toEqual(everything);
  });

  it('a client’s search looks in their own cases only', async () => {
    const own = await seedCase(ctx, otieno.id, { title: 'Tenancy of Kilimani flat' });
    const theirs = await seedCase(ctx, wanjiru.id, { title: 'Tenancy of Kilimani shop' });
    const found = await ids('search=kilimani', 'otieno');
    expect(found).toContain(own.id);
    expect(found).not.toContain(theirs.id);
  });
});
