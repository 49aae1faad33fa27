import { CASE_MESSAGES, type CaseDetail } from '@firm/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase, seedNote } from '../../../test/cases';
import {
  useCasesTestContext,
  ctx,
  admin,
  wanjiru,
  otieno,
  as,
  createCase,
  getCase,
} from './cases-test-kit';

/**
 * The rules of case files beyond who may call (cases.access.test.ts), ADR 014: opening, changing,
 * notes, deleting, and a permission switched off.
 */

useCasesTestContext();

describe('creating a case', () => {
  it('gives the firm number, writes the timeline and the audit row, and answers with the success text', async () => {
    const response = await createCase({
      assignedTo: admin.id,
      court: 'Milimani Commercial Court',
      courtCaseNumber: 'HCCOMM E123 of 2025',
      courtDate: '2026-12-03T07:00:00.000Z',
      parties: [{ role: 'opposing_party', name: 'Kilimo Holdings Ltd' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as { message: string; case: CaseDetail };
    expect(body.message).toBe('Case created successfully!');
    expect(body.case.caseNumber).toMatch(/^MWA\/\d{4}\/\d{4}$/);
    expect(body.case).toMatchObject({
      status: 'pending',
      clientName: 'Wanjiru Kamau',
      assigneeName: 'Baraka Mwangi',
      court: 'Milimani Commercial Court',
      version: 1,
    });
    expect(body.case.timeline.map((e) => e.event)).toEqual([
      'case_created',
      'assigned',
      'court_date_set',
    ]);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'case.created'), eq(auditLog.targetUserId, wanjiru.id)));
    expect(audits[0]?.details).toMatchObject({ caseNumber: body.case.caseNumber });
  });

  it('requires the four New Case fields, each with its message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/cases',
      headers: as('advocate'),
      payload: { clientId: wanjiru.id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      title: 'Title is required',
      description: 'Description is required',
      category: 'Category is required',
      priority: 'Priority is required',
    });
  });

  it('refuses a client who is not an active client account, and an assignee who is not staff', async () => {
    expect((await createCase({ clientId: admin.id })).statusCode).toBe(400);
    expect((await createCase({ assignedTo: otieno.id })).statusCode).toBe(400);
  });

  it('is held by the database too: no staff client, no client assignee, no malformed file number', async () => {
    const created = (await createCase({})).json() as { case: CaseDetail };
    const insert = (caseNumber: string, clientId: string, assigneeId: string | null) =>
      ctx.database.db.execute(sql`
        insert into cases (case_number, title, description, category, priority, client_id, assignee_id)
        values (${caseNumber}, 'Raw', 'Written around the service', 'family', 'low', ${clientId}, ${assigneeId})`);
    // Drizzle wraps the driver's error; the constraint's name is on its cause.
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (error: { cause?: { constraint?: string } }) => error.cause?.constraint,
      );
    expect(await refusal(insert('MWA/1999/0001', admin.id, null))).toBe('cases_client_role_check');
    expect(await refusal(insert('MWA/1999/0002', wanjiru.id, otieno.id))).toBe(
      'cases_assignee_role_check',
    );
    expect(await refusal(insert('1999-0003', wanjiru.id, null))).toBe(
      'cases_case_number_format_check',
    );
    expect(
      await refusal(
        ctx.database.db.execute(
          sql`update cases set assignee_id = ${otieno.id} where id = ${created.case.id}`,
        ),
      ),
    ).toBe('cases_assignee_role_check');
    expect(
      await refusal(
        ctx.database.db.execute(sql`update users set role = 'admin' where id = ${wanjiru.id}`),
      ),
    ).toBe('users_case_client_role_check');
    expect(await refusal(insert('MWA/1999/0004', wanjiru.id, admin.id))).toBe('accepted');
  });

  it('gives 50 cases created at once 50 distinct numbers, none reused', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => createCase({ title: `Matter ${i}` })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const numbers = responses.map((r) => (r.json() as { case: CaseDetail }).case.caseNumber);
    expect(new Set(numbers).size).toBe(50);
    const sequences = numbers.map((n) => Number(n.split('/')[2])).sort((a, b) => a - b);
    expect(sequences.at(-1)! - sequences[0]!).toBe(49);
  });
});

