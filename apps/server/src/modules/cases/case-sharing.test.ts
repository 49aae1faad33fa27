import { CASE_MESSAGES, NOTIFICATION_TEXTS, type CaseDetail } from '@firm/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  caseNotes,
  notificationEmailPreferences,
  notifications,
  type UserRow,
} from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { PDF_BYTES, multipartFile, seedCase, seedDocument, seedNote } from '../../../test/cases';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * ADR 014: a document's or a note's sharing is no longer fixed at upload. Staff share it
 * with the client after the fact or make it internal again; each change is audited, and the client
 * hears only of what is shared with them. Who may call is in cases.access.test.ts.
 */

let ctx: TestContext;
let advocate: UserRow;
let client: UserRow;
const tokens: Record<string, string> = {};
const as = (who: string) => bearer(tokens[who]!);

beforeAll(async () => {
  ctx = await createTestContext();
  advocate = await seedUser(ctx, { role: 'advocate', email: 'advocate@sharing.test' });
  client = await seedUser(ctx, { role: 'client', email: 'client@sharing.test' });
  tokens.advocate = await sessionFor(ctx, advocate);
  tokens.client = await sessionFor(ctx, client);
});
afterAll(() => ctx.close());

const patch = (url: string, visibleToClient: unknown, who = 'advocate') =>
  ctx.app.inject({ method: 'PATCH', url, headers: as(who), payload: { visibleToClient } });
const download = (caseId: string, docId: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/cases/${caseId}/documents/${docId}`,
    headers: as('client'),
  });
const clientCase = async (caseId: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/cases/${caseId}`, headers: as('client') })
  ).json<{ case: CaseDetail }>().case;
const auditRows = (action: string, id: string, key: 'documentId' | 'noteId') =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    // In the order they were written: PostgreSQL returns rows in no promised order otherwise.
    .orderBy(asc(auditLog.createdAt))
    .then((rows) => rows.filter((row) => (row.details as Record<string, unknown>)[key] === id));
const clientNotifications = (caseId: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, client.id), eq(notifications.subjectId, caseId)));

