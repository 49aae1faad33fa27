import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { conversations, type UserRow } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * What the tests of starting a conversation (messages.start*.test.ts) share: one app with an
 * advocate, admins with and without the permissions, and two clients, each signed in (`as(name)`).
 */

export let ctx: TestContext;
export let advocate: UserRow;
export let openAdmin: UserRow;
export let admitAdmin: UserRow;
export let plainAdmin: UserRow;
export let wanjiru: UserRow;
export let otieno: UserRow;
export const tokens: Record<string, string> = {};
export const as = (who: string) => bearer(tokens[who]!);
export const conversationCount = async () => {
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(conversations);
  return row!.n;
};

/** Builds the app and its people before the file's tests, and closes it after them. */
export function useConversationStartTestContext() {
  beforeAll(async () => {
    // A small upload limit, so the 413 test sends 1.5 MB rather than 26.
    ctx = await createTestContext({ MAX_UPLOAD_MB: '1' });
    advocate = await seedUser(ctx, {
      role: 'advocate',
      email: 'advocate@start.test',
      firstName: 'Achieng',
      lastName: 'Odhiambo',
    });
    openAdmin = await seedUser(ctx, {
      role: 'admin',
      email: 'open-admin@start.test',
      firstName: 'Baraka',
      lastName: 'Mwangi',
      permissions: { canOpenFiles: true },
    });
    admitAdmin = await seedUser(ctx, {
      role: 'admin',
      email: 'admit-admin@start.test',
      firstName: 'Daudi',
      lastName: 'Kiprop',
      permissions: { canAdmitClients: true },
    });
    plainAdmin = await seedUser(ctx, {
      role: 'admin',
      email: 'plain-admin@start.test',
      firstName: 'Chebet',
      lastName: 'Rono',
    });
    wanjiru = await seedUser(ctx, {
      role: 'client',
      email: 'wanjiru@start.test',
      firstName: 'Wanjiru',
      lastName: 'Kamau',
    });
    otieno = await seedUser(ctx, {
      role: 'client',
      email: 'otieno@start.test',
      firstName: 'Otieno',
      lastName: 'Ochieng',
    });
    const people = { advocate, openAdmin, admitAdmin, plainAdmin, wanjiru, otieno };
    for (const [name, user] of Object.entries(people)) tokens[name] = await sessionFor(ctx, user);
  });
  afterAll(() => ctx.close());
}
