import { SETUP_ITEMS, type SetupChecklist, type SetupItem } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { users, type UserRow } from '../../db/schema';

/**
 * GET /api/dashboard/setup (ADR 027): an empty firm's checklist, each item ticked by the data it
 * stands for, whoever made it and however, and never by opening a page.
 */
describe('GET /api/dashboard/setup', () => {
  let ctx: TestContext;
  let advocate: UserRow;
  let token = '';

  beforeAll(async () => {
    ctx = await createTestContext();
    advocate = await seedUser(ctx, {
      role: 'advocate',
      email: 'wanjiru.kamau-odhiambo@first-advocate.test',
      firstName: 'Wanjiru',
      lastName: 'Kamau-Odhiambo',
    });
    token = await sessionFor(ctx, advocate);
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  async function checklist(): Promise<Record<SetupItem, boolean> & { complete: boolean }> {
    const response = await call('GET', '/api/dashboard/setup');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<SetupChecklist>();
    expect(body.items.map((item) => item.key)).toEqual([...SETUP_ITEMS]);
    return {
      ...(Object.fromEntries(body.items.map((item) => [item.key, item.done])) as Record<
        SetupItem,
        boolean
      >),
      complete: body.complete,
    };
  }

  it('an empty firm: nothing is done, and reading the settings ticks nothing', async () => {
    expect(await checklist()).toEqual({
      firmDetails: false,
      paymentDetails: false,
      officeHours: false,
      colleagues: false,
      firstClient: false,
      complete: false,
    });
    // Opening the places the items link to is not doing them.
    expect((await call('GET', '/api/settings/firm')).statusCode).toBe(200);
    expect((await call('GET', '/api/user-management/users')).statusCode).toBe(200);
    expect((await checklist()).firmDetails).toBe(false);
  });

  it('each item is ticked by its own settings: saving only the payment details ticks only payment', async () => {
    const { settings } = (await call('GET', '/api/settings/firm')).json();
    // From the checklist's Payment details link: the paybill and nothing else.
    const withPaybill = await call('PUT', '/api/settings/firm', {
      ...settings,
      mpesaKind: 'paybill',
      mpesaNumber: '522533',
      mpesaInstructions: 'Account number: your case number, e.g. MWA-2026-0147',
    });
    expect(withPaybill.statusCode, withPaybill.body).toBe(200);
    expect(await checklist()).toMatchObject({
      firmDetails: false,
      officeHours: false,
      paymentDetails: true,
      complete: false,
    });

    // Taking the number away un-ticks it: the list follows the data.
    expect((await call('PUT', '/api/settings/firm', settings)).statusCode).toBe(200);
    expect((await checklist()).paymentDetails).toBe(false);

    // Office hours: saved as they are from the item's own link (reviewed), or changed.
    const reviewed = await call('PUT', '/api/settings/firm?reviewed=officeHours', settings);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(await checklist()).toMatchObject({ officeHours: true, firmDetails: false });

    // Firm details: the notification address changed ticks it.
    const address = await call('PUT', '/api/settings/firm', {
      ...settings,
      notificationEmail: 'ofisi@mwamba-advocates.co.ke',
    });
    expect(address.statusCode, address.body).toBe(200);
    expect(await checklist()).toMatchObject({ officeHours: true, firmDetails: true });

    const unknown = await call('PUT', '/api/settings/firm?reviewed=everything', settings);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      reviewed: 'Reviewed must be one of: firmDetails, officeHours',
    });
  });

  it('an admin ticks colleagues; a client ticks the first client; all done, complete', async () => {
    const admin = await call('POST', '/api/user-management/create-admin', {
      firstName: 'Njeri',
      lastName: 'Mwangi-Achieng',
      email: 'njeri.mwangi-achieng@first-advocate.test',
      phone: '+254 722 111 222',
      permissions: { canScheduleAppointments: true, canAdmitClients: true },
    });
    expect(admin.statusCode, admin.body).toBe(201);
    expect(await checklist()).toMatchObject({ colleagues: true, firstClient: false });

    const client = await call('POST', '/api/user-management/create-client', {
      firstName: 'Kariuki',
      lastName: 'Njoroge-Wafula',
      email: 'kariuki.njoroge-wafula@first-advocate.test',
      phone: '+254 733 444 555',
    });
    expect(client.statusCode, client.body).toBe(201);
    const { settings } = (await call('GET', '/api/settings/firm')).json();
    await call('PUT', '/api/settings/firm', {
      ...settings,
      mpesaKind: 'till',
      mpesaNumber: '8123456',
    });
    expect(await checklist()).toEqual({
      firmDetails: true,
      paymentDetails: true,
      officeHours: true,
      colleagues: true,
      firstClient: true,
      complete: true,
    });

    // A deactivated client is still the firm's first client: the step was done.
    await ctx.database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.email, 'kariuki.njoroge-wafula@first-advocate.test'));
    expect((await checklist()).firstClient).toBe(true);
  });
});
