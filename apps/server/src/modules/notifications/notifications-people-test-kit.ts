import { CASE_STATUS_MOVES, type CaseStatus, type NotificationKind } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { notifications, type UserRow } from '../../db/schema';
import { bearer, seedUser, sessionFor, TEST_SUPER_KEY } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * What the notification tests (notifications.*.test.ts) share: one app (a short stream heartbeat)
 * with advocates, admins with each relevant permission and two clients, each signed in (`as(key)`).
 */

export let ctx: TestContext;
export let people: Record<
  | 'assignee'
  | 'otherAdvocate'
  | 'filesAdmin'
  | 'plainAdmin'
  | 'scheduleAdmin'
  | 'admitAdmin'
  | 'client'
  | 'otherClient',
  UserRow
>;
export const tokens: Record<string, string> = {};

export const as = (who: keyof typeof people) => bearer(tokens[who]!);
export const nameOf = new Map<string, string>();

/** Who holds a notification of `kind`, by their key above, sorted. */
export async function notified(kind: NotificationKind): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.kind, kind));
  return rows.map((row) => nameOf.get(row.userId) ?? row.userId).sort();
}

export const clearAll = () => ctx.database.db.delete(notifications);

/** The case's next status move, made by the assignee: one notification for its client. */
export const bump = async (caseId: string) => {
  const row = await ctx.app.inject({
    method: 'GET',
    url: `/api/cases/${caseId}`,
    headers: as('assignee'),
  });
  const current = row.json().case as { version: number; status: CaseStatus };
  const next = CASE_STATUS_MOVES[current.status][0];
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/cases/${caseId}`,
    headers: as('assignee'),
    payload: { version: current.version, status: next },
  });
  // Round and round: pending, in progress, completed, closed, reopened (the assignee is an advocate).
  expect(response.statusCode, response.body).toBe(200);
};

export async function openCase(payload: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/cases',
    headers: as('otherAdvocate'),
    payload: {
      title: 'Succession of the late J. Kamau',
      description: 'Letters of administration.',
      category: 'family',
      priority: 'medium',
      clientId: people.client.id,
      ...payload,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().case as { id: string; version: number; caseNumber: string };
}

/** Builds the app and its people before the file's tests, and closes it after them. */
export function useNotificationsTestContext() {
  beforeAll(async () => {
    // A short heartbeat, so its keep-alive and session check run within the tests.
    ctx = await createTestContext(
      { ADVOCATE_SUPER_KEY: TEST_SUPER_KEY },
      { notifications: { heartbeatMs: 200 } },
    );
    const seed = async (
      key: keyof typeof people,
      role: 'advocate' | 'admin' | 'client',
      permissions = {},
    ) => {
      const user = await seedUser(ctx, {
        role,
        email: `${key.toLowerCase()}@notify.test`,
        firstName: key,
        lastName: 'Test',
        // Signed in before: a never-signed-in client's case email carries an invitation (ADR 024).
        lastLogin: new Date(),
        permissions,
      });
      tokens[key] = await sessionFor(ctx, user);
      return user;
    };
    people = {
      assignee: await seed('assignee', 'advocate'),
      otherAdvocate: await seed('otherAdvocate', 'advocate'),
      filesAdmin: await seed('filesAdmin', 'admin', { canOpenFiles: true, canManageCases: true }),
      plainAdmin: await seed('plainAdmin', 'admin'),
      scheduleAdmin: await seed('scheduleAdmin', 'admin', { canScheduleAppointments: true }),
      admitAdmin: await seed('admitAdmin', 'admin', { canAdmitClients: true }),
      client: await seed('client', 'client'),
      otherClient: await seed('otherClient', 'client'),
    };
  });
  afterAll(() => ctx.close());
  beforeAll(() => {
    for (const [key, user] of Object.entries(people)) nameOf.set(user.id, key);
  });
}
