import {
  MESSAGE_MESSAGES,
  type ConversationCreated,
  type ConversationList,
  type MessagePage,
  type MessageSent,
} from '@firm/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, conversations, messages } from '../../db/schema';
import { seedCase } from '../../../test/cases';
import { seedAttachment, seedConversation } from '../../../test/messages';
import {
  useMessagesTestContext,
  ctx,
  advocate,
  openAdmin,
  plainAdmin,
  wanjiru,
  otieno,
  as,
} from './messages-test-kit';

/**
 * The rules of secure messaging beyond the role table (messages.access.test.ts), ADR 020:
 * conversations, messages and the audit.
 */

useMessagesTestContext();

const start = (who: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/conversations', headers: as(who), payload });
const page = (who: string, id: string, query = '') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/conversations/${id}/messages${query}`,
    headers: as(who),
  });
const send = (who: string, id: string, body: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/conversations/${id}/messages`,
    headers: as(who),
    payload: { body },
  });

describe('conversations', () => {
  it('lets a client start one about their own case, naming its assignee, and trims the body', async () => {
    const own = await seedCase(ctx, wanjiru.id, { assigneeId: advocate.id });
    const response = await start('wanjiru', {
      subject: 'Title deed',
      caseId: own.id,
      body: '  <b>Hello</b> see https://example.test  \n',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<ConversationCreated>();
    expect(created.conversation.caseLabel).toBe(`${own.caseNumber} · ${own.title}`);
    expect(created.conversation.staff.map((s) => s.id)).toEqual([advocate.id]);
    // Plain text, kept as typed (never HTML): the web shows it as text.
    expect(created.sent.body).toBe('<b>Hello</b> see https://example.test');
    expect(created.sent).toMatchObject({ mine: true, fromClient: true, state: 'sent' });
  });

  it('answers an unknown case and another client’s alike (400), never saying which exists', async () => {
    const others = await seedCase(ctx, otieno.id);
    const refusal = {
      message: MESSAGE_MESSAGES.caseNotFound,
      errors: { caseId: MESSAGE_MESSAGES.caseNotFound },
    };
    for (const caseId of [others.id, crypto.randomUUID()]) {
      const byClient = await start('wanjiru', { subject: 'X', caseId, body: 'Hi' });
      expect(byClient.statusCode).toBe(400);
      expect(byClient.json()).toMatchObject(refusal);
      const byStaff = await start('advocate', {
        subject: 'X',
        caseId,
        clientId: wanjiru.id,
        body: 'Hi',
      });
      expect(byStaff.statusCode).toBe(400);
      expect(byStaff.json()).toMatchObject(refusal);
    }
  });

  it('holds the case to the client in the database too', async () => {
    const others = await seedCase(ctx, otieno.id);
    await expect(
      ctx.database.db
        .insert(conversations)
        .values({ clientId: wanjiru.id, caseId: others.id, subject: 'Sneaky' }),
    ).rejects.toThrow();
  });

  it('keeps a conversation as a general one when its (empty) case is deleted', async () => {
    const mistaken = await seedCase(ctx, wanjiru.id);
    const { conversation } = await seedConversation(ctx, wanjiru.id, { caseId: mistaken.id });
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/cases/${mistaken.id}`,
      headers: as('advocate'),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversation.id));
    expect(row).toMatchObject({ caseId: null, clientId: wanjiru.id });
  });

  it('needs the client when staff start one, and a real client', async () => {
    const missing = await start('advocate', { subject: 'Hello', body: 'Hi' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ clientId: MESSAGE_MESSAGES.clientRequired });
    const notClient = await start('advocate', {
      subject: 'Hello',
      body: 'Hi',
      clientId: plainAdmin.id,
    });
    expect(notClient.statusCode).toBe(400);
    expect(notClient.json().errors).toEqual({ clientId: MESSAGE_MESSAGES.clientNotFound });
  });

  it('refuses blank, over-long and control-character bodies with field messages', async () => {
    for (const body of ['   ', 'x'.repeat(5001), 'bell\u0007']) {
      const response = await start('wanjiru', { subject: 'Hello', body });
      expect(response.statusCode, body.slice(0, 10)).toBe(400);
      expect(response.json().errors.body).toBeTruthy();
    }
  });

  it('shows each caller only what they may reach; another client’s conversation is 404', async () => {
    const { conversation } = await seedConversation(ctx, otieno.id, {
      subject: 'Only for Otieno',
      members: [plainAdmin.id],
    });
    const listFor = async (who: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/conversations?search=Otieno&limit=100',
          headers: as(who),
        })
      ).json<ConversationList>();
    expect((await listFor('wanjiru')).conversations.map((c) => c.id)).not.toContain(
      conversation.id,
    );
    expect((await listFor('advocate')).conversations.map((c) => c.id)).toContain(conversation.id);
    expect((await listFor('plainAdmin')).conversations.map((c) => c.id)).toContain(conversation.id);
    expect((await page('wanjiru', conversation.id)).statusCode).toBe(404);
    expect((await send('wanjiru', conversation.id, 'Hi')).statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/conversations/${conversation.id}/read`,
          headers: as('wanjiru'),
        })
      ).statusCode,
    ).toBe(404);
    expect((await page('plainAdmin', conversation.id)).statusCode).toBe(200);
    expect((await page('openAdmin', conversation.id)).statusCode).toBe(200);

    const unnamed = await seedConversation(ctx, otieno.id);
    expect((await page('plainAdmin', unnamed.conversation.id)).statusCode).toBe(404);
    expect((await page('openAdmin', unnamed.conversation.id)).statusCode).toBe(200);
  });

  it('counts unread messages per reader, lists unread first, and filters by case', async () => {
    const own = await seedCase(ctx, wanjiru.id);
    const old = await seedConversation(ctx, wanjiru.id, {
      caseId: own.id,
      createdAt: new Date(Date.now() - 60_000),
    });
    const fresh = await seedConversation(ctx, wanjiru.id);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/conversations/${fresh.conversation.id}/read`,
      headers: as('advocate'),
    });
    const list = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/conversations?unread=first&limit=100',
        headers: as('advocate'),
      })
    ).json<ConversationList>();
    const ids = list.conversations.map((c) => c.id);
    expect(ids.indexOf(old.conversation.id)).toBeLessThan(ids.indexOf(fresh.conversation.id));
    expect(list.conversations.find((c) => c.id === fresh.conversation.id)?.unreadCount).toBe(0);
    expect(list.conversations.find((c) => c.id === old.conversation.id)?.unreadCount).toBe(1);
    const only = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/conversations?unread=only&limit=100',
        headers: as('advocate'),
      })
    ).json<ConversationList>();
    expect(only.conversations.every((c) => c.unreadCount > 0)).toBe(true);
    const byCase = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/conversations?caseId=${own.id}`,
        headers: as('advocate'),
      })
    ).json<ConversationList>();
    expect(byCase.conversations.map((c) => c.id)).toEqual([old.conversation.id]);
    expect(byCase.conversations[0]!.lastMessage?.preview).toBe(
      'Please find the title deed attached.',
    );
  });
});

