import type { ConversationCreated, MessageSent } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { useTwoInstances } from '../../../test/two-instances';
import {
  listeningPort,
  openStream,
  type OpenStream,
  type StreamEvent,
} from '../notifications/notifications-test-kit';

/**
 * Two server processes on one PostgreSQL database (ADR 020): a message sent through app
 * A, and the read mark that answers it, reach streams held by app B through LISTEN/NOTIFY, each
 * once. Like notifications.two-instances.test.ts it needs the PostgreSQL server
 * (TEST_DATABASE_URL) and a database of its own, created, migrated and dropped here.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

interface MessageEventData {
  conversationId: string;
  messageId: string | null;
  kind: 'created' | 'withdrawn' | 'read';
}
const dataOf = (event: StreamEvent) => JSON.parse(event.data) as MessageEventData;
const isMessage =
  (conversationId: string, kind: MessageEventData['kind'], messageId?: string | null) =>
  (event: StreamEvent) =>
    event.event === 'message' &&
    dataOf(event).conversationId === conversationId &&
    dataOf(event).kind === kind &&
    (messageId === undefined || dataOf(event).messageId === messageId);

describe.runIf(serverUrl)('live messages across two app instances on one database', () => {
  const { apps, contextOf } = useTwoInstances(serverUrl!, 'msg', { messageNotices: false });

  async function ready(port: number, token: string): Promise<OpenStream> {
    const stream = await openStream(port, token);
    expect(stream.status).toBe(200);
    await stream.waitFor((event) => event.event === 'unread-count');
    return stream;
  }

  it('a message sent through app A and its read mark reach the streams held on app B, once each', async () => {
    const a = contextOf(0);
    const appA = apps[0]!.app;
    const client = await seedUser(a, { role: 'client', email: 'client@msg-instances.test' });
    const advocate = await seedUser(a, { role: 'advocate', email: 'adv@msg-instances.test' });
    const clientToken = await sessionFor(a, client);
    const advocateToken = await sessionFor(a, advocate);
    const portB = await listeningPort(apps[1]!.app);
    const clientStream = await ready(portB, clientToken);
    const advocateStream = await ready(portB, advocateToken);

    const created = await appA.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: bearer(advocateToken),
      payload: { subject: 'Across processes', clientId: client.id, body: 'Hello from A' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { conversation, sent } = created.json<ConversationCreated>();
    await clientStream.waitFor(isMessage(conversation.id, 'created', sent.id));

    // The client reads it through app A: the advocate's stream on B hears the receipt.
    const read = await appA.inject({
      method: 'PUT',
      url: `/api/conversations/${conversation.id}/read`,
      headers: bearer(clientToken),
    });
    expect(read.statusCode, read.body).toBe(200);
    await advocateStream.waitFor(isMessage(conversation.id, 'read', null));

    // A later message as a marker: NOTIFY arrives in commit order, so once it has arrived on
    // both streams, a repeat of the earlier events would have arrived before it.
    const marker = await appA.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages`,
      headers: bearer(advocateToken),
      payload: { body: 'Marker' },
    });
    expect(marker.statusCode, marker.body).toBe(201);
    const markerId = marker.json<MessageSent>().sent.id;
    await clientStream.waitFor(isMessage(conversation.id, 'created', markerId));
    await advocateStream.waitFor(isMessage(conversation.id, 'created', markerId));

    expect(clientStream.events.filter(isMessage(conversation.id, 'created', sent.id))).toHaveLength(
      1,
    );
    expect(advocateStream.events.filter(isMessage(conversation.id, 'read', null))).toHaveLength(1);
    // Ids only on the stream, never the body.
    expect(clientStream.events.some((event) => event.data.includes('Hello from A'))).toBe(false);
    clientStream.close();
    advocateStream.close();
  });
});