describe('changing a case', () => {
  const put = (id: string, payload: Record<string, unknown>, who = 'advocate') =>
    ctx.app.inject({ method: 'PUT', url: `/api/cases/${id}`, headers: as(who), payload });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const row = await seedCase(ctx, wanjiru.id, { priority: 'low' });
    expect((await put(row.id, { version: 1, priority: 'high' })).statusCode).toBe(200);
    const stale = await put(row.id, { version: 1, priority: 'urgent' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: CASE_MESSAGES.versionConflict,
      code: 'VERSION_CONFLICT',
    });
    const now = (await getCase(row.id, 'advocate')).json() as { case: CaseDetail };
    expect(now.case).toMatchObject({ priority: 'high', version: 2 });
  });

  it('moves status one step at a time, refuses jumps naming the allowed move, and only an advocate reopens', async () => {
    const row = await seedCase(ctx, wanjiru.id);
    const jump = await put(row.id, { version: 1, status: 'completed' });
    expect(jump.statusCode).toBe(409);
    expect(jump.json()).toMatchObject({ code: 'STATUS_MOVE_NOT_ALLOWED' });
    expect(jump.json().message).toContain('it can move to: in progress');

    let version = 1;
    for (const status of ['in_progress', 'completed', 'closed']) {
      const response = await put(row.id, { version, status }, 'admin');
      expect(response.statusCode, response.body).toBe(200);
      version = (response.json() as { case: CaseDetail }).case.version;
    }
    const closed = (await getCase(row.id, 'advocate')).json() as { case: CaseDetail };
    expect(closed.case.closedAt).not.toBeNull();

    const byAdmin = await put(row.id, { version, status: 'in_progress' }, 'admin');
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().message).toContain('Only an advocate can reopen');
    const reopened = await put(row.id, { version, status: 'in_progress' });
    expect(reopened.statusCode).toBe(200);
    const detail = (reopened.json() as { case: CaseDetail }).case;
    expect(detail.closedAt).toBeNull();
    expect(detail.timeline.map((e) => e.event)).toEqual([
      'status_changed',
      'status_changed',
      'status_changed',
      'case_closed',
      'status_changed',
      'case_reopened',
    ]);
    expect(detail.timeline[0]!.details).toEqual({ from: 'pending', to: 'in_progress' });
  });

  it('records an assignment, a court date and a hearing on the timeline', async () => {
    const row = await seedCase(ctx, wanjiru.id);
    const response = await put(row.id, {
      version: 1,
      assignedTo: admin.id,
      courtDate: '2027-01-20T06:30:00.000Z',
      courtHearing: 'Mention: directions given',
    });
    const detail = (response.json() as { case: CaseDetail }).case;
    expect(detail.timeline.map((e) => e.event)).toEqual([
      'assigned',
      'court_date_set',
      'court_hearing',
    ]);
    expect(detail.timeline[1]!.description).toContain('20 Jan 2027');
  });
});

describe('notes', () => {
  it('are internal by default; a shared one reaches the client’s timeline', async () => {
    const row = await seedCase(ctx, otieno.id);
    const add = (content: string, visibleToClient?: boolean) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/cases/${row.id}/notes`,
        headers: as('admin'),
        payload: { content, ...(visibleToClient === undefined ? {} : { visibleToClient }) },
      });
    expect((await add('Internal thoughts')).json().note.visibleToClient).toBe(false);
    expect((await add('Your hearing is on Monday', true)).statusCode).toBe(201);
    const client = (await getCase(row.id, 'otieno')).json() as { case: CaseDetail };
    expect(client.case.notes.map((n) => n.content)).toEqual(['Your hearing is on Monday']);
    expect(client.case.timeline.filter((e) => e.event === 'note_added')).toHaveLength(1);
    expect(client.case.notes[0]!.author).toBe('Baraka Mwangi');
  });
});

describe('deleting a case', () => {
  it('is refused once the case has notes or documents (close it instead)', async () => {
    const row = await seedCase(ctx, wanjiru.id);
    await seedNote(ctx, row.id);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/cases/${row.id}`,
      headers: as('advocate'),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: CASE_MESSAGES.caseNotEmpty,
      code: 'CASE_NOT_EMPTY',
    });
    expect((await getCase(row.id, 'advocate')).statusCode).toBe(200);
  });
});

describe('a permission switched off', () => {
  it('is refused on the admin’s next request to the cases API', async () => {
    const clerk = await seedUser(ctx, {
      role: 'admin',
      email: 'clerk@cases.test',
      permissions: { canOpenFiles: true, canManageCases: true, canUploadFiles: true },
    });
    const token = await sessionFor(ctx, clerk);
    const row = await seedCase(ctx, otieno.id);
    const open = () =>
      ctx.app.inject({ method: 'GET', url: `/api/cases/${row.id}`, headers: bearer(token) });
    const note = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/cases/${row.id}/notes`,
        headers: bearer(token),
        payload: { content: 'Filed.' },
      });
    expect((await open()).statusCode).toBe(200);
    expect((await note()).statusCode).toBe(201);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user-management/admin/${clerk.id}/permissions`,
      headers: as('advocate'),
      payload: {
        permissions: {
          canOpenFiles: false,
          canUploadFiles: true,
          canAdmitClients: false,
          canManageCases: false,
          canScheduleAppointments: false,
          canAccessReports: false,
        },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await open()).statusCode).toBe(403);
    expect((await note()).statusCode).toBe(403);
  });
});
