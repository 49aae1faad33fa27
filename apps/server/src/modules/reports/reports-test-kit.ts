import { nairobiInstant, type AppointmentType } from '@firm/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  appointments,
  cases,
  enquiryStates,
  messages,
  conversations,
  type UserRow,
} from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedContactMessage, seedVisitorBooking } from '../../../test/enquiries';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { seedConversation } from '../../../test/messages';
import { eq } from 'drizzle-orm';

/**
 * What the report tests (reports.*.test.ts) share: one app with data whose dates sit at
 * Nairobi's midnights, for October 2026 (against September) and for this month, and the total
 * of the list a figure links to, through the list's own endpoint.
 */

export let ctx: TestContext;
/** An advocate: may open every list a figure links to. */
export let headers: { authorization: string };
/** An admin with canAccessReports alone. */
export let reportsOnly: { authorization: string };
export let client: UserRow;
export let other: UserRow;
export let advocate: UserRow;
let seq = 0;
export const OCTOBER = 'from=2026-10-01&to=2026-10-31';

export const aCase = (values: Partial<typeof cases.$inferInsert>) =>
  ctx.database.db.insert(cases).values({
    caseNumber: `MWA/2026/${String((seq += 1)).padStart(4, '0')}`,
    title: `Njoroge v Njoroge: matrimonial property, part ${seq}`,
    description: 'Seeded for the reports test',
    category: 'family',
    priority: 'medium',
    clientId: client.id,
    ...values,
  });
export const appointment = (
  day: string,
  time: string,
  values: Partial<typeof appointments.$inferInsert> & { type?: AppointmentType } = {},
) =>
  ctx.database.db.insert(appointments).values({
    title: `Consultation ${(seq += 1)}`,
    description: 'Seeded for the reports test',
    type: 'consultation',
    feeKsh: 5000,
    clientId: client.id,
    clientFirstName: client.firstName,
    clientLastName: client.lastName,
    clientEmail: client.email,
    advocateId: advocate.id,
    startsAt: nairobiInstant(day, time),
    endsAt: new Date(nairobiInstant(day, time).getTime() + 30 * 60_000),
    durationMinutes: 30,
    // Booked a week before the meeting: the Money report bills a fee on its booking day.
    createdAt: new Date(nairobiInstant(day, time).getTime() - 7 * 86_400_000),
    ...values,
  });

