import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, type UserRow } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { revokeSession } from '../auth/sessions.repository';
import {
  TEST_PASSWORD,
  TEST_SUPER_KEY,
  bearer,
  seedUser,
  sessionFor,
  signIn,
} from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import {
  isNotification,
  listeningPort,
  openStream,
  type OpenStream,
} from './notifications-test-kit';

/**
 * ADR 017: every way a session ends closes the streams it holds, at once, on both
 * databases. The heartbeat (which also checks the session) is an hour here, so only the
 * `session.revoked` announcement can end a stream within a test's time.
 */
let ctx: TestContext;
let port: number;
let advocate: UserRow;
let advocateToken: string;
let people = 0;

beforeAll(async () => {
  ctx = await createTestContext(
    { ADVOCATE_SUPER_KEY: TEST_SUPER_KEY },
    { notifications: { heartbeatMs: 60 * 60 * 1000 } },
  );
  port = await listeningPort(ctx.app);
  advocate = await seedUser(ctx, { role: 'advocate', email: 'advocate@revoke.test' });
  advocateToken = await sessionFor(ctx, advocate);
});
afterAll(() => ctx.close());

async function newClient(): Promise<UserRow> {
  people += 1;
  return seedUser(ctx, { role: 'client', email: `client${people}@revoke.test` });
}

/** A stream that has opened (its first unread count arrived). */
async function streamOf(token: string): Promise<OpenStream> {
  const stream = await openStream(port, token);
  expect(stream.status).toBe(200);
  await stream.waitFor((event) => event.event === 'unread-count');
  return stream;
}

async function sessionIdOf(token: string): Promise<string> {
  const [row] = await ctx.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row!.id;
}

/** A new notification for `client`: the advocate moves a case of theirs along. */
async function notifyClient(client: UserRow): Promise<void> {
  const row = await seedCase(ctx, client.id);
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/cases/${row.id}`,
    headers: bearer(advocateToken),
    payload: { version: row.version, status: 'in_progress' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * The revoked stream has ended; a notification written after it reaches a stream still open for
 * the same person (when there is one) and never the ended one.
 */
async function expectEnded(
  revoked: OpenStream,
  client: UserRow | null,
  kept?: OpenStream,
): Promise<void> {
  await revoked.ended;
  const heard = revoked.events.length;
  if (client && kept) {
    await notifyClient(client);
    await kept.waitFor(isNotification);
  }
  expect(revoked.events.length).toBe(heard);
  expect(revoked.events.filter(isNotification)).toEqual([]);
}

const post = (url: string, token: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

describe('a session that ends closes its notification stream at once', () => {
  it('logout', async () => {
    const client = await newClient();
    const token = await sessionFor(ctx, client);
    const other = await sessionFor(ctx, client);
    const stream = await streamOf(token);
    const kept = await streamOf(other);
    expect((await post('/api/auth/logout', token)).statusCode).toBe(200);
    await expectEnded(stream, client, kept);
    kept.close();
  });

  it('signing out one device from Profile', async () => {
    const client = await newClient();
    const here = await sessionFor(ctx, client);
    const device = await sessionFor(ctx, client);
    const hereStream = await streamOf(here);
    const deviceStream = await streamOf(device);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/profile/sessions/${await sessionIdOf(device)}`,
      headers: bearer(here),
    });
    expect(response.statusCode, response.body).toBe(200);
    await expectEnded(deviceStream, client, hereStream);
    hereStream.close();
  });

  it('signing out all other devices from Profile', async () => {
    const client = await newClient();
    const here = await sessionFor(ctx, client);
    const hereStream = await streamOf(here);
    const others = [await streamOf(await sessionFor(ctx, client))];
    others.push(await streamOf(await sessionFor(ctx, client)));
    expect((await post('/api/profile/sessions/sign-out-others', here)).statusCode).toBe(200);
    for (const stream of others) await expectEnded(stream, client, hereStream);
    hereStream.close();
  });

  it("changing one's password ends the other sessions' streams, not this one's", async () => {
    const client = await newClient();
    const here = await signIn(ctx, client.email);
    const hereStream = await streamOf(here);
    const elsewhere = await streamOf(await sessionFor(ctx, client));
    const response = await post('/api/auth/change-password', here, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'N3w-Passw0rd-2026',
    });
    expect(response.statusCode, response.body).toBe(200);
    await expectEnded(elsewhere, client, hereStream);
    hereStream.close();
  });

  it('a reset link ends every session', async () => {
    const client = await newClient();
    const stream = await streamOf(await sessionFor(ctx, client));
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: client.email },
    });
    expect(forgot.statusCode).toBe(200);
    await settleMail(ctx);
    const link = /reset-password#token=([A-Za-z0-9_-]+)/.exec(ctx.mail.at(-1)!.text);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: link![1], password: 'N3w-Passw0rd-2026' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectEnded(stream, null);
  });

  it("an advocate's reset of the password", async () => {
    const client = await newClient();
    const stream = await streamOf(await sessionFor(ctx, client));
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user-management/user/${client.id}/reset-password`,
      headers: bearer(advocateToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    await expectEnded(stream, null);
  });

  it('deactivation', async () => {
    const client = await newClient();
    const stream = await streamOf(await sessionFor(ctx, client));
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user-management/user/${client.id}/deactivate`,
      headers: bearer(advocateToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    await expectEnded(stream, null);
  });

  it('deletion', async () => {
    const admin = await seedUser(ctx, { role: 'admin', email: 'admin@revoke.test' });
    const stream = await streamOf(await sessionFor(ctx, admin));
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user-management/user/${admin.id}`,
      headers: bearer(advocateToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    await expectEnded(stream, null);
  });

  it('a revocation rolled back ends nothing', async () => {
    const client = await newClient();
    const token = await sessionFor(ctx, client);
    const stream = await streamOf(token);
    const id = await sessionIdOf(token);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await revokeSession(tx, id);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await notifyClient(client);
    await stream.waitFor(isNotification);
    stream.close();
  });
});
