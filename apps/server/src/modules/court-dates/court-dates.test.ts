import { nairobiDateTime, type CourtDateList } from '@firm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { notifications, type UserRow } from '../../db/schema';
import { sendDueCourtReminders } from './court-date-reminders';

/**
 * Court dates in the diary, the bell and the client's email (ADR 025): only
 * what the caller may see of the cases, another client's never.
 */

let ctx: TestContext;
let advocate: UserRow;
let clerk: UserRow;
let filesAdmin: UserRow;
let wanjiru: UserRow;
let otieno: UserRow;
const tokens = new Map<string, string>();
const as = (user: UserRow) => bearer(tokens.get(user.id)!);

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestContext();
  advocate = await seedUser(ctx, { role: 'advocate', email: 'advocate@court.test' });
  clerk = await seedUser(ctx, {
    role: 'admin',
    email: 'clerk@court.test',
    permissions: { canScheduleAppointments: true, canManageCases: true },
  });
  filesAdmin = await seedUser(ctx, {
    role: 'admin',
    email: 'files@court.test',
    permissions: { canOpenFiles: true },
  });
  wanjiru = await seedUser(ctx, {
    role: 'client',
    email: 'wanjiru@court.test',
    firstName: 'Wanjiru',
  });
  otieno = await seedUser(ctx, { role: 'client', email: 'otieno@court.test', firstName: 'Otieno' });
  for (const user of [advocate, clerk, filesAdmin, wanjiru, otieno]) {
    tokens.set(user.id, await sessionFor(ctx, user));
  }
});

afterAll(async () => {
  await ctx?.close();
});

