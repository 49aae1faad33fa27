import {
  addDays,
  dayOfWeek,
  nairobiInstant,
  nairobiToday,
  type DashboardStats,
} from '@firm/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import { appointments, cases, type UserRow } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * What the dashboard tests (dashboard.*.test.ts) share: one app with seeded people, cases,
 * appointments, messages and enquiries around today in Nairobi, and each tile's list and total.
 */

export let ctx: TestContext;
export const people: Record<string, UserRow> = {};
export const tokens: Record<string, { authorization: string }> = {};
export const today = nairobiToday();
export const weekStart = addDays(today, -((dayOfWeek(today) + 6) % 7));
export const otherDayThisWeek = weekStart === today ? addDays(today, 6) : weekStart;
let seq = 0;

export const at = (date: string, time: string, minutes = 30) => ({
  startsAt: nairobiInstant(date, time),
  endsAt: new Date(nairobiInstant(date, time).getTime() + minutes * 60_000),
  durationMinutes: minutes,
});
export const appointment = (client: UserRow, values: Partial<typeof appointments.$inferInsert>) =>
  ctx.database.db.insert(appointments).values({
    title: `Appointment ${(seq += 1)}`,
    description: 'Seeded for the dashboard test',
    type: 'consultation',
    feeKsh: 0,
    clientId: client.id,
    clientFirstName: client.firstName,
    clientLastName: client.lastName,
    clientEmail: client.email,
    ...at(addDays(today, 30), '10:00'),
    ...values,
  });
export const aCase = (client: UserRow, values: Partial<typeof cases.$inferInsert>) =>
  ctx.database.db.insert(cases).values({
    caseNumber: `MWA/2026/${String((seq += 1)).padStart(4, '0')}`,
    title: `Matter ${seq}`,
    description: 'Seeded for the dashboard test',
    category: 'property',
    priority: 'medium',
    clientId: client.id,
    ...values,
  });

export const stats = async (who: string): Promise<DashboardStats> => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/dashboard/stats',
    headers: tokens[who],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
/** The total of the list a tile links to, as `who` sees it. */
export const listTotal = async (who: string, link: string) => {
  const url = `/api${link}`;
  const response = await ctx.app.inject({ method: 'GET', url, headers: tokens[who] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().total as number;
};

/** Builds the app and seeds it before the file's tests, and closes it after them. */
export function useDashboardTestContext() {
  beforeAll(async () => {
    // Each file numbers its records from the first again, as in a file of its own.
    seq = 0;
    ctx = await createTestContext();
    const seed = async (name: string, options: Parameters<typeof seedUser>[1]) => {
      people[name] = await seedUser(ctx, options);
      tokens[name] = bearer(await sessionFor(ctx, people[name]));
    };
    await seed('advocate', { role: 'advocate', email: 'owner@firm.test', firstName: 'Amina' });
    await seed('pending', {
      role: 'advocate',
      email: 'pending@firm.test',
      verificationStatus: 'pending',
    });
    await seed('admin', {
      role: 'admin',
      email: 'admin@firm.test',
      firstName: 'Brian',
      lastName: 'Kamau',
      permissions: { canOpenFiles: true, canScheduleAppointments: true },
    });
    await seed('adminNone', { role: 'admin', email: 'none@firm.test' });
    await seed('adminSchedule', {
      role: 'admin',
      email: 'schedule@firm.test',
      permissions: { canScheduleAppointments: true },
    });
    await seed('adminFiles', {
      role: 'admin',
      email: 'files@firm.test',
      permissions: { canOpenFiles: true },
    });
    await seed('client', { role: 'client', email: 'wanjiru@client.test', firstName: 'Wanjiru' });
    await seed('other', { role: 'client', email: 'otieno@client.test' });
    // Joined on the last day of the previous month: not a new client this month.
    await seed('former', {
      role: 'client',
      email: 'former@client.test',
      createdAt: nairobiInstant(addDays(`${today.slice(0, 7)}-01`, -1), '23:30'),
    });
    const { advocate, admin, client, other } = people as Record<string, UserRow>;

    await aCase(client!, { status: 'pending', assigneeId: admin!.id });
    await aCase(client!, {
      status: 'in_progress',
      assigneeId: advocate!.id,
      courtDate: nairobiInstant(addDays(today, 3), '09:00'),
      court: 'Milimani Law Courts',
    });
    await aCase(client!, { status: 'closed', assigneeId: admin!.id, closedAt: new Date() });
    await aCase(other!, {
      status: 'in_progress',
      courtDate: nairobiInstant(addDays(today, 20), '09:00'),
    });
    await aCase(other!, { status: 'completed', assigneeId: admin!.id });

    // The client's: one upcoming and owed, one paid, one cancelled (owes nothing).
    await appointment(client!, {
      status: 'scheduled',
      feeKsh: 5000,
      ...at(addDays(today, 8), '10:00'),
    });
    await appointment(client!, {
      status: 'completed',
      feeKsh: 3000,
      paymentStatus: 'paid',
      paymentMethod: 'mpesa',
      paymentReference: 'QWE123',
      paidAt: new Date(),
      ...at(addDays(today, -40), '10:00'),
    });
    await appointment(client!, { status: 'cancelled', feeKsh: 8000, cancelledAt: new Date() });
    // The other client's: today in the advocate's diary, owed; one more this week; a request.
    await appointment(other!, {
      status: 'confirmed',
      feeKsh: 2000,
      advocateId: advocate!.id,
      ...at(today, '23:00'),
    });
    await appointment(other!, {
      status: 'confirmed',
      advocateId: advocate!.id,
      ...at(otherDayThisWeek, '10:00'),
    });
    await appointment(other!, { status: 'scheduled', ...at(addDays(today, 9), '10:00') });
    // Paid before this month began: not among this month's fees paid.
    await appointment(other!, {
      status: 'completed',
      feeKsh: 4000,
      paymentStatus: 'paid',
      paymentMethod: 'cash',
      paidAt: nairobiInstant(addDays(`${today.slice(0, 7)}-01`, -1), '23:30'),
      ...at(addDays(today, -45), '10:00'),
    });
  });
  afterAll(() => ctx.close());
}
