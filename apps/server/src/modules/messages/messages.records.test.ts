import {
  MESSAGE_MESSAGES,
  type CaseDetail,
  type ConversationCreated,
  type ConversationList,
  type FiledToCase,
  type MessagePage,
  type MessageSent,
} from '@firm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  caseDocuments,
  caseEvents,
  messages,
  notifications,
  type UserRow,
} from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { seedAttachment, seedConversation } from '../../../test/messages';
import { sendMessageNotices, type MessageNoticeDeps } from './message-notices';

/**
 * What messaging leaves on record and how its lists answer (ADR 020): the audit row of
 * every staff call (action, actor, client, address), search and pages of the list, an attachment
 * filed as internal, and withdrawn messages left out of unread counts and the email.
 */

let ctx: TestContext;
let advocate: UserRow;
let auditor: UserRow;
let wanjiru: UserRow;
let amani: UserRow;
const tokens: Record<string, string> = {};
const as = (who: string) => bearer(tokens[who]!);
const IP = '203.0.113.9';

beforeAll(async () => {
  ctx = await createTestContext();
  advocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'advocate@records.test',
    firstName: 'Achieng',
    lastName: 'Odhiambo',
  });
  // Whose every call is audited below: nobody else acts as them.
  auditor = await seedUser(ctx, {
    role: 'admin',
    email: 'audited@records.test',
    firstName: 'Baraka',
    lastName: 'Mwangi',
    permissions: { canOpenFiles: true, canUploadFiles: true },
  });
  wanjiru = await seedUser(ctx, {
    role: 'client',
    email: 'wanjiru@records.test',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
  });
  amani = await seedUser(ctx, {
    role: 'client',
    email: 'amani@records.test',
    firstName: 'Amani',
    lastName: 'Otieno',
  });
  for (const [name, user] of Object.entries({ advocate, auditor, wanjiru, amani })) {
    tokens[name] = await sessionFor(ctx, user);
  }
});
afterAll(() => ctx.close());

const call = async (
  who: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) => {
  const response = await ctx.app.inject({
    method,
    url,
    headers: as(who),
    remoteAddress: IP,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
};
const list = async (who: string, query: string) =>
  (await call(who, 'GET', `/api/conversations?${query}`)).json<ConversationList>();

describe('the audit log', () => {
  it('records listing, starting, sending, reading, withdrawing and filing: action, actor, client, address', async () => {
    const own = await seedCase(ctx, amani.id);
    const created = (
      await call('auditor', 'POST', '/api/conversations', {
        subject: 'Lease',
        body: 'Hello Amani',
        clientId: amani.id,
        caseId: own.id,
      })
    ).json<ConversationCreated>();
    const id = created.conversation.id;
    await call('auditor', 'GET', `/api/conversations?clientId=${amani.id}`);
    const sent = (
      await call('auditor', 'POST', `/api/conversations/${id}/messages`, { body: 'Oops' })
    ).json<MessageSent>().sent;
    await call('auditor', 'PUT', `/api/conversations/${id}/read`);
    await call('auditor', 'POST', `/api/messages/${sent.id}/withdraw`);
    const clientMessage = (
      await call('amani', 'POST', `/api/conversations/${id}/messages`, { body: 'The lease' })
    ).json<MessageSent>().sent;
    const [row] = await ctx.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, clientMessage.id));
    const attachment = await seedAttachment(ctx, row!);
    await call(
      'auditor',
      'POST',
      `/api/conversations/${id}/attachments/${attachment.id}/file-to-case`,
    );

    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, auditor.id));
    const seen = rows.map((each) => [each.action, each.targetUserId, each.ip]);
    for (const action of [
      'conversation.created',
      'conversation.listed',
      'message.sent',
      'conversation.read',
      'message.withdrawn',
      'message.attachment_filed',
      'case.document_uploaded',
    ]) {
      expect(seen, action).toContainEqual([action, amani.id, IP]);
    }
    const byAction = (action: string) => rows.find((each) => each.action === action)!.details;
    expect(byAction('conversation.listed')).toMatchObject({ conversationIds: [id] });
    expect(byAction('message.sent')).toMatchObject({ conversationId: id, messageId: sent.id });
    expect(byAction('message.withdrawn')).toMatchObject({ conversationId: id, messageId: sent.id });
    expect(byAction('message.attachment_filed')).toMatchObject({
      conversationId: id,
      attachmentId: attachment.id,
    });
    // The client's own calls are not audited.
    const clientRows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, amani.id));
    expect(clientRows).toEqual([]);
  });
});