/** Builds the app and seeds it before the file's tests, and closes it after them. */
export function useReportsTestContext() {
  beforeAll(async () => {
    // Each file numbers its records from the first again, as in a file of its own.
    seq = 0;
    ctx = await createTestContext();
    advocate = await seedUser(ctx, {
      role: 'advocate',
      email: 'amina.wanjiku-odhiambo@firm.test',
      firstName: 'Amina',
      lastName: 'Wanjiku-Odhiambo',
    });
    const admin = await seedUser(ctx, {
      role: 'admin',
      email: 'reports@firm.test',
      permissions: { canAccessReports: true },
    });
    reportsOnly = bearer(await sessionFor(ctx, admin));
    headers = bearer(await sessionFor(ctx, advocate));
    client = await seedUser(ctx, {
      role: 'client',
      email: 'wanjiru.kamau@client.test',
      firstName: 'Wanjiru',
      lastName: 'Kamau',
    });
    other = await seedUser(ctx, { role: 'client', email: 'otieno@client.test' });

    // Cases: opened five minutes into October (Nairobi; still 30 Sep in UTC), and five minutes
    // before it; closed in the last minute of October, and in the first of November (so still
    // open at October's end); an old one, open well over a year.
    await aCase({ createdAt: nairobiInstant('2026-10-01', '00:05'), category: 'property' });
    await aCase({ createdAt: nairobiInstant('2026-09-30', '23:55'), category: 'property' });
    await aCase({
      createdAt: nairobiInstant('2026-10-02', '10:00'),
      status: 'closed',
      closedAt: nairobiInstant('2026-10-31', '23:59'),
      assigneeId: advocate.id,
    });
    await aCase({
      createdAt: nairobiInstant('2026-09-15', '10:00'),
      status: 'closed',
      closedAt: nairobiInstant('2026-11-01', '00:01'),
      category: 'employment',
    });
    await aCase({
      createdAt: nairobiInstant('2025-01-10', '10:00'),
      status: 'in_progress',
      assigneeId: advocate.id,
      courtDate: new Date(Date.now() + 3 * 86_400_000),
    });

    // Appointments: the last minute of October and the first of November; kinds and statuses.
    await appointment('2026-10-31', '23:30', { status: 'confirmed' });
    await appointment('2026-11-01', '00:00', { status: 'completed' });
    await appointment('2026-10-10', '10:00', {
      type: 'preliminary_call',
      feeKsh: 0,
      location: 'phone',
      status: 'completed',
    });
    await appointment('2026-10-12', '10:00', {
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelledBy: 'firm',
    });
    // Marked paid by hand in October (the earlier frontend's PUT): no receipt stands behind it.
    await appointment('2026-10-14', '10:00', {
      status: 'completed',
      paymentStatus: 'paid',
      paymentMethod: 'cash',
      paidAt: nairobiInstant('2026-10-14', '11:00'),
    });
    // A visitor's booking whose hold ran out unconfirmed.
    await seedVisitorBooking(ctx, advocate.id, {
      startsAt: nairobiInstant('2026-10-20', '09:00'),
      endsAt: nairobiInstant('2026-10-20', '09:30'),
      status: 'cancelled',
      cancelledAt: nairobiInstant('2026-10-19', '09:30'),
      cancelledBy: 'system',
    });

    // Enquiries: one at October's first minute, answered three hours later and made a client;
    // one at September's last minute; an urgent one in October.
    const first = await seedContactMessage(ctx, {
      createdAt: nairobiInstant('2026-10-01', '00:00'),
    });
    await ctx.database.db.insert(enquiryStates).values({
      contactMessageId: first.id,
      status: 'closed',
      clientId: other.id,
      createdAt: nairobiInstant('2026-10-01', '03:00'),
    });
    await seedContactMessage(ctx, { createdAt: nairobiInstant('2026-09-30', '23:59') });
    await seedContactMessage(ctx, {
      createdAt: nairobiInstant('2026-10-05', '12:00'),
      urgency: 'urgent',
    });

    // Messages: a client's question in October answered two hours later by the advocate; a
    // client waiting for two days now.
    const asked = await seedConversation(ctx, client.id, {
      subject: 'Corrections to the draft petition for the matrimonial property, Njoroge v Njoroge',
      createdAt: nairobiInstant('2026-10-06', '09:00'),
    });
    await ctx.database.db.insert(messages).values({
      conversationId: asked.conversation.id,
      senderId: advocate.id,
      fromClient: false,
      body: 'Received; I will send the corrected draft tomorrow.',
      createdAt: nairobiInstant('2026-10-06', '11:00'),
    });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await seedConversation(ctx, other.id, { createdAt: twoDaysAgo });
    await ctx.database.db
      .update(conversations)
      .set({ lastMessageAt: nairobiInstant('2026-10-06', '11:00') })
      .where(eq(conversations.id, asked.conversation.id));

    // Money this month, through the API: a fee note issued and partly paid by M-Pesa.
    const advocateHeaders = bearer(await sessionFor(ctx, advocate));
    const drafted = await ctx.app.inject({
      method: 'POST',
      url: '/api/fee-notes',
      headers: advocateHeaders,
      payload: {
        clientId: client.id,
        dueDate: '2027-01-15',
        lines: [
          { kind: 'fee', description: 'Drafting the petition', quantity: 2, unitPriceKsh: 15_000 },
        ],
      },
    });
    const noteId = drafted.json().feeNote.id as string;
    await ctx.app.inject({
      method: 'POST',
      url: `/api/fee-notes/${noteId}/issue`,
      headers: advocateHeaders,
    });
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: advocateHeaders,
      payload: { feeNoteId: noteId, amountKsh: 10_000, method: 'mpesa', reference: 'QK7H2LM9XP' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  afterAll(() => ctx.close());
}
