import { createHash } from 'node:crypto';
import { CASE_MESSAGES, type CaseDetail, type CaseList, type ConflictMatch } from '@firm/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cases, type UserRow } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import {
  PDF_BYTES,
  PNG_BYTES,
  multipartFile,
  seedCase,
  seedDocument,
  seedNote,
  storedFiles,
} from '../../../test/cases';
import { createTestContext, type TestContext } from '../../../test/helpers';

/** The rules of case files beyond who may call (cases.access.test.ts), ADR 014. */

let ctx: TestContext;
let advocate: UserRow;
let admin: UserRow;
let wanjiru: UserRow;
let otieno: UserRow;
const tokens: Record<string, string> = {};

const as = (who: string) => bearer(tokens[who]!);

beforeAll(async () => {
  // A small upload limit, so the 413 test sends 1.5 MB rather than 26.
  ctx = await createTestContext({ MAX_UPLOAD_MB: '1' });
  advocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'advocate@cases.test',
    firstName: 'Achieng',
    lastName: 'Odhiambo',
  });
  admin = await seedUser(ctx, {
    role: 'admin',
    email: 'admin@cases.test',
    firstName: 'Baraka',
    lastName: 'Mwangi',
    permissions: { canOpenFiles: true, canManageCases: true, canUploadFiles: true },
  });
  wanjiru = await seedUser(ctx, {
    role: 'client',
    email: 'wanjiru@cases.test',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
  });
  otieno = await seedUser(ctx, {
    role: 'client',
    email: 'otieno@cases.test',
    firstName: 'Otieno',
    lastName: 'Ochieng',
  });
  for (const [name, user] of Object.entries({ advocate, admin, wanjiru, otieno })) {
    tokens[name] = await sessionFor(ctx, user);
  }
});
afterAll(() => ctx.close());

async function createCase(payload: Record<string, unknown>, who = 'advocate') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/cases',
    headers: as(who),
    payload: {
      title: 'Succession of the late J. Kamau',
      description: 'Letters of administration.',
      category: 'family',
      priority: 'medium',
      clientId: wanjiru.id,
      ...payload,
    },
  });
}