describe('messages', () => {
  it('pages a conversation by cursor, oldest first, with no gap or repeat', async () => {
    const { conversation, message } = await seedConversation(ctx, wanjiru.id);
    // 119 more; groups of three share one timestamp, so the id decides their order.
    const base = Date.now() - 1_000_000;
    await ctx.database.db.insert(messages).values(
      Array.from({ length: 119 }, (_, i) => ({
        conversationId: conversation.id,
        senderId: i % 2 ? advocate.id : wanjiru.id,
        fromClient: i % 2 === 0,
        body: `Message ${i}`,
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      })),
    );
    await ctx.database.db
      .update(messages)
      .set({ createdAt: new Date(base + 100_000) })
      .where(eq(messages.id, message.id));
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const response = await page('advocate', conversation.id, before ? `?before=${before}` : '');
      expect(response.statusCode).toBe(200);
      const body = response.json<MessagePage>();
      const times = body.messages.map((m) => m.createdAt);
      expect([...times].sort()).toEqual(times);
      seen.unshift(...body.messages.map((m) => m.id));
      before = body.nextBefore;
      pages += 1;
    } while (before && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen.at(-1)).toBe(message.id);
    const bad = await page('advocate', conversation.id, `?before=${crypto.randomUUID()}`);
    expect(bad.statusCode).toBe(400);
  });

  it('shows sent, then read once the other side has read', async () => {
    const { conversation } = await seedConversation(ctx, wanjiru.id, { senderId: advocate.id });
    const sent = (await send('wanjiru', conversation.id, 'Thank you')).json<MessageSent>();
    expect(sent.sent.state).toBe('sent');
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/conversations/${conversation.id}/read`,
      headers: as('openAdmin'),
    });
    const view = (await page('wanjiru', conversation.id)).json<MessagePage>();
    const mine = view.messages.find((m) => m.id === sent.sent.id)!;
    expect(mine.state).toBe('read');
    // The firm's message: the client has read it by answering (their read mark moved).
    const firms = view.messages.find((m) => !m.fromClient)!;
    expect(firms.state).toBeNull();
    const staffView = (await page('advocate', conversation.id)).json<MessagePage>();
    expect(staffView.messages.find((m) => !m.fromClient)!.state).toBe('read');
  });

  it('lets the sender withdraw within 5 minutes, and only the sender', async () => {
    const { conversation } = await seedConversation(ctx, wanjiru.id);
    const sent = (await send('wanjiru', conversation.id, 'Oops, wrong file')).json<MessageSent>();
    const withdraw = (who: string, id: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/messages/${id}/withdraw`, headers: as(who) });
    expect((await withdraw('advocate', sent.sent.id)).statusCode).toBe(403);
    expect((await withdraw('otieno', sent.sent.id)).statusCode).toBe(404);
    const done = await withdraw('wanjiru', sent.sent.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().withdrawn).toMatchObject({ withdrawn: true, body: null });
    expect((await withdraw('wanjiru', sent.sent.id)).statusCode).toBe(409);
    const view = (await page('advocate', conversation.id)).json<MessagePage>();
    expect(view.messages.find((m) => m.id === sent.sent.id)).toMatchObject({
      withdrawn: true,
      body: null,
    });

    const late = (await send('wanjiru', conversation.id, 'Too late')).json<MessageSent>();
    await ctx.database.db
      .update(messages)
      .set({ createdAt: sql`now() - interval '5 minutes 1 second'` })
      .where(eq(messages.id, late.sent.id));
    const refused = await withdraw('wanjiru', late.sent.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGE_MESSAGES.withdrawTooLate(5));
  });
});

describe('audit', () => {
  it('writes every staff read of a client’s conversation and attachment, not the client’s own', async () => {
    const { conversation, message } = await seedConversation(ctx, otieno.id);
    const attachment = await seedAttachment(ctx, message);
    await page('advocate', conversation.id);
    await page('otieno', conversation.id);
    await ctx.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversation.id}/attachments/${attachment.id}`,
      headers: as('openAdmin'),
    });
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.details} ->> 'conversationId' = ${conversation.id}`);
    expect(rows.map((row) => [row.action, row.actorId, row.targetUserId]).sort()).toEqual(
      [
        ['conversation.viewed', advocate.id, otieno.id],
        ['message.attachment_downloaded', openAdmin.id, otieno.id],
      ].sort(),
    );
  });
});
