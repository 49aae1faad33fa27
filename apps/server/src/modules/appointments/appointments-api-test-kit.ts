import { afterAll, afterEach, beforeAll } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { type UserRow } from '../../db/schema';
import { freshDays, nextOpenWeekday, clearMail } from './appointments-test-kit';

/**
 * What the appointment tests (appointments.*.test.ts) share: one app with two advocates and two
 * clients, signed in, the mail settled and cleared after each test, and a fresh day and number for
 * each test that wants its own.
 */

export let ctx: TestContext;
export let advocate: UserRow;
export let secondAdvocate: UserRow;
export let client: UserRow;
export let otherClient: UserRow;
export const tokens = { advocate: '', client: '', otherClient: '' };
let seq = 0;

export const booking = (overrides: Record<string, unknown> = {}) => ({
  title: 'Land sale agreement',
  type: 'consultation',
  description: 'Review of a sale agreement for a plot in Kitengela.',
  date: nextOpenWeekday(),
  time: '10:00',
  ...overrides,
});
export const visitor = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Achieng',
  lastName: 'Otieno',
  email: 'achieng@visitor.test',
  phone: '0712 345 678',
  consent: true,
  ...overrides,
});

export function post(
  payload: Record<string, unknown>,
  token?: string,
  ip = `10.20.0.${nextSeq() % 250}`,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload,
    remoteAddress: ip,
    headers: token ? bearer(token) : {},
  });
}

/** An open weekday no other test has used: each test gets its own diary. */
export let freshDay = freshDays();
/** A number no other test has used (an address, a case number, a visitor's email). */
export const nextSeq = () => (seq += 1);

/** Builds the app and its people before the file's tests, and closes it after them. */
export function useAppointmentsTestContext() {
  beforeAll(async () => {
    ctx = await createTestContext();
    advocate = await seedUser(ctx, {
      role: 'advocate',
      email: 'wanjiru@appts.test',
      firstName: 'Wanjiru',
      lastName: 'Kamau',
    });
    secondAdvocate = await seedUser(ctx, {
      role: 'advocate',
      email: 'otieno@appts.test',
      firstName: 'Otieno',
      lastName: 'Odhiambo',
    });
    client = await seedUser(ctx, {
      role: 'client',
      email: 'amani@appts.test',
      firstName: 'Amani',
      lastName: 'Mwangi',
    });
    otherClient = await seedUser(ctx, { role: 'client', email: 'other@appts.test' });
    tokens.advocate = await sessionFor(ctx, advocate);
    tokens.client = await sessionFor(ctx, client);
    tokens.otherClient = await sessionFor(ctx, otherClient);
  });
  afterAll(() => ctx.close());
  afterEach(async () => {
    await settleMail(ctx);
    await clearMail(ctx);
  });
  // A file starts both afresh, as with a file of its own: days and addresses as for its first test.
  beforeAll(() => {
    freshDay = freshDays();
    seq = 0;
  });
}
