import { createHash } from 'node:crypto';
import { CASE_MESSAGES, type CaseDetail, type CaseList } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import {
  PDF_BYTES,
  PNG_BYTES,
  multipartFile,
  seedCase,
  seedDocument,
  seedNote,
  storedFiles,
} from '../../../test/cases';
import {
  useCasesTestContext,
  ctx,
  advocate,
  admin,
  wanjiru,
  otieno,
  as,
  getCase,
} from './cases-test-kit';

/**
 * The rules of case files beyond who may call (cases.access.test.ts), ADR 014: what a client sees,
 * documents, and each change's audit row.
 */

useCasesTestContext();

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