const getCase = async (id: string, who: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/cases/${id}`, headers: as(who) });

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

describe('a client sees only their own cases, and only what is shared', () => {
  let own: Awaited<ReturnType<typeof seedCase>>;
  let others: Awaited<ReturnType<typeof seedCase>>;
  beforeAll(async () => {
    own = await seedCase(ctx, otieno.id, { title: 'Otieno v Kilimo' });
    others = await seedCase(ctx, wanjiru.id, { title: 'Not Otieno’s' });
    await seedNote(ctx, own.id, { content: 'Hearing moved to March.', visibleToClient: true });
    await seedNote(ctx, own.id, { content: 'Weak witness; settle?', visibleToClient: false });
  });

  it('lists their own cases only', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/cases',
      headers: as('otieno'),
    });
    const list = response.json() as CaseList;
    expect(list.cases.map((c) => c.id)).toEqual([own.id]);
    expect(list.cases[0]).toMatchObject({ noteCount: 1 });
  });

  it('answers 404 for another client’s case, never 403', async () => {
    const response = await getCase(others.id, 'otieno');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: CASE_MESSAGES.caseNotFound,
      code: 'CASE_NOT_FOUND',
    });
  });

  it('sees the shared note but not the internal one; staff see both', async () => {
    const client = (await getCase(own.id, 'otieno')).json() as { case: CaseDetail };
    expect(client.case.notes.map((n) => n.content)).toEqual(['Hearing moved to March.']);
    expect(client.case.conflictClearance).toBeNull();
    const staff = (await getCase(own.id, 'advocate')).json() as { case: CaseDetail };
    expect(staff.case.notes).toHaveLength(2);
  });

  it('answers 404 for another client’s document id, and for an internal document of their own case', async () => {
    const foreign = await seedDocument(ctx, others.id, { visibleToClient: true });
    const internal = await seedDocument(ctx, own.id, { visibleToClient: false });
    for (const url of [
      `/api/cases/${others.id}/documents/${foreign.id}`,
      `/api/cases/${own.id}/documents/${foreign.id}`,
      `/api/cases/${own.id}/documents/${internal.id}`,
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: as('otieno') });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('audits staff opening a case, not the client opening their own', async () => {
    const before = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'case.viewed'));
    await getCase(own.id, 'otieno');
    await getCase(own.id, 'admin');
    const after = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'case.viewed'));
    // Rows come in no particular order: compare sets, not positions.
    const added = after.filter((row) => !before.some((old) => old.id === row.id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ actorId: admin.id, targetUserId: otieno.id });
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

describe('documents', () => {
  const upload = (
    caseId: string,
    file: ReturnType<typeof multipartFile>,
    who: string,
    query = '',
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${caseId}/documents${query}`,
      headers: { ...as(who), ...file.headers },
      payload: file.payload,
    });

  it('stores an upload under its id with its SHA-256 and type read from the bytes, and downloads it safely', async () => {
    const row = await seedCase(ctx, otieno.id);
    const response = await upload(
      row.id,
      multipartFile('Hati ya Kiapo – Otieno.pdf', PDF_BYTES, 'text/plain'),
      'admin',
      '?visibleToClient=true',
    );
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json().document;
    expect(document).toMatchObject({
      name: 'Hati ya Kiapo – Otieno.pdf',
      type: 'application/pdf',
      size: PDF_BYTES.length,
      sha256: createHash('sha256').update(PDF_BYTES).digest('hex'),
      visibleToClient: true,
    });
    expect(storedFiles(ctx)).toContain(document.id);

    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/cases/${row.id}/documents/${document.id}`,
      headers: as('otieno'),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Hati ya Kiapo _ Otieno.pdf"; filename*=UTF-8''Hati%20ya%20Kiapo%20%E2%80%93%20Otieno.pdf`,
    );
    expect(Buffer.compare(download.rawPayload, PDF_BYTES)).toBe(0);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'case.document_downloaded'));
    expect(audits.map((row) => row.actorId)).toContain(otieno.id);
  });

  it('refuses a type it does not accept with 415, leaving no file', async () => {
    const row = await seedCase(ctx, otieno.id);
    const before = storedFiles(ctx);
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      Buffer.alloc(600, 1),
    ]);
    const response = await upload(
      row.id,
      multipartFile('scan.pdf', exe, 'application/pdf'),
      'admin',
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: CASE_MESSAGES.fileTypeNotAllowed,
      code: 'FILE_TYPE_NOT_ALLOWED',
    });
    expect(storedFiles(ctx)).toEqual(before);
  });

  it('refuses a file over MAX_UPLOAD_MB with 413, leaving no file', async () => {
    const row = await seedCase(ctx, otieno.id);
    const before = storedFiles(ctx);
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(1.5 * 1024 * 1024, 0x20)]);
    const response = await upload(
      row.id,
      multipartFile('big.pdf', big, 'application/pdf'),
      'admin',
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: CASE_MESSAGES.fileTooLarge(1),
      code: 'FILE_TOO_LARGE',
    });
    expect(storedFiles(ctx)).toEqual(before);
  });

  it('lets a client upload a scan to their own open case (shared), not to a closed one or another’s', async () => {
    const row = await seedCase(ctx, otieno.id);
    const scan = multipartFile('id-card.png', PNG_BYTES, 'image/png');
    const response = await upload(row.id, scan, 'otieno');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().document).toMatchObject({ type: 'image/png', visibleToClient: true });

    const closed = await seedCase(ctx, otieno.id, { status: 'closed' });
    expect((await upload(closed.id, scan, 'otieno')).statusCode).toBe(409);
    const foreign = await seedCase(ctx, wanjiru.id);
    expect((await upload(foreign.id, scan, 'otieno')).statusCode).toBe(404);
  });

  it('staff delete a document: the file goes, the audit log keeps what it was', async () => {
    const row = await seedCase(ctx, otieno.id);
    const document = await seedDocument(ctx, row.id);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/cases/${row.id}/documents/${document.id}`,
      headers: as('admin'),
    });
    expect(response.statusCode).toBe(200);
    expect(storedFiles(ctx)).not.toContain(document.id);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'case.document_deleted'));
    expect(audit?.details).toMatchObject({ documentId: document.id, sha256: document.sha256 });
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

describe('every change leaves its audit row, with who, which case and from where', () => {
  const fromAddress = '10.13.0.7';
  const call = (method: 'PUT' | 'POST' | 'DELETE', url: string, who: string, extra = {}) =>
    ctx.app.inject({ method, url, headers: as(who), remoteAddress: fromAddress, ...extra });
  const auditOf = async (action: string, caseId: string) =>
    (await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, action))).find(
      (row) => (row.details as { caseId?: string } | null)?.caseId === caseId,
    );

  it('an update, a note, an upload and a deletion', async () => {
    const row = await seedCase(ctx, otieno.id);
    const updated = await call('PUT', `/api/cases/${row.id}`, 'admin', {
      payload: { version: row.version, priority: 'urgent' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const noted = await call('POST', `/api/cases/${row.id}/notes`, 'admin', {
      payload: { content: 'Called the registry.' },
    });
    expect(noted.statusCode, noted.body).toBe(201);
    const file = multipartFile('plan.pdf', PDF_BYTES, 'application/pdf');
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${row.id}/documents`,
      headers: { ...as('admin'), ...file.headers },
      payload: file.payload,
      remoteAddress: fromAddress,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    for (const action of ['case.updated', 'case.note_added', 'case.document_uploaded']) {
      expect(await auditOf(action, row.id), action).toMatchObject({
        actorId: admin.id,
        targetUserId: otieno.id,
        ip: fromAddress,
      });
    }

    const empty = await seedCase(ctx, otieno.id);
    expect((await call('DELETE', `/api/cases/${empty.id}`, 'advocate')).statusCode).toBe(200);
    expect(await auditOf('case.deleted', empty.id)).toMatchObject({
      actorId: advocate.id,
      targetUserId: otieno.id,
      ip: fromAddress,
      details: expect.objectContaining({ caseNumber: empty.caseNumber }),
    });
  });

  it('a case with documents but no notes is not deleted either', async () => {
    const row = await seedCase(ctx, otieno.id);
    await seedDocument(ctx, row.id);
    const response = await call('DELETE', `/api/cases/${row.id}`, 'advocate');
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CASE_NOT_EMPTY');
    expect(await auditOf('case.deleted', row.id)).toBeUndefined();
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
