import {
  DENIED_TEXTS,
  MESSAGE_MESSAGES,
  type ConversationCreated,
  type ConversationList,
  type ConversationStaff,
  type MessagePage,
} from '@firm/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { seedCase } from '../../../test/cases';
import { seedConversation } from '../../../test/messages';
import {
  useConversationStartTestContext,
  ctx,
  advocate,
  openAdmin,
  admitAdmin,
  plainAdmin,
  wanjiru,
  otieno,
  as,
  conversationCount,
} from './messages-start-test-kit';

/**
 * Starting a conversation (ADR 020): who may start one and with which case, naming colleagues,
 * changing who it reaches, one client's conversations (`?clientId=`), and a case's new assignee
 * joining its conversations.
 */

useConversationStartTestContext();

const start = (who: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/conversations', headers: as(who), payload });
const list = async (who: string, query: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/conversations?${query}`,
    headers: as(who),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConversationList>();
};

describe('who may start a conversation', () => {
  it('refuses staff who may not see clients, creating nothing', async () => {
    const before = await conversationCount();
    const response = await start('plainAdmin', {
      subject: 'Hello',
      body: 'Hi',
      clientId: wanjiru.id,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: DENIED_TEXTS['messages:start'],
      code: 'FORBIDDEN',
    });
    expect(await conversationCount()).toBe(before);
  });

  it('lets an admin who admits clients start a general one, but not about a case they may not open', async () => {
    const own = await seedCase(ctx, wanjiru.id);
    const withCase = await start('admitAdmin', {
      subject: 'Your file',
      body: 'Hello',
      clientId: wanjiru.id,
      caseId: own.id,
    });
    // The same answer as an unknown case: nothing about the case (its number, its title) shows.
    expect(withCase.statusCode).toBe(400);
    expect(withCase.json()).toMatchObject({
      message: MESSAGE_MESSAGES.caseNotFound,
      errors: { caseId: MESSAGE_MESSAGES.caseNotFound },
    });
    expect(withCase.body).not.toContain(own.caseNumber);
    const general = await start('admitAdmin', {
      subject: 'Your file',
      body: 'Hello',
      clientId: wanjiru.id,
    });
    expect(general.statusCode, general.body).toBe(201);
    expect(general.json<ConversationCreated>().conversation).toMatchObject({
      clientId: wanjiru.id,
      caseId: null,
      caseLabel: null,
    });
  });

  it('keeps a client to themself: their own id as clientId, no staff named, no other client’s case', async () => {
    const others = await seedCase(ctx, otieno.id);
    // A client's clientId is themself, whatever they send.
    const response = await start('wanjiru', {
      subject: 'Hello',
      body: 'Hi',
      clientId: otieno.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ConversationCreated>().conversation.clientId).toBe(wanjiru.id);
    // Nor may they name staff: naming is what lets an admin without canOpenFiles in.
    const naming = await start('wanjiru', {
      subject: 'Hello',
      body: 'Hi',
      staffIds: [plainAdmin.id],
    });
    expect(naming.statusCode).toBe(400);
    expect(naming.json().errors).toEqual({ staffIds: MESSAGE_MESSAGES.staffNotForClients });
    const foreignCase = await start('wanjiru', { subject: 'X', body: 'Hi', caseId: others.id });
    expect(foreignCase.statusCode).toBe(400);
    expect(foreignCase.json().errors).toEqual({ caseId: MESSAGE_MESSAGES.caseNotFound });
  });
});

describe('naming colleagues', () => {
  it('offers staff who may start one the active advocates and admins; not a client or a named-only admin', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/conversations/staff',
      headers: as('admitAdmin'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const names = response.json<ConversationStaff>().staff.map((person) => person.name);
    expect(names).toEqual(
      expect.arrayContaining(['Achieng Odhiambo', 'Baraka Mwangi', 'Chebet Rono']),
    );
    expect(names).not.toContain('Wanjiru Kamau');
    for (const who of ['wanjiru', 'plainAdmin']) {
      const refused = await ctx.app.inject({
        method: 'GET',
        url: '/api/conversations/staff',
        headers: as(who),
      });
      expect(refused.statusCode, who).toBe(403);
    }
  });

  it('names the colleagues chosen, who then reach it; an unknown one answers 400 on staffIds', async () => {
    const named = await start('advocate', {
      subject: 'Fees',
      body: 'Our invoice',
      clientId: otieno.id,
      staffIds: [plainAdmin.id],
    });
    expect(named.statusCode, named.body).toBe(201);
    const { conversation } = named.json<ConversationCreated>();
    expect(conversation.staff.map((person) => person.id).sort()).toEqual(
      [advocate.id, plainAdmin.id].sort(),
    );
    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversation.id}/messages`,
      headers: as('plainAdmin'),
    });
    expect(seen.statusCode).toBe(200);

    const before = await conversationCount();
    const unknown = await start('advocate', {
      subject: 'Fees',
      body: 'Our invoice',
      clientId: otieno.id,
      staffIds: [crypto.randomUUID()],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: MESSAGE_MESSAGES.staffNotFound,
      errors: { staffIds: MESSAGE_MESSAGES.staffNotFound },
    });
    // A client is no colleague.
    const client = await start('advocate', {
      subject: 'Fees',
      body: 'Our invoice',
      clientId: otieno.id,
      staffIds: [wanjiru.id],
    });
    expect(client.statusCode).toBe(400);
    expect(client.json().errors).toEqual({ staffIds: MESSAGE_MESSAGES.staffNotFound });
    expect(await conversationCount()).toBe(before);
  });

  it('names a case’s new assignee on its conversations, leaving the client’s others alone', async () => {
    const own = await seedCase(ctx, wanjiru.id, { assigneeId: advocate.id });
    const about = await seedConversation(ctx, wanjiru.id, {
      caseId: own.id,
      members: [advocate.id],
    });
    const general = await seedConversation(ctx, wanjiru.id);
    const page = (id: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/conversations/${id}/messages`,
        headers: as('plainAdmin'),
      });
    expect((await page(about.conversation.id)).statusCode).toBe(404);

    const reassigned = await ctx.app.inject({
      method: 'PUT',
      url: `/api/cases/${own.id}`,
      headers: as('advocate'),
      payload: { version: own.version, assignedTo: plainAdmin.id },
    });
    expect(reassigned.statusCode, reassigned.body).toBe(200);

    const opened = await page(about.conversation.id);
    expect(opened.statusCode).toBe(200);
    expect(
      opened
        .json<MessagePage>()
        .conversation.staff.map((person) => person.id)
        .sort(),
    ).toEqual([advocate.id, plainAdmin.id].sort());
    expect((await page(general.conversation.id)).statusCode).toBe(404);
  });
});

describe('changing who a conversation reaches (PUT /members)', () => {
  it('names and unnames staff, which opens and closes the conversation to them, audited', async () => {
    const { conversation } = await seedConversation(ctx, otieno.id);
    const members = (who: string, staffIds: string[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/conversations/${conversation.id}/members`,
        headers: as(who),
        payload: { staffIds },
      });
    const page = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/conversations/${conversation.id}/messages`,
        headers: as('plainAdmin'),
      });
    expect((await page()).statusCode).toBe(404);

    const named = await members('openAdmin', [plainAdmin.id]);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().conversation.staff.map((person: { id: string }) => person.id)).toEqual([
      plainAdmin.id,
    ]);
    expect((await page()).statusCode).toBe(200);
    // Named, but not one who reaches every conversation: may not draw others in.
    expect((await members('plainAdmin', [admitAdmin.id])).statusCode).toBe(403);

    const unknown = await members('advocate', [crypto.randomUUID()]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ staffIds: MESSAGE_MESSAGES.staffNotFound });

    expect((await members('advocate', [])).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(404);
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: `/api/conversations/${crypto.randomUUID()}/members`,
      headers: as('advocate'),
      payload: { staffIds: [] },
    });
    expect(missing.statusCode).toBe(404);

    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'conversation.members_changed'))
      .orderBy(auditLog.createdAt);
    expect(
      rows
        .filter((row) => row.details.conversationId === conversation.id)
        .map((row) => [row.actorId, row.targetUserId, row.details.added, row.details.removed]),
    ).toEqual([
      [openAdmin.id, otieno.id, [plainAdmin.id], []],
      [advocate.id, otieno.id, [], [plainAdmin.id]],
    ]);
  });
});

describe('one client’s conversations (?clientId=)', () => {
  it('lists only that client’s, within what the caller reaches; a client naming another sees none', async () => {
    const a = await seedConversation(ctx, wanjiru.id, { subject: 'For the client page' });
    const b = await seedConversation(ctx, wanjiru.id, { members: [plainAdmin.id] });
    const other = await seedConversation(ctx, otieno.id);

    const byAdvocate = await list('advocate', `clientId=${wanjiru.id}&limit=100`);
    const ids = byAdvocate.conversations.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([a.conversation.id, b.conversation.id]));
    expect(ids).not.toContain(other.conversation.id);
    expect(byAdvocate.conversations.every((c) => c.clientId === wanjiru.id)).toBe(true);

    // Only those of hers they are named on (another test here named them on one more).
    const byNamed = await list('plainAdmin', `clientId=${wanjiru.id}&limit=100`);
    const namedIds = byNamed.conversations.map((c) => c.id);
    expect(namedIds).toContain(b.conversation.id);
    expect(namedIds).not.toContain(a.conversation.id);
    expect(byNamed.conversations.every((c) => c.clientId === wanjiru.id)).toBe(true);

    const byOtherClient = await list('otieno', `clientId=${wanjiru.id}`);
    expect(byOtherClient).toMatchObject({ total: 0, conversations: [] });
    const ownAsClient = await list('wanjiru', `clientId=${wanjiru.id}&limit=100`);
    expect(ownAsClient.conversations.map((c) => c.id)).toContain(a.conversation.id);

    const invalid = await ctx.app.inject({
      method: 'GET',
      url: '/api/conversations?clientId=nope',
      headers: as('advocate'),
    });
    expect(invalid.statusCode).toBe(400);
  });
});