const list = async (user: UserRow, query = '') => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/court-dates${query}`,
    headers: as(user),
  });
  return response;
};
const caseNumbers = async (user: UserRow, query = '') =>
  ((await list(user, query)).json() as CourtDateList).courtDates.map((entry) => entry.caseNumber);

describe('GET /api/court-dates', () => {
  it('gives staff who open case files every open case, a client only their own', async () => {
    const at = new Date('2031-05-13T07:00:00Z');
    const mine = await seedCase(ctx, wanjiru.id, {
      courtDate: at,
      court: 'Milimani Law Courts',
      assigneeId: advocate.id,
    });
    const theirs = await seedCase(ctx, otieno.id, { courtDate: new Date('2031-05-14T07:00:00Z') });
    const closed = await seedCase(ctx, wanjiru.id, {
      courtDate: new Date('2031-05-13T09:00:00Z'),
      status: 'closed',
    });
    const week = '?from=2031-05-12&to=2031-05-17';

    expect(await caseNumbers(filesAdmin, week)).toEqual([mine.caseNumber, theirs.caseNumber]);
    expect(await caseNumbers(wanjiru, week)).toEqual([mine.caseNumber]);
    expect(await caseNumbers(otieno, week)).toEqual([theirs.caseNumber]);
    expect(await caseNumbers(advocate, `${week}&assigneeId=${advocate.id}`)).toEqual([
      mine.caseNumber,
    ]);
    expect((await caseNumbers(filesAdmin, week)).includes(closed.caseNumber)).toBe(false);

    const [entry] = ((await list(wanjiru, week)).json() as CourtDateList).courtDates;
    expect(entry).toMatchObject({
      caseId: mine.id,
      court: 'Milimani Law Courts',
      date: '2031-05-13',
      time: '10:00',
      clientName: null,
      assigneeName: 'Test advocate',
    });
    const [staffEntry] = (
      (await list(filesAdmin, '?from=2031-05-13&to=2031-05-13')).json() as CourtDateList
    ).courtDates;
    expect(staffEntry!.clientName).toBe('Wanjiru client');
  });

  it('a client asking for another assignee still gets only their own', async () => {
    await seedCase(ctx, otieno.id, {
      courtDate: new Date('2031-06-02T07:00:00Z'),
      assigneeId: advocate.id,
    });
    expect(
      await caseNumbers(wanjiru, `?from=2031-06-01&to=2031-06-03&assigneeId=${advocate.id}`),
    ).toEqual([]);
  });

  it('refuses an admin without canOpenFiles, and bad input with field messages', async () => {
    expect((await list(clerk)).statusCode).toBe(403);
    const bad = await list(filesAdmin, '?from=2031-13-01&assigneeId=nope');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors ?? {})).toEqual(
      expect.arrayContaining(['from', 'assigneeId']),
    );
    const backwards = await list(filesAdmin, '?from=2031-05-10&to=2031-05-01');
    expect(backwards.statusCode).toBe(400);
  });
});

async function bellOf(user: UserRow, kind: 'court_date_set' | 'court_date_reminder') {
  return ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.kind, kind)));
}

describe('setting or moving a court date', () => {
  it('tells the client (bell and email) and the assignee, not whoever set it', async () => {
    const row = await seedCase(ctx, wanjiru.id, { assigneeId: advocate.id });
    const before = {
      client: (await bellOf(wanjiru, 'court_date_set')).length,
      advocate: (await bellOf(advocate, 'court_date_set')).length,
    };
    const mailBefore = ctx.mail.length;
    const set = await ctx.app.inject({
      method: 'PUT',
      url: `/api/cases/${row.id}`,
      headers: as(clerk),
      payload: { version: 1, courtDate: '2031-07-08T06:30:00.000Z', court: 'Kibera Law Courts' },
    });
    expect(set.statusCode).toBe(200);
    await settleMail(ctx);
    const clientBell = await bellOf(wanjiru, 'court_date_set');
    expect(clientBell.length).toBe(before.client + 1);
    expect(clientBell.at(-1)!.title).toBe('Court date set');
    expect(clientBell.at(-1)!.message).toContain('Kibera Law Courts');
    expect((await bellOf(advocate, 'court_date_set')).length).toBe(before.advocate + 1);
    expect((await bellOf(clerk, 'court_date_set')).length).toBe(0);
    const sent = ctx.mail.slice(mailBefore);
    expect(sent.map((message) => message.to)).toEqual(['wanjiru@court.test']);
    expect(String(sent[0]!.subject)).toContain('Court date set');

    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/cases/${row.id}`,
      headers: as(clerk),
      payload: { version: 2, courtDate: '2031-07-09T06:30:00.000Z' },
    });
    expect(moved.statusCode).toBe(200);
    await settleMail(ctx);
    expect((await bellOf(wanjiru, 'court_date_set')).at(-1)!.title).toBe('Court date moved');
    expect(ctx.mail.slice(mailBefore).length).toBe(2);
  });

  it('sends no email to a client who switched it off (the bell still rings)', async () => {
    const client = await seedUser(ctx, { role: 'client', email: 'quiet@court.test' });
    const token = await sessionFor(ctx, client);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/notification-preferences',
      headers: bearer(token),
      payload: { court_date_set: false },
    });
    expect(off.statusCode).toBe(200);
    const row = await seedCase(ctx, client.id);
    const mailBefore = ctx.mail.length;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/cases/${row.id}`,
      headers: as(clerk),
      payload: { version: 1, courtDate: '2031-08-01T06:30:00.000Z' },
    });
    await settleMail(ctx);
    expect((await bellOf(client, 'court_date_set')).length).toBe(1);
    expect(ctx.mail.slice(mailBefore).filter((m) => m.to === 'quiet@court.test')).toEqual([]);
  });
});

describe('the day-before reminder', () => {
  it('is claimed once, whoever runs it, and again once the date moves', async () => {
    const client = await seedUser(ctx, { role: 'client', email: 'reminded@court.test' });
    const now = new Date('2031-09-01T08:00:00Z');
    const row = await seedCase(ctx, client.id, {
      courtDate: new Date(now.getTime() + DAY_MS - 60_000),
      assigneeId: advocate.id,
    });
    const [first, second] = await Promise.all([
      sendDueCourtReminders(ctx.database.db, now),
      sendDueCourtReminders(ctx.database.db, now),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    expect(await sendDueCourtReminders(ctx.database.db, new Date(now.getTime() + 60_000))).toBe(0);
    const bell = await bellOf(client, 'court_date_reminder');
    expect(bell.length).toBe(1);
    expect(bell[0]!.title).toBe('Court date tomorrow');
    expect(bell[0]!.message).toContain(nairobiDateTime(row.courtDate!).time);
    expect((await bellOf(advocate, 'court_date_reminder')).length).toBeGreaterThanOrEqual(1);
    await settleMail(ctx);
    expect(ctx.mail.filter((m) => m.to === 'reminded@court.test').length).toBe(1);

    // Moved a day later: owed a reminder of its own the day before the new date.
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/cases/${row.id}`,
      headers: as(clerk),
      payload: { version: 1, courtDate: new Date(now.getTime() + 2 * DAY_MS).toISOString() },
    });
    expect(moved.statusCode).toBe(200);
    expect(await sendDueCourtReminders(ctx.database.db, now)).toBe(0);
    expect(
      await sendDueCourtReminders(ctx.database.db, new Date(now.getTime() + DAY_MS + 60_000)),
    ).toBe(1);
    expect((await bellOf(client, 'court_date_reminder')).length).toBe(2);
  });

  it('is not sent for a closed case', async () => {
    const client = await seedUser(ctx, { role: 'client', email: 'closed@court.test' });
    const now = new Date('2031-10-01T08:00:00Z');
    await seedCase(ctx, client.id, {
      courtDate: new Date(now.getTime() + DAY_MS / 2),
      status: 'closed',
    });
    expect(await sendDueCourtReminders(ctx.database.db, now)).toBe(0);
  });
});
