import { LIMITATION_PERIOD_SEED } from '@firm/shared/deadlines/limitation-periods';
import type { LimitationResult, Task } from '@firm/shared/deadlines/task-schemas';
import {
  HOLIDAY_TEXTS as H,
  LIMITATION_TEXTS,
  TASK_TEXTS as T,
} from '@firm/shared/deadlines/texts';
import { CASE_MESSAGES, PROFILE_MESSAGES, describeAuditEntry, refusalText } from '@firm/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, type CaseRow, type UserRow } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * The last day to file, worked out from the firm's table (ADR 051), counted as s.57 counts and
 * moved off Sundays and public holidays, the library's and the firm's own.
 */
describe('a limitation deadline worked out for a case', () => {
  let ctx: TestContext;
  let advocate: UserRow;
  let partner: UserRow;
  let advocateAuth: { authorization: string };
  let clerkAuth: { authorization: string };
  let clientAuth: { authorization: string };
  let theCase: CaseRow;

  beforeAll(async () => {
    ctx = await createTestContext();
    advocate = await seedUser(ctx, { role: 'advocate', email: 'wanjiru@firm.test' });
    partner = await seedUser(ctx, { role: 'advocate', email: 'otieno@firm.test' });
    const clerk = await seedUser(ctx, {
      role: 'admin',
      email: 'clerk@firm.test',
      permissions: { canOpenFiles: true },
    });
    const client = await seedUser(ctx, { role: 'client', email: 'amani@client.test' });
    theCase = await seedCase(ctx, client.id, { assigneeId: partner.id });
    advocateAuth = bearer(await sessionFor(ctx, advocate));
    clerkAuth = bearer(await sessionFor(ctx, clerk));
    clientAuth = bearer(await sessionFor(ctx, client));
  });
  afterAll(() => ctx.close());

  const compute = (body: object, caseId = theCase.id, auth = advocateAuth) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${caseId}/limitation`,
      headers: auth,
      payload: body,
    });

  // A cause of action on Madaraka Day, Thursday 1 June 2023: 1 June 2024 is a Saturday and a
  // holiday, so the last day moves past Sunday to Monday 3 June; in 2025 Madaraka Day is a Sunday
  // with Monday 2 June as its substitute holiday, so Tuesday 3 June; in 2029 and 2035 it falls on
  // a Friday, so the Saturday after (Saturday is not excluded by the Act).
  const LAST_DAYS: Record<string, string> = {
    contract: '2029-06-02',
    tort: '2026-06-02',
    defamation: '2024-06-03',
    personal_injury: '2026-06-02',
    account: '2029-06-02',
    judgment: '2035-06-02',
    penalty: '2025-06-03',
    land: '2035-06-02',
    employment: '2026-06-02',
    government_tort: '2024-06-03',
    government_contract: '2026-06-02',
  };

  it('answers every kind in the table with its last day, rule and source, as a deadline for the case’s advocate', async () => {
    expect(Object.keys(LAST_DAYS)).toEqual(LIMITATION_PERIOD_SEED.map((period) => period.kind));
    for (const period of LIMITATION_PERIOD_SEED) {
      const response = await compute({ causeKind: period.kind, causeDate: '2023-06-01' });
      expect(response.statusCode, period.kind).toBe(200);
      const answer = response.json() as LimitationResult;
      expect(answer, period.kind).toMatchObject({
        lastDay: LAST_DAYS[period.kind],
        source: period.source,
        notice: period.notice,
        guidance: LIMITATION_TEXTS.guidance,
      });
      expect(answer.rule).toContain(`${period.label}: ${period.amount} `);
      expect(answer.task).toMatchObject({
        caseId: theCase.id,
        kind: 'deadline',
        dueDate: LAST_DAYS[period.kind],
        visibleToClient: false,
        status: 'to_do',
        title: T.deadlineTitle(period.label),
        assignees: [{ id: partner.id }],
        deadline: {
          causeKind: period.kind,
          causeDate: '2023-06-01',
          rule: answer.rule,
          source: period.source,
        },
      });
    }
    // The client sees none of them.
    const seen = await ctx.app.inject({ method: 'GET', url: '/api/tasks', headers: clientAuth });
    expect(seen.json().tasks).toEqual([]);
    // Audited as a sentence naming the case and the day.
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'task.deadline_added'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(
      describeAuditEntry({
        action: row!.action,
        actor: { id: advocate.id, name: 'Wanjiru Kamau', email: advocate.email },
        target: null,
        details: row!.details as Record<string, unknown>,
      }).text,
    ).toBe(
      `Wanjiru Kamau worked out the limitation deadline “${T.deadlineTitle('Contract with the government or a county')}” on case file ${theCase.caseNumber}: last day Tue 2 Jun 2026`,
    );
  });

  it('moves a last day off a Sunday, and off a holiday the firm adds', async () => {
    // Tort, 3 years from 17 March 2021: Sunday 17 March 2024, so Monday 18 March.
    const sunday = await compute({ causeKind: 'tort', causeDate: '2021-03-17' });
    expect(sunday.json().lastDay).toBe('2024-03-18');

    // Tort from 15 March 2021 ends on Friday 15 March 2024 … until that day is gazetted.
    expect((await compute({ causeKind: 'tort', causeDate: '2021-03-15' })).json().lastDay).toBe(
      '2024-03-15',
    );
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/holidays',
      headers: clerkAuth,
      payload: { day: '2024-03-15', name: 'National Day of Prayer' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ day: '2024-03-15', name: 'National Day of Prayer' });
    const moved = await compute({ causeKind: 'tort', causeDate: '2021-03-15' });
    expect(moved.json().lastDay).toBe('2024-03-16');

    // The same day again, or a day the calendar already knows, is refused.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/holidays',
      headers: clerkAuth,
      payload: { day: '2024-03-15', name: 'Again' },
    });
    expect(again.statusCode).toBe(409);
    const jamhuri = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/holidays',
      headers: clerkAuth,
      payload: { day: '2026-12-12', name: 'Jamhuri' },
    });
    expect(jamhuri.statusCode).toBe(400);
    expect(jamhuri.json().errors).toEqual({ day: H.alreadyPublic('Jamhuri Day') });

    // Only an advocate removes it; then the day counts again.
    const url = '/api/settings/holidays/2024-03-15';
    const refused = await ctx.app.inject({ method: 'DELETE', url, headers: clerkAuth });
    expect(refused.json().message).toBe(
      refusalText(PROFILE_MESSAGES.settingsAccessDenied, 'settings:view'),
    );
    expect(
      (await ctx.app.inject({ method: 'DELETE', url, headers: advocateAuth })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url, headers: advocateAuth })).statusCode,
    ).toBe(404);
    expect((await compute({ causeKind: 'tort', causeDate: '2021-03-15' })).json().lastDay).toBe(
      '2024-03-15',
    );
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/holidays',
      headers: clerkAuth,
    });
    expect(list.json()).toEqual({ holidays: [] });
  });

  it('refuses an unknown kind, a future day and an unknown case', async () => {
    const unknown = await compute({ causeKind: 'piracy', causeDate: '2023-06-01' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ causeKind: T.causeKindUnknown });
    const future = await compute({ causeKind: 'contract', causeDate: '2099-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual({ causeDate: T.causeDateFuture });
    const bad = await compute({ causeKind: 'Contract!', causeDate: 'yesterday' });
    expect(bad.json().errors).toMatchObject({
      causeKind: T.causeKindUnknown,
      causeDate: T.causeDateRequired,
    });
    const missing = await compute(
      { causeKind: 'contract', causeDate: '2023-06-01' },
      '00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CASE_MESSAGES.caseNotFound);
    // A deadline stays on the case it was worked out for.
    const deadline = (
      (await compute({ causeKind: 'contract', causeDate: '2023-06-01' })).json() as LimitationResult
    ).task as Task;
    const other = await seedCase(ctx, theCase.clientId);
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/tasks/${deadline.id}`,
      headers: advocateAuth,
      payload: {
        caseId: other.id,
        title: deadline.title,
        dueDate: '2029-06-04',
        assigneeIds: [advocate.id],
        status: 'to_do',
      },
    });
    expect(moved.json().errors).toEqual({ caseId: T.deadlineCaseFixed });
  });
});
