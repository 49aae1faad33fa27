import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { useTwoInstances } from '../../../test/two-instances';
import { isNotification, listeningPort, openStream } from './notifications-test-kit';

/**
 * Two server processes on one PostgreSQL database: a notification written through app
 * A reaches a stream held by app B, through LISTEN/NOTIFY. It needs the PostgreSQL server, so it
 * runs wherever one is configured (TEST_DATABASE_URL, as CI sets for both API runs, the way
 * startup.test.ts reaches it), on a database of its own that it creates, migrates and drops:
 * embedded PGlite is opened by one process only, so there is no second process to reach there.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('live notifications across two app instances on one database', () => {
  const { apps, contextOf } = useTwoInstances(serverUrl!, 'live');

  /** Returns the case's new version. */
  async function changeStatus(
    app: App,
    token: string,
    caseId: string,
    version: number,
    status = 'in_progress',
  ): Promise<number> {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/cases/${caseId}`,
      headers: bearer(token),
      payload: { version, status },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().case.version as number;
  }

  it('a change made through app A reaches the stream held on app B', async () => {
    const a = contextOf(0);
    const client = await seedUser(a, { role: 'client', email: 'two@instances.test' });
    const advocate = await seedUser(a, { role: 'advocate', email: 'adv@instances.test' });
    const row = await seedCase(a, client.id);

    const portB = await listeningPort(apps[1]!.app);
    const stream = await openStream(portB, await sessionFor(a, client));
    await stream.waitFor((event) => event.event === 'unread-count');

    const token = await sessionFor(a, advocate);
    const version = await changeStatus(apps[0]!.app, token, row.id, row.version);
    const event = await stream.waitFor(isNotification);
    expect(JSON.parse(event.data)).toMatchObject({
      kind: 'case_status_changed',
      actionUrl: `/cases/${row.id}`,
    });

    // Exactly once: a second change, and its count after it. The stream sends in order, so a
    // copy of the first would have come before them.
    await changeStatus(apps[0]!.app, token, row.id, version, 'completed');
    const second = await stream.waitFor(
      (each) => isNotification(each) && Number(each.id) > Number(event.id),
    );
    await stream.waitFor((each) => each.event === 'unread-count' && each.id === second.id);
    expect(stream.events.filter(isNotification).map((each) => each.id)).toEqual([
      event.id,
      second.id,
    ]);
    stream.close();
  });

  it("app B's listening connection lost and regained: what was written meanwhile still arrives", async () => {
    const a = contextOf(0);
    const client = await seedUser(a, { role: 'client', email: 'lost@instances.test' });
    const advocate = await seedUser(a, { role: 'advocate', email: 'lost-adv@instances.test' });
    const row = await seedCase(a, client.id);
    const portB = await listeningPort(apps[1]!.app);
    const stream = await openStream(portB, await sessionFor(a, client));
    await stream.waitFor((event) => event.event === 'unread-count');

    // Every LISTEN connection on this database is cut, as a server restart would.
    const cut = await apps[0]!.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
    );
    // Both apps' listening connections.
    expect((cut as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(2);
    await changeStatus(apps[0]!.app, await sessionFor(a, advocate), row.id, row.version);
    const event = await stream.waitFor(isNotification);
    expect(JSON.parse(event.data)).toMatchObject({ kind: 'case_status_changed' });
    stream.close();
  });

  it('a logout through app A ends the stream its session holds on app B', async () => {
    const a = contextOf(0);
    const client = await seedUser(a, { role: 'client', email: 'logout@instances.test' });
    const token = await sessionFor(a, client);
    const portB = await listeningPort(apps[1]!.app);
    const stream = await openStream(portB, token);
    await stream.waitFor((event) => event.event === 'unread-count');

    const logout = await apps[0]!.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    await stream.ended;
    expect(stream.events.filter(isNotification)).toEqual([]);
  });
});