describe('the list', () => {
  it('leaves out conversations that do not match the search', async () => {
    const own = await seedCase(ctx, wanjiru.id, { caseNumber: 'MWA/2026/9911' });
    const bySubject = await seedConversation(ctx, wanjiru.id, { subject: 'Boundary beacons' });
    const byCase = await seedConversation(ctx, wanjiru.id, { subject: 'Hearing', caseId: own.id });
    const other = await seedConversation(ctx, wanjiru.id, { subject: 'Invoice for October' });

    const beacons = await list('advocate', 'search=beacons&limit=100');
    expect(beacons.conversations.map((c) => c.id)).toEqual([bySubject.conversation.id]);
    expect(beacons.total).toBe(1);
    const number = await list('advocate', 'search=9911&limit=100');
    expect(number.conversations.map((c) => c.id)).toEqual([byCase.conversation.id]);
    const ids = (await list('advocate', 'search=Wanjiru&limit=100')).conversations.map((c) => c.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        bySubject.conversation.id,
        byCase.conversation.id,
        other.conversation.id,
      ]),
    );
  });

  it('pages with page=: the second page holds the rest, none repeated', async () => {
    const client = await seedUser(ctx, { role: 'client', email: 'paged@records.test' });
    const seeded = [];
    for (let i = 0; i < 3; i += 1) {
      seeded.push(
        await seedConversation(ctx, client.id, {
          subject: `Paged ${i}`,
          createdAt: new Date(Date.now() - (3 - i) * 60_000),
        }),
      );
    }
    const first = await list('advocate', `clientId=${client.id}&limit=2&page=1`);
    const second = await list('advocate', `clientId=${client.id}&limit=2&page=2`);
    expect(first.pagination).toEqual({ page: 1, limit: 2, pages: 2 });
    expect(second.pagination).toEqual({ page: 2, limit: 2, pages: 2 });
    expect(second.total).toBe(3);
    expect(first.conversations.map((c) => c.subject)).toEqual(['Paged 2', 'Paged 1']);
    expect(second.conversations.map((c) => c.subject)).toEqual(['Paged 0']);
  });
});