describe('a document uploaded as internal', () => {
  it('is shared after the fact: the client is told, can download it, and the change is audited', async () => {
    const row = await seedCase(ctx, client.id);
    const document = await seedDocument(ctx, row.id, { visibleToClient: false, name: 'brief.pdf' });
    const url = `/api/cases/${row.id}/documents/${document.id}`;
    expect((await download(row.id, document.id)).statusCode).toBe(404);

    const shared = await patch(url, true);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({
      success: true,
      message: CASE_MESSAGES.documentShared,
      document: { id: document.id, visibleToClient: true },
    });
    const file = await download(row.id, document.id);
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, PDF_BYTES)).toBe(0);
    expect((await clientCase(row.id)).documents.map((d) => d.id)).toEqual([document.id]);

    const [audit] = await auditRows('case.document_visibility_changed', document.id, 'documentId');
    expect(audit).toMatchObject({ actorId: advocate.id, targetUserId: client.id });
    expect(audit!.details).toEqual({
      caseId: row.id,
      caseNumber: row.caseNumber,
      documentId: document.id,
      name: 'brief.pdf',
      visibleToClient: true,
    });
    const bell = await clientNotifications(row.id);
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({
      kind: 'case_document_added',
      title: NOTIFICATION_TEXTS.caseDocumentShared.title,
      message: NOTIFICATION_TEXTS.caseDocumentShared.message(row.caseNumber),
      actionUrl: `/cases/${row.id}`,
      emailPending: true,
    });
  });

  it('made internal again: the client’s download answers 404, it leaves their case, no one is told', async () => {
    const row = await seedCase(ctx, client.id);
    const document = await seedDocument(ctx, row.id, { visibleToClient: true });
    const url = `/api/cases/${row.id}/documents/${document.id}`;
    expect((await download(row.id, document.id)).statusCode).toBe(200);

    const internal = await patch(url, false);
    expect(internal.statusCode, internal.body).toBe(200);
    expect(internal.json().message).toBe(CASE_MESSAGES.documentMadeInternal);
    expect((await download(row.id, document.id)).statusCode).toBe(404);
    expect((await clientCase(row.id)).documents).toEqual([]);
    expect(await clientNotifications(row.id)).toEqual([]);
    const audits = await auditRows('case.document_visibility_changed', document.id, 'documentId');
    expect(audits.map((a) => (a.details as { visibleToClient: boolean }).visibleToClient)).toEqual([
      false,
    ]);
  });

  it('follows the upload’s timeline event, and setting what is already set changes nothing', async () => {
    const row = await seedCase(ctx, client.id);
    const { payload, headers } = multipartFile('memo.pdf', PDF_BYTES, 'application/pdf');
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${row.id}/documents?visibleToClient=false`,
      headers: { ...as('advocate'), ...headers },
      payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const docId = upload.json<{ document: { id: string } }>().document.id;
    const events = async () =>
      (await clientCase(row.id)).timeline.filter((e) => e.event === 'documents_uploaded');
    expect(await events()).toHaveLength(0);
    await patch(`/api/cases/${row.id}/documents/${docId}`, true);
    expect(await events()).toHaveLength(1);
    // Again: already shared, so no second audit row and no second notification.
    expect((await patch(`/api/cases/${row.id}/documents/${docId}`, true)).statusCode).toBe(200);
    expect(await auditRows('case.document_visibility_changed', docId, 'documentId')).toHaveLength(
      1,
    );
    expect(await clientNotifications(row.id)).toHaveLength(1);
  });

  it('sends no email to a client who switched “A document is shared on my case” off (the bell still rings)', async () => {
    const other = await seedUser(ctx, { role: 'client', email: 'quiet@sharing.test' });
    await ctx.database.db
      .insert(notificationEmailPreferences)
      .values({ userId: other.id, kind: 'case_document_added', enabled: false });
    const row = await seedCase(ctx, other.id);
    const document = await seedDocument(ctx, row.id, { visibleToClient: false });
    expect((await patch(`/api/cases/${row.id}/documents/${document.id}`, true)).statusCode).toBe(
      200,
    );
    const bell = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, other.id));
    expect(bell).toHaveLength(1);
    expect(bell[0]!.emailPending).toBe(false);
  });
});

describe('a note', () => {
  it('is shared after the fact and made internal again, audited both ways, the client told once', async () => {
    const row = await seedCase(ctx, client.id);
    const note = await seedNote(ctx, row.id, { visibleToClient: false, content: 'Hearing moved.' });
    const url = `/api/cases/${row.id}/notes/${note.id}`;
    expect((await clientCase(row.id)).notes).toEqual([]);

    const shared = await patch(url, true);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({
      message: CASE_MESSAGES.noteShared,
      note: { id: note.id, visibleToClient: true },
    });
    expect((await clientCase(row.id)).notes.map((n) => n.content)).toEqual(['Hearing moved.']);
    const bell = await clientNotifications(row.id);
    expect(bell.map((n) => [n.kind, n.title])).toEqual([
      ['case_note_added', NOTIFICATION_TEXTS.caseNoteShared.title],
    ]);

    const internal = await patch(url, false);
    expect(internal.json().message).toBe(CASE_MESSAGES.noteMadeInternal);
    expect((await clientCase(row.id)).notes).toEqual([]);
    // Made internal within minutes of sharing: the notification leaves the client's bell too.
    expect(await clientNotifications(row.id)).toEqual([]);
    const audits = await auditRows('case.note_visibility_changed', note.id, 'noteId');
    expect(audits.map((a) => (a.details as { visibleToClient: boolean }).visibleToClient)).toEqual([
      true,
      false,
    ]);
  });
});

describe('a note shared by mistake (ADR 014, "Un-sharing a note")', () => {
  const addNote = (caseId: string, content: string, visibleToClient: boolean) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${caseId}/notes`,
      headers: as('advocate'),
      payload: { content, visibleToClient },
    });
  const clientBell = async () =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: as('client') })
    ).json<{ notifications: { kind: string; actionUrl: string | null }[]; unreadCount: number }>();

  it('is made internal within minutes: the client no longer sees the note or its “New note” notification', async () => {
    const row = await seedCase(ctx, client.id);
    const kept = await addNote(row.id, 'The hearing is on 14 December at Milimani.', true);
    const mistake = await addNote(
      row.id,
      "Internal: the employer's HR manager admitted off the record that the dismissal was planned. Do not disclose yet.",
      true,
    );
    expect(mistake.statusCode, mistake.body).toBe(201);
    const noteId = mistake.json<{ note: { id: string } }>().note.id;
    const before = await clientBell();
    const onCase = (n: { kind: string; actionUrl: string | null }) =>
      n.kind === 'case_note_added' && n.actionUrl === `/cases/${row.id}`;
    expect(before.notifications.filter(onCase)).toHaveLength(2);

    const internal = await patch(`/api/cases/${row.id}/notes/${noteId}`, false);
    expect(internal.statusCode, internal.body).toBe(200);
    expect(internal.json().note).toMatchObject({ visibleToClient: false, sharedAt: null });
    expect((await clientCase(row.id)).notes.map((n) => n.id)).toEqual([
      kept.json<{ note: { id: string } }>().note.id,
    ]);
    expect(
      (await clientCase(row.id)).timeline.filter((e) => e.event === 'note_added'),
    ).toHaveLength(1);
    const after = await clientBell();
    expect(after.notifications.filter(onCase)).toHaveLength(1);
    expect(after.unreadCount).toBe(before.unreadCount - 1);
  });

  it('answers 409 with a clear message once the minutes have passed, and changes nothing', async () => {
    const row = await seedCase(ctx, client.id);
    const note = await seedNote(ctx, row.id, { visibleToClient: true, content: 'Filed today.' });
    await ctx.database.db
      .update(caseNotes)
      .set({ sharedAt: sql`now() - interval '10 minutes 1 second'` })
      .where(eq(caseNotes.id, note.id));
    const late = await patch(`/api/cases/${row.id}/notes/${note.id}`, false);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'NOTE_UNSHARE_WINDOW_PASSED',
      message: CASE_MESSAGES.noteUnshareTooLate(10),
    });
    expect((await clientCase(row.id)).notes.map((n) => n.id)).toEqual([note.id]);
    expect(await auditRows('case.note_visibility_changed', note.id, 'noteId')).toEqual([]);
  });

  it('is refused to the client and to an admin without “manage cases”', async () => {
    const row = await seedCase(ctx, client.id);
    const note = await seedNote(ctx, row.id, { visibleToClient: true });
    const admin = await seedUser(ctx, {
      role: 'admin',
      email: 'reader@sharing.test',
      permissions: { canOpenFiles: true, canUploadFiles: true },
    });
    tokens.reader = await sessionFor(ctx, admin);
    const url = `/api/cases/${row.id}/notes/${note.id}`;
    expect((await patch(url, false, 'client')).statusCode).toBe(403);
    expect((await patch(url, false, 'reader')).statusCode).toBe(403);
    expect((await clientCase(row.id)).notes.map((n) => n.id)).toEqual([note.id]);
  });
});

describe('bad input', () => {
  it('answers 400 with a field message for a missing or non-boolean flag, and 404 for an unknown item', async () => {
    const row = await seedCase(ctx, client.id);
    const document = await seedDocument(ctx, row.id);
    for (const payload of [{}, { visibleToClient: 'yes' }]) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/cases/${row.id}/documents/${document.id}`,
        headers: as('advocate'),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toMatchObject({
        visibleToClient: CASE_MESSAGES.visibilityRequired,
      });
    }
    const badId = await patch(`/api/cases/${row.id}/notes/not-a-uuid`, true);
    expect(badId.statusCode).toBe(400);
    const other = await seedCase(ctx, client.id);
    const wrongCase = await patch(`/api/cases/${other.id}/documents/${document.id}`, true);
    expect(wrongCase.statusCode).toBe(404);
    expect(wrongCase.json().message).toBe(CASE_MESSAGES.documentNotFound);
    const unknownNote = await patch(`/api/cases/${row.id}/notes/${document.id}`, true);
    expect(unknownNote.statusCode).toBe(404);
    expect(unknownNote.json().message).toBe(CASE_MESSAGES.noteNotFound);
  });
});
