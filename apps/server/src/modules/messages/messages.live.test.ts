import type { ConversationCreated, MessageSent } from '@firm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, type UserRow } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { createTestContext, type TestContext } from '../../../test/helpers';
import {
  listeningPort,
  openStream,
  type OpenStream,
  type StreamEvent,
} from '../notifications/notifications-test-kit';

/**
 * Live messaging (ADR 020): new messages, withdrawals and read marks reach the streams of those
 * who reach the conversation, and nobody else's; a new message rings the bell of those it is for.
 */

let ctx: TestContext;
let port: number;
let advocate: UserRow;
let plainAdmin: UserRow;
let wanjiru: UserRow;
let otieno: UserRow;
const tokens: Record<string, string> = {};
const as = (who: string) => bearer(tokens[who]!);

beforeAll(async () => {
  ctx = await createTestContext();
  advocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'advocate@live-messages.test',
    firstName: 'Achieng',
    lastName: 'Odhiambo',
  });
  plainAdmin = await seedUser(ctx, {
    role: 'admin',
    email: 'plain-admin@live-messages.test',
    firstName: 'Chebet',
    lastName: 'Rono',
  });
  wanjiru = await seedUser(ctx, {
    role: 'client',
    email: 'wanjiru@live-messages.test',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
  });
  otieno = await seedUser(ctx, {
    role: 'client',
    email: 'otieno@live-messages.test',
    firstName: 'Otieno',
    lastName: 'Ochieng',
  });
  for (const [name, user] of Object.entries({ advocate, plainAdmin, wanjiru, otieno })) {
    tokens[name] = await sessionFor(ctx, user);
  }
  port = await listeningPort(ctx.app);
});
afterAll(() => ctx.close());

interface MessageEventData {
  conversationId: string;
  messageId: string | null;
  kind: 'created' | 'withdrawn' | 'read';
}
const dataOf = (event: StreamEvent) => JSON.parse(event.data) as MessageEventData;
const messageEvent =
  (conversationId: string, kind: MessageEventData['kind'], messageId?: string) =>
  (event: StreamEvent) =>
    event.event === 'message' &&
    dataOf(event).conversationId === conversationId &&
    dataOf(event).kind === kind &&
    (messageId === undefined || dataOf(event).messageId === messageId);

async function ready(who: string): Promise<OpenStream> {
  const stream = await openStream(port, tokens[who]!);
  expect(stream.status).toBe(200);
  await stream.waitFor((event) => event.event === 'unread-count');
  return stream;
}

describe('live messages on the notifications stream', () => {
  it('tells the other party of a new message, a read mark and a withdrawal, and rings their bell', async () => {
    const own = await seedCase(ctx, wanjiru.id, { assigneeId: advocate.id });
    const advocateStream = await ready('advocate');
    const clientStream = await ready('wanjiru');

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: as('wanjiru'),
      payload: { subject: 'Title deed', caseId: own.id, body: 'Hello' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { conversation, sent } = created.json<ConversationCreated>();
    const heard = await advocateStream.waitFor(messageEvent(conversation.id, 'created', sent.id));
    // Ids only: the body never travels on the stream.
    expect(dataOf(heard)).toEqual({
      conversationId: conversation.id,
      messageId: sent.id,
      kind: 'created',
    });
    expect(heard.data).not.toContain('Hello');

    // The assignee (named) is told in the bell, with a link the manifest knows.
    const [bell] = await ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, advocate.id), eq(notifications.kind, 'message_received')),
      );
    expect(bell).toMatchObject({
      title: 'New message',
      message: 'You have a new message from Wanjiru Kamau.',
      actionUrl: `/messages?c=${conversation.id}`,
    });

    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages`,
      headers: as('advocate'),
      payload: { body: 'Received, thank you' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const reply = answer.json<MessageSent>().sent;
    await clientStream.waitFor(messageEvent(conversation.id, 'created', reply.id));

    const read = await ctx.app.inject({
      method: 'PUT',
      url: `/api/conversations/${conversation.id}/read`,
      headers: as('wanjiru'),
    });
    expect(read.statusCode, read.body).toBe(200);
    await advocateStream.waitFor(messageEvent(conversation.id, 'read'));

    const withdrawn = await ctx.app.inject({
      method: 'POST',
      url: `/api/messages/${reply.id}/withdraw`,
      headers: as('advocate'),
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await clientStream.waitFor(messageEvent(conversation.id, 'withdrawn', reply.id));

    const [clientBell] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, wanjiru.id), eq(notifications.kind, 'message_received')));
    expect(clientBell?.message).toBe(
      'You have a new message from Achieng Odhiambo (Mwamba & Associates Advocates).',
    );
    advocateStream.close();
    clientStream.close();
  });

  it('never tells another client or an admin who is not named and may not open files', async () => {
    const adminStream = await ready('plainAdmin');
    const otherClientStream = await ready('otieno');

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: as('wanjiru'),
      payload: { subject: 'Private', body: 'Only for the firm' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const secret = created.json<ConversationCreated>().conversation.id;

    // Afterwards, a conversation each of them does reach: NOTIFY arrives in commit order, so
    // when theirs has arrived, any event of Wanjiru's would have arrived before it.
    const theirs = await ctx.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: as('advocate'),
      payload: { subject: 'Fees', clientId: otieno.id, staffIds: [plainAdmin.id], body: 'Hi' },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const visible = theirs.json<ConversationCreated>().conversation.id;
    await adminStream.waitFor(messageEvent(visible, 'created'));
    await otherClientStream.waitFor(messageEvent(visible, 'created'));

    for (const stream of [adminStream, otherClientStream]) {
      expect(
        stream.events.filter(
          (event) => event.event === 'message' && dataOf(event).conversationId === secret,
        ),
      ).toEqual([]);
      stream.close();
    }
    // Nor their bell.
    const rows = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'message_received'));
    expect(
      rows.filter((row) => row.actionUrl === `/messages?c=${secret}`).map((r) => r.userId),
    ).toEqual([advocate.id]);
  });
});
