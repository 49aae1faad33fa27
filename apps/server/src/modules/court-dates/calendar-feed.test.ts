import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { createTestContext, type TestContext } from '../../../test/helpers';
import type { NewAppointmentRow, UserRow } from '../../db/schema';
import { insertAppointment } from '../appointments/appointments.repository';

/**
 * The private calendar feed (ADR 025): a secret address per person, answering
 * `text/calendar` with only what that person may see; a wrong, replaced or revoked address is 404.
 */

let ctx: TestContext;
let wanjiru: UserRow;
let otieno: UserRow;
let advocate: UserRow;
let clerk: UserRow;
const HOUR_MS = 60 * 60 * 1000;
const soon = (hours: number) =>
  new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + hours * HOUR_MS);

beforeAll(async () => {
  ctx = await createTestContext();
  wanjiru = await seedUser(ctx, { role: 'client', email: 'wanjiru@feed.test' });
  otieno = await seedUser(ctx, { role: 'client', email: 'otieno@feed.test' });
  advocate = await seedUser(ctx, { role: 'advocate', email: 'advocate@feed.test' });
  clerk = await seedUser(ctx, { role: 'admin', email: 'clerk@feed.test' });
});

afterAll(async () => {
  await ctx?.close();
});

const appointment = (overrides: Partial<NewAppointmentRow>): NewAppointmentRow => ({
  title: 'Consultation',
  description: 'About a title deed.',
  type: 'consultation',
  startsAt: soon(48),
  endsAt: new Date(soon(48).getTime() + 30 * 60 * 1000),
  durationMinutes: 30,
  feeKsh: 5000,
  clientFirstName: 'Some',
  clientLastName: 'One',
  clientEmail: 'someone@feed.test',
  ...overrides,
});

async function createFeed(user: UserRow): Promise<{ url: string; path: string }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/profile/calendar-feed',
    headers: bearer(await sessionFor(ctx, user)),
  });
  expect(response.statusCode).toBe(200);
  const { url } = response.json() as { url: string };
  expect(url.startsWith('http://portal.test/api/calendar/')).toBe(true);
  return { url, path: new URL(url).pathname };
}

const fetchFeed = (path: string) => ctx.app.inject({ method: 'GET', url: path });

describe('GET /api/calendar/<token>.ics', () => {
  it("answers the owner's appointments and court dates, and nobody else's", async () => {
    const mine = await seedCase(ctx, wanjiru.id, {
      courtDate: soon(72),
      court: 'Milimani Law Courts',
    });
    const theirs = await seedCase(ctx, otieno.id, { courtDate: soon(96) });
    const closed = await seedCase(ctx, wanjiru.id, { courtDate: soon(120), status: 'closed' });
    const myVisit = await insertAppointment(
      ctx.database.db,
      appointment({ clientId: wanjiru.id, title: 'Title deed review', status: 'confirmed' }),
    );
    const theirVisit = await insertAppointment(
      ctx.database.db,
      appointment({
        clientId: otieno.id,
        title: 'Their consultation',
        startsAt: soon(50),
        endsAt: new Date(soon(50).getTime() + 30 * 60 * 1000),
      }),
    );
    const feed = await createFeed(wanjiru);
    const response = await fetchFeed(feed.path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['cache-control']).toMatch(/private/);
    const body = response.body;
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body).toContain(`UID:court-date-${mine.id}@portal.test`);
    expect(body).toContain(`Court: ${mine.caseNumber} at Milimani Law Courts`);
    expect(body).toContain(`UID:appointment-${myVisit.id}@portal.test`);
    expect(body).not.toContain(theirs.id);
    expect(body).not.toContain(theirs.caseNumber);
    expect(body).not.toContain(closed.id);
    expect(body).not.toContain(theirVisit.id);
    expect(body).not.toContain('Their consultation');
    expect(body).not.toContain('METHOD:');
    // Stable: the same entries the next time the calendar asks.
    expect((await fetchFeed(feed.path)).body.match(/UID:.*/g)).toEqual(body.match(/UID:.*/g));
  });

  it('gives an admin without canOpenFiles no court dates', async () => {
    await seedCase(ctx, wanjiru.id, { courtDate: soon(30), court: 'Kahawa Law Courts' });
    const feed = await createFeed(clerk);
    const body = (await fetchFeed(feed.path)).body;
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body).not.toContain('UID:court-date-');
  });

  it('answers 404 to a wrong, replaced or revoked address', async () => {
    expect(
      (await fetchFeed('/api/calendar/not-a-real-token-at-all-0123456789.ics')).statusCode,
    ).toBe(404);
    expect((await fetchFeed('/api/calendar/short.ics')).statusCode).toBe(404);
    const first = await createFeed(advocate);
    expect((await fetchFeed(first.path)).statusCode).toBe(200);
    expect((await fetchFeed(first.path.replace(/\.ics$/, ''))).statusCode).toBe(404);

    const second = await createFeed(advocate);
    expect(second.path).not.toBe(first.path);
    expect((await fetchFeed(first.path)).statusCode).toBe(404);
    expect((await fetchFeed(second.path)).statusCode).toBe(200);

    const token = await sessionFor(ctx, advocate);
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/calendar-feed',
      headers: bearer(token),
    });
    expect(status.json()).toMatchObject({ active: true });
    expect(JSON.stringify(status.json())).not.toContain(second.path);
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/profile/calendar-feed',
      headers: bearer(token),
    });
    expect(revoked.statusCode).toBe(200);
    const gone = await fetchFeed(second.path);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: 'Calendar feed not found' });
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/calendar-feed',
      headers: bearer(token),
    });
    expect(after.json()).toEqual({ active: false, createdAt: null });
  });

  it('stops answering once its owner is deactivated', async () => {
    const leaver = await seedUser(ctx, { role: 'client', email: 'leaver@feed.test' });
    const feed = await createFeed(leaver);
    expect((await fetchFeed(feed.path)).statusCode).toBe(200);
    await ctx.database.db.execute(`update users set is_active = false where id = '${leaver.id}'`);
    expect((await fetchFeed(feed.path)).statusCode).toBe(404);
  });
});
