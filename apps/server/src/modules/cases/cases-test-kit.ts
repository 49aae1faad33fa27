import { afterAll, beforeAll } from 'vitest';
import { type UserRow } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * What the case tests (cases.*.test.ts) share: one app with an advocate, an admin allowed to open,
 * manage and upload, and two clients, each signed in (`as(name)`).
 */

export let ctx: TestContext;
export let advocate: UserRow;
export let admin: UserRow;
export let wanjiru: UserRow;
export let otieno: UserRow;
export const tokens: Record<string, string> = {};

export const as = (who: string) => bearer(tokens[who]!);

export async function createCase(payload: Record<string, unknown>, who = 'advocate') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/cases',
    headers: as(who),
    payload: {
      title: 'Succession of the late J. Kamau',
      description: 'Letters of administration.',
      category: 'family',
      priority: 'medium',
      clientId: wanjiru.id,
      ...payload,
    },
  });
}

export const getCase = async (id: string, who: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/cases/${id}`, headers: as(who) });

/** Builds the app and its people before the file's tests, and closes it after them. */
export function useCasesTestContext() {
  beforeAll(async () => {
    // A small upload limit, so the 413 test sends 1.5 MB rather than 26.
    ctx = await createTestContext({ MAX_UPLOAD_MB: '1' });
    advocate = await seedUser(ctx, {
      role: 'advocate',
      email: 'advocate@cases.test',
      firstName: 'Achieng',
      lastName: 'Odhiambo',
    });
    admin = await seedUser(ctx, {
      role: 'admin',
      email: 'admin@cases.test',
      firstName: 'Baraka',
      lastName: 'Mwangi',
      permissions: { canOpenFiles: true, canManageCases: true, canUploadFiles: true },
    });
    wanjiru = await seedUser(ctx, {
      role: 'client',
      email: 'wanjiru@cases.test',
      firstName: 'Wanjiru',
      lastName: 'Kamau',
    });
    otieno = await seedUser(ctx, {
      role: 'client',
      email: 'otieno@cases.test',
      firstName: 'Otieno',
      lastName: 'Ochieng',
    });
    for (const [name, user] of Object.entries({ advocate, admin, wanjiru, otieno })) {
      tokens[name] = await sessionFor(ctx, user);
    }
  });
  afterAll(() => ctx.close());
}