describe('filing an attachment as internal', () => {
  it('keeps it from the client: not in their case, not downloadable, not on their timeline', async () => {
    const own = await seedCase(ctx, wanjiru.id);
    const { conversation, message } = await seedConversation(ctx, wanjiru.id, { caseId: own.id });
    const attachment = await seedAttachment(ctx, message, { name: 'counsel-opinion.pdf' });
    const filed = await call(
      'advocate',
      'POST',
      `/api/conversations/${conversation.id}/attachments/${attachment.id}/file-to-case`,
      { visibleToClient: false },
    );
    const document = filed.json().document as { id: string; visibleToClient: boolean };
    expect(document.visibleToClient).toBe(false);

    const staffView = (await call('advocate', 'GET', `/api/cases/${own.id}`)).json<{
      case: CaseDetail;
    }>().case;
    expect(staffView.documents.map((d) => d.id)).toContain(document.id);
    const clientView = (await call('wanjiru', 'GET', `/api/cases/${own.id}`)).json<{
      case: CaseDetail;
    }>().case;
    expect(clientView.documents.map((d) => d.id)).not.toContain(document.id);
    expect(JSON.stringify(clientView.timeline)).not.toContain('counsel-opinion.pdf');
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/cases/${own.id}/documents/${document.id}`,
      headers: as('wanjiru'),
    });
    expect(download.statusCode).toBe(404);
  });
});

describe('filing an attachment to the case', () => {
  const bellsOf = async (caseId: string) =>
    (
      await ctx.database.db
        .select({ userId: notifications.userId, kind: notifications.kind })
        .from(notifications)
        .where(eq(notifications.subjectId, caseId))
    ).filter((row) => row.kind === 'case_document_added');

  it("rings the assignee's bell and, when shared, the client's, as an upload to the case does", async () => {
    const own = await seedCase(ctx, wanjiru.id, { assigneeId: advocate.id });
    const { conversation, message } = await seedConversation(ctx, wanjiru.id, { caseId: own.id });
    const shared = await seedAttachment(ctx, message, {
      name: 'sale-agreement-for-plot-LR-209-1234-signed-by-both-parties.pdf',
    });
    await call(
      'auditor',
      'POST',
      `/api/conversations/${conversation.id}/attachments/${shared.id}/file-to-case`,
      { visibleToClient: true },
    );
    expect((await bellsOf(own.id)).map((row) => row.userId).sort()).toEqual(
      [advocate.id, wanjiru.id].sort(),
    );
  });

  it("rings only the assignee's bell for an internal one", async () => {
    const own = await seedCase(ctx, wanjiru.id, { assigneeId: advocate.id });
    const { conversation, message } = await seedConversation(ctx, wanjiru.id, { caseId: own.id });
    const internal = await seedAttachment(ctx, message, { name: 'counsel-notes.pdf' });
    await call(
      'auditor',
      'POST',
      `/api/conversations/${conversation.id}/attachments/${internal.id}/file-to-case`,
      { visibleToClient: false },
    );
    expect((await bellsOf(own.id)).map((row) => row.userId)).toEqual([advocate.id]);
  });
});

describe('filing the same attachment again (ADR 020: once per attachment)', () => {
  const fileTo = (conversationId: string, attachmentId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/attachments/${attachmentId}/file-to-case`,
      headers: as('advocate'),
    });
  const filedRows = async (caseId: string) => ({
    documents: await ctx.database.db
      .select()
      .from(caseDocuments)
      .where(eq(caseDocuments.caseId, caseId)),
    events: await ctx.database.db
      .select()
      .from(caseEvents)
      .where(and(eq(caseEvents.caseId, caseId), eq(caseEvents.type, 'documents_uploaded'))),
  });

  it('answers a second tap with the document filed the first time, and the message says where', async () => {
    const own = await seedCase(ctx, wanjiru.id, {
      title: 'Wanjiku Muthoni Kamau & 3 Others v. The National Land Commission',
    });
    const { conversation, message } = await seedConversation(ctx, wanjiru.id, { caseId: own.id });
    const attachment = await seedAttachment(ctx, message, { name: 'title-deed-LR-209-1234.pdf' });
    const first = await fileTo(conversation.id, attachment.id);
    expect(first.statusCode, first.body).toBe(201);
    const second = await fileTo(conversation.id, attachment.id);
    expect(second.statusCode, second.body).toBe(200);
    const [one, two] = [first.json<FiledToCase>(), second.json<FiledToCase>()];
    expect(two.message).toBe(MESSAGE_MESSAGES.alreadyFiledToCase);
    expect(two.document.id).toBe(one.document.id);
    const filedTo = { caseId: own.id, caseNumber: own.caseNumber, caseTitle: own.title };
    expect(two.filedTo).toEqual(filedTo);
    const rows = await filedRows(own.id);
    expect(rows.documents.map((d) => d.id)).toEqual([one.document.id]);
    expect(rows.events).toHaveLength(1);

    const seen = (who: string) =>
      call(who, 'GET', `/api/conversations/${conversation.id}/messages`).then(
        (response) =>
          response.json<MessagePage>().messages.find((m) => m.id === message.id)!.attachments[0],
      );
    expect((await seen('advocate'))?.filedTo).toEqual(filedTo);
    // Where the firm filed it is the firm's workflow: the client's view carries none.
    expect((await seen('wanjiru'))?.filedTo).toBeNull();
  });

  it('files once under two requests at the same time', async () => {
    const own = await seedCase(ctx, wanjiru.id);
    const { conversation, message } = await seedConversation(ctx, wanjiru.id, { caseId: own.id });
    const attachment = await seedAttachment(ctx, message, { name: 'payslips-2026.pdf' });
    const answers = await Promise.all([
      fileTo(conversation.id, attachment.id),
      fileTo(conversation.id, attachment.id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const ids = new Set(answers.map((a) => a.json<FiledToCase>().document.id));
    expect(ids.size).toBe(1);
    const rows = await filedRows(own.id);
    expect(rows.documents).toHaveLength(1);
    expect(rows.events).toHaveLength(1);
  });
});

describe('withdrawn messages', () => {
  const deps = (): MessageNoticeDeps => ({
    db: ctx.database.db,
    outbox: ctx.app.outbox,
    firmNotifyEmail: ctx.config.firmNotifyEmail,
    logger: ctx.app.log,
  });

  it('count as unread for nobody and bring no email', async () => {
    const withdrawn = await seedConversation(ctx, amani.id, {
      members: [advocate.id],
      subject: 'Sent by mistake',
    });
    const kept = await seedConversation(ctx, amani.id, {
      members: [advocate.id],
      subject: 'Still there',
    });
    await call('amani', 'POST', `/api/messages/${withdrawn.message.id}/withdraw`);

    const listed = await list('advocate', `clientId=${amani.id}&limit=100`);
    const unread = (id: string) => listed.conversations.find((c) => c.id === id)?.unreadCount;
    expect(unread(withdrawn.conversation.id)).toBe(0);
    expect(unread(kept.conversation.id)).toBe(1);

    ctx.mail.length = 0;
    await sendMessageNotices(deps(), new Date(Date.now() + 11 * 60_000));
    await settleMail(ctx);
    const links = ctx.mail.filter((mail) => mail.to === 'advocate@records.test').map((m) => m.text);
    expect(links.some((text) => text.includes(`/messages?c=${kept.conversation.id}`))).toBe(true);
    expect(links.some((text) => text.includes(`/messages?c=${withdrawn.conversation.id}`))).toBe(
      false,
    );
  });
});
