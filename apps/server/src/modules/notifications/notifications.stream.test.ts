import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { createTestContext } from '../../../test/helpers';
import { lastSequence } from './notifications.repository';
import {
  countIs,
  isNotification,
  listeningPort,
  openStream,
  type StreamEvent,
} from './notifications-test-kit';
import {
  useNotificationsTestContext,
  ctx,
  people,
  tokens,
  as,
  clearAll,
  bump,
} from './notifications-people-test-kit';

useNotificationsTestContext();

describe('GET /api/notifications/stream', () => {
  let port: number;
  beforeAll(async () => {
    port = await listeningPort(ctx.app);
  });

  it('needs a session: 401 as JSON, never a stream', async () => {
    const stream = await openStream(port, null);
    expect(stream.status).toBe(401);
    expect(stream.headers['content-type']).toMatch(/application\/json/);
    stream.close();
  });

  it('sends each new notification with its sequence as the id, then the unread count', async () => {
    await clearAll();
    const row = await seedCase(ctx, people.client.id);
    const stream = await openStream(port, tokens.client!);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['content-security-policy']).toContain("default-src 'self'");
    const opening = await stream.waitFor((event) => event.event === 'unread-count');
    const unreadBefore = (JSON.parse(opening.data) as { count: number }).count;

    await bump(row.id);
    const event = await stream.waitFor(isNotification);
    const body = JSON.parse(event.data) as { sequence: number; kind: string; actionUrl: string };
    expect(event.id).toBe(String(body.sequence));
    expect(body).toMatchObject({ kind: 'case_status_changed', actionUrl: `/cases/${row.id}` });
    await stream.waitFor(countIs(unreadBefore + 1));

    // Read elsewhere (another tab): the count follows.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/notifications/read-all',
      headers: as('client'),
    });
    await stream.waitFor(countIs(0));
    stream.close();
  });

  it('a reconnect with Last-Event-ID gets what it missed, once, and nothing twice', async () => {
    await clearAll();
    const row = await seedCase(ctx, people.client.id);
    const first = await openStream(port, tokens.client!);
    await first.waitFor((event) => event.event === 'unread-count');
    await bump(row.id);
    const seen = await first.waitFor(isNotification);
    first.close();
    await first.ended;

    // While away: two more.
    await bump(row.id);
    await bump(row.id);

    const second = await openStream(port, tokens.client!, seen.id);
    const all = await ctx.database.db
      .select({ sequence: notifications.sequence })
      .from(notifications)
      .where(eq(notifications.userId, people.client.id));
    const missed = all.map((n) => String(n.sequence)).filter((s) => Number(s) > Number(seen.id));
    expect(missed).toHaveLength(2);
    await second.waitFor((event) => event.event === 'unread-count');
    const received = second.events.filter(isNotification).map((event: StreamEvent) => event.id);
    expect(received).toEqual(missed.sort((a, b) => Number(a) - Number(b)));

    // A new one after the catch-up arrives once.
    await bump(row.id);
    const next = await second.waitFor(
      (event) => isNotification(event) && Number(event.id) > Number(missed.at(-1)),
    );
    const ids = second.events.filter(isNotification).map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.at(-1)).toBe(next.id);
    second.close();
  });

  it('a wake-up heard before the stream knows where to start does not resend the history', async () => {
    await clearAll();
    const row = await seedCase(ctx, people.client.id);
    // History the page has already listed: the stream must not send it again.
    await bump(row.id);
    await bump(row.id);
    const bus = ctx.app.liveEvents;
    const subscribe = bus.subscribe;
    // An event (or a resync) arriving right after the stream subscribes, before it has read the
    // person's current sequence.
    bus.subscribe = (userId, listener) => {
      const unsubscribe = subscribe.call(bus, userId, listener);
      listener({ type: 'notification' });
      return unsubscribe;
    };
    let stream: Awaited<ReturnType<typeof openStream>>;
    try {
      stream = await openStream(port, tokens.client!);
    } finally {
      bus.subscribe = subscribe;
    }
    await stream.waitFor((event) => event.event === 'unread-count');

    await bump(row.id);
    const newest = await lastSequence(ctx.database.db, people.client.id);
    await stream.waitFor((event) => isNotification(event) && event.id === String(newest));
    expect(stream.events.filter(isNotification).map((event) => event.id)).toEqual([String(newest)]);
    stream.close();
  });

  it("ends when the session is revoked, and doesn't hear of other people's notifications", async () => {
    const token = await sessionFor(ctx, people.otherClient);
    const stream = await openStream(port, token);
    await stream.waitFor((event) => event.event === 'unread-count');
    const row = await seedCase(ctx, people.client.id);
    await bump(row.id);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBeLessThan(300);
    await stream.ended;
    expect(stream.events.filter(isNotification)).toEqual([]);
  });
});

describe('server shutdown', () => {
  it('ends open streams so that closing does not wait on them', async () => {
    const own = await createTestContext();
    const user = await seedUser(own, { role: 'client', email: 'shutdown@notify.test' });
    const port = await listeningPort(own.app);
    const stream = await openStream(port, await sessionFor(own, user));
    await stream.waitFor((event) => event.event === 'unread-count');
    expect(own.app.notificationStreams.size).toBe(1);
    await own.close();
    await stream.ended;
    expect(own.app.notificationStreams.size).toBe(0);
  });
});
