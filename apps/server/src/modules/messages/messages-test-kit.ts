import { afterAll, beforeAll } from 'vitest';
import { type UserRow } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * What the secure messaging tests (messages.conversations and messages.attachments) share: one
 * app with an advocate, two admins and two clients, each signed in (`as(name)`), and the calls.
 */

export let ctx: TestContext;
export let advocate: UserRow;
export let openAdmin: UserRow;
export let plainAdmin: UserRow;
export let wanjiru: UserRow;
export let otieno: UserRow;
export const tokens: Record<string, string> = {};
export const as = (who: string) => bearer(tokens[who]!);

/** Builds the app and its people before the file's tests, and closes it after them. */
export function useMessagesTestContext() {
  beforeAll(async () => {
    // A small upload limit, so the 413 test sends 1.5 MB rather than 26.
    ctx = await createTestContext({ MAX_UPLOAD_MB: '1' });
    advocate = await seedUser(ctx, {
      role: 'advocate',
      email: 'advocate@messages.test',
      firstName: 'Achieng',
      lastName: 'Odhiambo',
    });
    openAdmin = await seedUser(ctx, {
      role: 'admin',
      email: 'open-admin@messages.test',
      firstName: 'Baraka',
      lastName: 'Mwangi',
      permissions: { canOpenFiles: true, canUploadFiles: true },
    });
    plainAdmin = await seedUser(ctx, {
      role: 'admin',
      email: 'plain-admin@messages.test',
      firstName: 'Chebet',
      lastName: 'Rono',
    });
    wanjiru = await seedUser(ctx, {
      role: 'client',
      email: 'wanjiru@messages.test',
      firstName: 'Wanjiru',
      lastName: 'Kamau',
    });
    otieno = await seedUser(ctx, {
      role: 'client',
      email: 'otieno@messages.test',
      firstName: 'Otieno',
      lastName: 'Ochieng',
    });
    for (const [name, user] of Object.entries({
      advocate,
      openAdmin,
      plainAdmin,
      wanjiru,
      otieno,
    })) {
      tokens[name] = await sessionFor(ctx, user);
    }
  });
  afterAll(() => ctx.close());
}
