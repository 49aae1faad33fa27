import { CASE_MESSAGES, type UserList } from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { insertParties } from './cases.repository';
import { auditLog } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers';

/** What cases change in user management: real workload counts, and accounts a case names stay. */

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const advocate = await seedUser(ctx, { role: 'advocate', email: 'adv@accounts.test' });
  token = await sessionFor(ctx, advocate);
});
afterAll(() => ctx.close());

describe('accounts named by a case', () => {
  it('GET users counts the cases assigned to each person and their distinct clients', async () => {
    const admin = await seedUser(ctx, { role: 'admin', email: 'staff@accounts.test' });
    const [a, b] = [
      await seedUser(ctx, { role: 'client', email: 'a@accounts.test' }),
      await seedUser(ctx, { role: 'client', email: 'b@accounts.test' }),
    ];
    await seedCase(ctx, a.id, { assigneeId: admin.id });
    await seedCase(ctx, a.id, { assigneeId: admin.id });
    await seedCase(ctx, b.id, { assigneeId: admin.id });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/user-management/users?role=admin',
      headers: bearer(token),
    });
    const body = response.json() as UserList;
    expect(body.users.find((u) => u.id === admin.id)).toMatchObject({
      casesAssigned: 3,
      clientsManaged: 2,
    });
    expect(body.stats.adminCasesAssigned).toBe(3);
  });

  it('refuses to delete a case’s client or assignee (409, deactivate instead); deactivating works', async () => {
    const client = await seedUser(ctx, { role: 'client', email: 'kept@accounts.test' });
    const assignee = await seedUser(ctx, { role: 'admin', email: 'kept-staff@accounts.test' });
    await seedCase(ctx, client.id, { assigneeId: assignee.id });
    for (const user of [client, assignee]) {
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/user-management/user/${user.id}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: CASE_MESSAGES.userHasCases,
        code: 'USER_HAS_CASES',
      });
      const deactivate = await ctx.app.inject({
        method: 'PUT',
        url: `/api/user-management/user/${user.id}/deactivate`,
        headers: bearer(token),
      });
      expect(deactivate.statusCode).toBe(200);
    }
  });
});

describe('creating a client runs the conflict-of-interest check', () => {
  const createClient = (payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user-management/create-client',
      headers: bearer(token),
      payload: { firstName: 'Wanjiru', lastName: 'Kamau', ...payload },
    });

  it('names the case where someone like the new client is a party, and needs “Checked: no conflict”', async () => {
    const other = await seedUser(ctx, { role: 'client', email: 'other@accounts.test' });
    const row = await seedCase(ctx, other.id);
    await insertParties(ctx.database.db, row.id, [
      { role: 'opposing_party', name: 'Wanjiru W. Kamau' },
    ]);
    const refused = await createClient({ email: 'wanjiru.k@accounts.test' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CONFLICT_CHECK_REQUIRED');
    expect(refused.json().message).toContain(
      `Wanjiru Kamau resembles Wanjiru W. Kamau: opposing party in ${row.caseNumber}`,
    );
    const created = await createClient({
      email: 'wanjiru.k@accounts.test',
      conflictCheck: { cleared: true, reason: 'Different person: ID numbers differ.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetUserId, created.json().user.id));
    expect(audit?.details).toMatchObject({
      conflictCleared: { reason: 'Different person: ID numbers differ.' },
    });
  });

  it('lets a client who only shares a name with another client through (a duplicate is not a conflict)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-management/create-client',
      headers: bearer(token),
      payload: { firstName: 'Kamande', lastName: 'Njoroge', email: 'kamande1@accounts.test' },
    });
    expect(response.statusCode).toBe(201);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-management/create-client',
      headers: bearer(token),
      payload: { firstName: 'Kamande', lastName: 'Njoroge', email: 'kamande2@accounts.test' },
    });
    expect(again.statusCode).toBe(201);
  });
});
