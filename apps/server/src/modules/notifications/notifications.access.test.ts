import { PROFILE_MESSAGES } from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeAccessMatrix,
  expectedStatus,
  standardCallers,
  type Caller,
  type MatrixEndpoint,
} from '../../../test/access-matrix';
import { seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { listeningPort, openStream } from './notifications-test-kit';
import { notify } from './notifications.service';

/**
 * Who may call what: every /api/notifications endpoint and the email preferences, for every kind
 * of caller (test/access-matrix.ts). Anyone signed in reaches their own notifications; the calls
 * on one notification are made on one of the caller's own (another's answers 404: in
 * notifications.reading-and-emails.test.ts).
 */

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A notification of the caller's own (a visitor's request names any id). */
async function ownNotification(ctx: TestContext, caller: Caller): Promise<string> {
  if (!caller.user) return UNKNOWN_ID;
  await ctx.database.db.transaction((tx) =>
    notify(tx, [caller.user!], {
      kind: 'permissions_changed',
      type: 'info',
      title: 'Matrix',
      message: 'A notification for the access matrix.',
      actionUrl: null,
      maySee: () => true,
    }),
  );
  const list = await ctx.app.inject({
    method: 'GET',
    url: '/api/notifications?limit=1',
    headers: { authorization: `Bearer ${caller.token}` },
  });
  return (list.json() as { notifications?: { id: string }[] }).notifications?.[0]?.id ?? UNKNOWN_ID;
}

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET /notifications': {
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/notifications?page=1&limit=5&unread=false' }),
    check: (body) => expect((body as { success: boolean }).success).toBe(true),
  },
  'GET /notifications/unread-count': {
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/notifications/unread-count' }),
    check: (body) => expect(typeof (body as { count: number }).count).toBe('number'),
  },
  'PUT /notifications/:id/read': {
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'PUT',
      url: `/api/notifications/${await ownNotification(ctx, caller)}/read`,
    }),
    check: (body) =>
      expect((body as { notification: { read: boolean } }).notification.read).toBe(true),
  },
  'PUT /notifications/read-all': {
    allowed: 200,
    request: async (ctx, caller) => {
      await ownNotification(ctx, caller);
      return { method: 'PUT', url: '/api/notifications/read-all' };
    },
    check: (body) => expect((body as { unreadCount: number }).unreadCount).toBe(0),
  },
  'DELETE /notifications/:id': {
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'DELETE',
      url: `/api/notifications/${await ownNotification(ctx, caller)}`,
    }),
  },
  'GET /profile/notification-preferences': {
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/profile/notification-preferences' }),
  },
  'PUT /profile/notification-preferences': {
    allowed: 200,
    request: () => ({
      method: 'PUT',
      url: '/api/profile/notification-preferences',
      payload: { case_opened: false },
    }),
    check: (body) =>
      expect((body as { preferences: { case_opened: boolean } }).preferences.case_opened).toBe(
        false,
      ),
  },
  'GET /profile/sms-preferences': {
    action: 'profile:sms',
    allowed: 200,
    deniedMessage: PROFILE_MESSAGES.smsClientsOnly,
    request: () => ({ method: 'GET', url: '/api/profile/sms-preferences' }),
    check: (body) =>
      expect((body as { preferences: Record<string, boolean> }).preferences).toMatchObject({
        appointments: true,
        court_dates: true,
      }),
  },
  'PUT /profile/sms-preferences': {
    action: 'profile:sms',
    allowed: 200,
    deniedMessage: PROFILE_MESSAGES.smsClientsOnly,
    request: () => ({
      method: 'PUT',
      url: '/api/profile/sms-preferences',
      payload: { messages: true },
    }),
    check: (body) =>
      expect((body as { preferences: { messages: boolean } }).preferences.messages).toBe(true),
  },
};

describeAccessMatrix('/api/notifications', ENDPOINTS);

/** The stream never ends, so inject() cannot call it: each caller opens it for real. */
describe('GET /notifications/stream, for every kind of caller', () => {
  let ctx: TestContext;
  let port: number;
  const callers = standardCallers();
  beforeAll(async () => {
    ctx = await createTestContext();
    port = await listeningPort(ctx.app);
    let seq = 0;
    for (const caller of callers) {
      if (!caller.actor) continue;
      caller.user = await seedUser(ctx, {
        role: caller.actor.role,
        email: `stream-${(seq += 1)}@matrix.test`,
        permissions: caller.actor.permissions ?? undefined,
        mustChangePassword: caller.actor.mustChangePassword ?? false,
      });
      caller.token = await sessionFor(ctx, caller.user);
    }
  });
  afterAll(() => ctx.close());

  it.each(callers.map((caller) => [caller.name, caller] as const))('%s', async (_name, caller) => {
    const expected = expectedStatus({ allowed: 200, request: () => ({ url: '/' }) }, caller);
    const stream = await openStream(port, caller.token ?? null);
    expect(stream.status).toBe(expected);
    if (expected === 200) {
      await stream.waitFor((event) => event.event === 'unread-count');
    } else {
      await stream.ended;
      if (expected === 401) expect(stream.headers['content-type']).toMatch(/json/);
    }
    stream.close();
  });
});
