import { nairobiInstant } from '@firm/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedUser } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { appointments, type UserRow } from '../../db/schema';

/**
 * ADR 015: one request gives a month at a glance (closed days, days without a free
 * time for the type, whether booking is open at all), and reveals nothing about who is booked.
 * The clock stands at Tuesday 30 November 2027, 09:00 in Nairobi; the month asked is December.
 */

let ctx: TestContext;
let wanjiru: UserRow;
let otieno: UserRow;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => vi.useRealTimers());

const NOW = new Date('2027-11-30T06:00:00Z');

async function month(query = '') {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/appointments/calendar?month=2027-12${query}`,
  });
  vi.useRealTimers();
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The whole office day (08:00–18:00) in an advocate's diary, as one appointment. */
async function fillDay(advocate: UserRow, date: string, over: Record<string, unknown> = {}) {
  const startsAt = nairobiInstant(date, '08:00');
  seq += 1;
  await ctx.database.db.insert(appointments).values({
    title: 'Private matter of a named client',
    description: 'Notes nobody else may read',
    type: 'consultation',
    status: 'confirmed',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 600 * 60_000),
    durationMinutes: 600,
    feeKsh: 0,
    advocateId: advocate.id,
    clientFirstName: 'Secret',
    clientLastName: 'Person',
    clientEmail: `secret${seq}@month.test`,
    ...over,
  });
}

describe('the booking calendar of a month', () => {
  it('a fresh install (no verified, active advocate): booking is not open', async () => {
    // An advocate still awaiting verification, and a deactivated one, take no bookings.
    await seedUser(ctx, {
      role: 'advocate',
      email: 'pending@month.test',
      verificationStatus: 'pending',
    });
    await seedUser(ctx, { role: 'advocate', email: 'gone@month.test', isActive: false });
    const answer = await month();
    expect(answer.bookingOpen).toBe(false);
    // Every open day is without a free time, and the form says why instead (ADR 015).
    expect(answer.fullDays).toContain('2027-12-07');
  });

  it('marks a fully booked day, a closed day and a holiday; free days are in neither list', async () => {
    wanjiru = await seedUser(ctx, { role: 'advocate', email: 'wanjiru@month.test' });
    otieno = await seedUser(ctx, { role: 'advocate', email: 'otieno@month.test' });
    // Tuesday 7 December: both advocates' days are full.
    await fillDay(wanjiru, '2027-12-07');
    await fillDay(otieno, '2027-12-07');
    // Wednesday 8 December: only Wanjiru's is full, so it still has free times.
    await fillDay(wanjiru, '2027-12-08');
    const answer = await month();
    expect(answer.bookingOpen).toBe(true);
    expect(answer.today).toBe('2027-11-30');
    expect(answer.fullDays).toEqual(['2027-12-07']);
    // A Sunday, and Jamhuri Day's Monday substitute.
    expect(answer.closedDays).toEqual(expect.arrayContaining(['2027-12-05', '2027-12-13']));
    expect(answer.closedDays).not.toContain('2027-12-07');
    expect(answer.fullDays).not.toContain('2027-12-08');
    // As the day's availability says.
    const full = await ctx.app.inject({
      method: 'GET',
      url: '/api/appointments/availability?date=2027-12-07',
    });
    expect(full.json().times).toEqual([]);
  });

  it("for one advocate: the days that advocate's diary is full", async () => {
    const answer = await month(`&advocateId=${wanjiru.id}`);
    expect(answer.fullDays).toEqual(['2027-12-07', '2027-12-08']);
  });

  it('a visitor hold fills a day while it lasts; an expired one does not (ADR 022)', async () => {
    const hold = (minutes: number) => ({
      status: 'scheduled' as const,
      holdExpiresAt: new Date(NOW.getTime() + minutes * 60_000),
    });
    // Thursday 9 December: held by live holds; Friday 10 December: by expired ones.
    await fillDay(wanjiru, '2027-12-09', hold(20));
    await fillDay(otieno, '2027-12-09', hold(20));
    await fillDay(wanjiru, '2027-12-10', hold(-1));
    await fillDay(otieno, '2027-12-10', hold(-1));
    const answer = await month();
    expect(answer.fullDays).toEqual(['2027-12-07', '2027-12-09']);
  });

  it('the type counts: a day with only a 30-minute gap is full for a longer type', async () => {
    // Tuesday 14 December: Wanjiru is away all day; Otieno is free only 16:00–16:30.
    await fillDay(wanjiru, '2027-12-14');
    const startsAt = nairobiInstant('2027-12-14', '08:00');
    await fillDay(otieno, '2027-12-14', {
      endsAt: new Date(startsAt.getTime() + 480 * 60_000),
      durationMinutes: 480,
    });
    await fillDay(otieno, '2027-12-14', {
      startsAt: nairobiInstant('2027-12-14', '16:30'),
      endsAt: nairobiInstant('2027-12-14', '18:00'),
      durationMinutes: 90,
    });
    expect((await month('&type=consultation')).fullDays).not.toContain('2027-12-14');
    expect((await month('&type=follow_up')).fullDays).toContain('2027-12-14');
  });

  it('reveals nothing about who is booked: days only', async () => {
    const response = await month(`&advocateId=${otieno.id}`);
    expect(Object.keys(response).sort()).toEqual([
      'bookingOpen',
      'closedDays',
      'fullDays',
      'month',
      'today',
    ]);
    const text = JSON.stringify(response);
    for (const secret of [wanjiru.id, otieno.id, 'Secret', 'Private matter', '@month.test']) {
      expect(text).not.toContain(secret);
    }
  });

  it('bad input: 400 with field messages', async () => {
    for (const query of ['type=wedding', 'advocateId=nobody', 'excludeId=1']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/appointments/calendar?month=2027-12&${query}`,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
