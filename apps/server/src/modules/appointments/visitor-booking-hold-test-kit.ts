import { defaultFirmSettings } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { notifications, type UserRow } from '../../db/schema';
import { freshDays, sentMail } from './appointments-test-kit';

/**
 * What the visitor booking hold tests (visitor-booking-hold.*.test.ts) share: one app with two
 * advocates and a client, signed in, the mail settled and cleared and the clock real after each
 * test, a visitor's booking from an address no other test used, and a fresh day for each test.
 */

export let ctx: TestContext;
export let advocate: UserRow;
export let secondAdvocate: UserRow;
export let client: UserRow;
export let advocateToken = '';
export let clientToken = '';
let seq = 0;
/** A number no other test of the file has used. */
export const nextSeq = () => (seq += 1);

export const TYPED_TITLE = 'BUY CHEAP PILLS at spam.example';
export const TYPED_NOTES = 'Visit http://spam.example/now for a prize';
export const TYPED_NAME = 'Winner Click-here';

/** A visitor's booking, from its own address (the per-address rate limit is not what is tested). */
export function book(overrides: Record<string, unknown> = {}, token?: string) {
  seq += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    remoteAddress: `10.${Math.floor(seq / 250) % 250}.${seq % 250}.7`,
    headers: token ? bearer(token) : {},
    payload: {
      title: TYPED_TITLE,
      description: TYPED_NOTES,
      type: 'consultation',
      time: '10:00',
      ...(token
        ? {}
        : {
            firstName: TYPED_NAME,
            lastName: 'Spam',
            email: `visitor${seq}@hold.test`,
            phone: `0711${String(seq).padStart(6, '0')}`,
            consent: true,
          }),
      ...overrides,
    },
  });
}

export const sent = () => sentMail(ctx);

/** An open weekday no other test here has used: each test gets its own diary. */
export let freshDay = freshDays();

export async function setCeiling(ceiling: number) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/settings/firm',
    headers: bearer(advocateToken),
    payload: { ...defaultFirmSettings('firm@example.test'), visitorBookingsDailyCeiling: ceiling },
  });
  expect(response.statusCode, response.body).toBe(200);
}

export const firmNotices = async () =>
  (
    await ctx.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.kind, 'visitor_booking_received'))
  ).length;

/** Builds the app and its people before the file's tests, and closes it after them. */
export function useVisitorHoldTestContext() {
  beforeAll(async () => {
    ctx = await createTestContext();
    advocate = await seedUser(ctx, { role: 'advocate', email: 'wanjiru@hold.test' });
    secondAdvocate = await seedUser(ctx, { role: 'advocate', email: 'otieno@hold.test' });
    client = await seedUser(ctx, { role: 'client', email: 'amani@hold.test' });
    advocateToken = await sessionFor(ctx, advocate);
    clientToken = await sessionFor(ctx, client);
  });
  afterAll(() => ctx.close());
  afterEach(async () => {
    await settleMail(ctx);
    ctx.mail.length = 0;
    vi.useRealTimers();
  });
  // A file starts both afresh, as with a file of its own: days and addresses as for its first test.
  beforeAll(() => {
    freshDay = freshDays();
    seq = 0;
  });
}
