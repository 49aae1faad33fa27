import { addDays, nairobiInstant, nairobiToday, type Report } from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, cases, enquiryStates, type UserRow } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedContactMessage, seedVisitorBooking } from '../../../test/enquiries';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { nextOpenWeekday } from '../appointments/appointments-test-kit';

/**
 * The reports never contradict themselves: on a firm whose every kind of record was made this
 * month (cases young and old, open and closed; contact messages of each urgency and visitors'
 * bookings; appointments of every status, fees paid by M-Pesa, by hand and owed; fee notes
 * issued, part paid, paid and cancelled), each breakdown adds up to the total it sits beside, and
 * the figures of one report that count the same records agree with each other.
 */
describe('GET /api/reports: every total is the sum of its breakdown', () => {
  let ctx: TestContext;
  let headers: { authorization: string };
  let advocate: UserRow;
  let clients: UserRow[];
  let seq = 0;
  const today = nairobiToday();
  /** Ahead of today, in the next month: a meeting booked (and paid) now, held next month. */
  const nextMonth = addDays(today, 35);

  const report = async (kind: string): Promise<Report> => {
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/reports/${kind}`, headers });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Report;
  };
  const rowsOf = (report: Report, section: string, column = 0) =>
    new Map(
      (report.sections.find((s) => s.key === section)?.rows ?? []).map((row) => [
        row.key,
        row.cells[column]?.value ?? 0,
      ]),
    );
  const sumBut = (rows: Map<string, number>, ...keys: string[]) =>
    [...rows.entries()].filter(([key]) => !keys.includes(key)).reduce((a, [, n]) => a + n, 0);

  const aCase = (clientId: string, values: Partial<typeof cases.$inferInsert>) =>
    ctx.database.db.insert(cases).values({
      caseNumber: `MWA/2026/${String((seq += 1)).padStart(4, '0')}`,
      title: `Kiprono Kibet arap Mutai v. Kenya Power & Lighting Company PLC, matter ${seq}`,
      description: 'Seeded for the reports consistency test',
      category: 'employment',
      priority: 'medium',
      clientId,
      ...values,
    });
  const appointment = (
    client: UserRow,
    day: string,
    values: Partial<typeof appointments.$inferInsert> = {},
  ) => {
    // One advocate's meetings never overlap: each at its own hour.
    const time = `${String(8 + (seq % 9)).padStart(2, '0')}:00`;
    return ctx.database.db
      .insert(appointments)
      .values({
        title: `Consultation on the unfair dismissal claim ${(seq += 1)}`,
        description: 'Seeded for the reports consistency test',
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
        ...values,
      })
      .returning()
      .then((rows) => rows[0]!);
  };
  const api = async (method: 'POST' | 'PUT', url: string, payload?: object) => {
    const answer = await ctx.app.inject({ method, url, headers, payload });
    expect(answer.statusCode, `${url}: ${answer.body}`).toBeLessThan(300);
    return answer.json();
  };
  const feeNote = async (clientId: string, ksh: number) => {
    const drafted = await api('POST', '/api/fee-notes', {
      clientId,
      // A working day: a fee note cannot fall due on a weekend or a public holiday.
      dueDate: nextOpenWeekday(40),
      lines: [
        {
          kind: 'fee',
          description: 'Drafting and filing the memorandum of claim',
          quantity: 1,
          unitPriceKsh: ksh,
        },
      ],
    });
    const id = drafted.feeNote.id as string;
    await api('POST', `/api/fee-notes/${id}/issue`);
    return id;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    advocate = await seedUser(ctx, {
      role: 'advocate',
      email: 'wanjiru.kamau-odhiambo@mwamba-advocates.test',
      firstName: 'Wanjiru',
      lastName: 'Kamau-Odhiambo',
    });
    headers = bearer(await sessionFor(ctx, advocate));
    clients = await Promise.all(
      ['Kiprono Kibet', 'Muthoni Wairimu', 'Abdullahi Hassan'].map((name, i) =>
        seedUser(ctx, {
          role: 'client',
          email: `client-${i}.${name.toLowerCase().replace(' ', '.')}@gmail.test`,
          firstName: name.split(' ')[0],
          lastName: name.split(' ')[1],
        }),
      ),
    );
    const [kiprono, muthoni, abdullahi] = clients as [UserRow, UserRow, UserRow];

    // Cases: opened today, eight months ago, two years ago; one closed; one assigned, one not.
    const monthsAgo = (months: number) => new Date(Date.now() - months * 30.5 * 86_400_000);
    await aCase(kiprono.id, { assigneeId: advocate.id });
    await aCase(muthoni.id, { createdAt: monthsAgo(8), status: 'in_progress' });
    await aCase(abdullahi.id, { createdAt: monthsAgo(24), assigneeId: advocate.id });
    await aCase(kiprono.id, { status: 'closed', closedAt: new Date() });

    // Enquiries: a contact message of each urgency, two visitors' bookings (one made a client).
    for (const urgency of ['normal', 'urgent', 'emergency'] as const) {
      await seedContactMessage(ctx, { urgency });
    }
    const booking = await seedVisitorBooking(ctx, advocate.id, { status: 'confirmed' });
    await ctx.database.db
      .insert(enquiryStates)
      .values({ appointmentId: booking.id, status: 'closed', clientId: muthoni.id });
    await seedVisitorBooking(ctx, advocate.id);

    // Appointments this month and next: each status; a fee paid by M-Pesa now for a meeting
    // next month (the walk's contradiction), one marked paid by hand, one owed, one free call.
    const paidAhead = await appointment(kiprono, nextMonth);
    await api('POST', '/api/payments', {
      appointmentId: paidAhead.id,
      amountKsh: 5000,
      method: 'mpesa',
      reference: 'QK7H2LM9XP',
    });
    await appointment(muthoni, nextMonth);
    await appointment(abdullahi, today, {
      status: 'completed',
      paymentStatus: 'paid',
      paymentMethod: 'cash',
      paidAt: new Date(),
    });
    await appointment(abdullahi, today, {
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelledBy: 'firm',
    });
    await appointment(muthoni, today, { type: 'preliminary_call', feeKsh: 0, location: 'phone' });

    // Fee notes: one paid in full, one part paid by M-Pesa, one owed whole, one cancelled.
    const paid = await feeNote(kiprono.id, 42_100);
    await api('POST', '/api/payments', {
      feeNoteId: paid,
      amountKsh: 42_100,
      method: 'bank',
      reference: 'EQ-TT-2611-0042',
    });
    const partly = await feeNote(muthoni.id, 223_050);
    await api('POST', '/api/payments', {
      feeNoteId: partly,
      amountKsh: 100_000,
      method: 'mpesa',
      reference: 'RB3K8ZQ2TW',
    });
    await feeNote(abdullahi.id, 18_500);
    const cancelled = await feeNote(abdullahi.id, 9_000);
    await api('POST', `/api/fee-notes/${cancelled}/cancel`, {
      reason: 'Issued to the wrong client: the work was for the estate, not Mr Hassan.',
    });
  });

  afterAll(() => ctx.close());

  it('caseload: every view of the open cases counts the same cases', async () => {
    const caseload = await report('caseload');
    const byStatus = rowsOf(caseload, 'open-by-status');
    const open = byStatus.get('total')!;
    expect(open).toBe(3);
    expect(sumBut(byStatus, 'total')).toBe(open);
    expect(sumBut(rowsOf(caseload, 'open-by-assignee'))).toBe(open);
    const byAge = rowsOf(caseload, 'age');
    expect(byAge.get('total')).toBe(open);
    expect(sumBut(byAge, 'total')).toBe(open);
    expect([...byAge.values()].filter((n) => n === 1)).toHaveLength(3);
    // This month's end is today: open at its end is open now.
    const atEnd = rowsOf(caseload, 'open-at-end');
    expect(atEnd.get('total')).toBe(open);
    expect(sumBut(atEnd, 'total')).toBe(open);
  });

  it('enquiries: contact messages by urgency add up to the contact messages received', async () => {
    const enquiries = await report('enquiries');
    const byKind = rowsOf(enquiries, 'by-kind');
    expect(byKind.get('message')).toBe(3);
    expect(byKind.get('total')).toBe(sumBut(byKind, 'total'));
    const byUrgency = rowsOf(enquiries, 'by-urgency');
    expect(byUrgency.get('total')).toBe(byKind.get('message'));
    expect(sumBut(byUrgency, 'total')).toBe(byKind.get('message'));
    expect(rowsOf(enquiries, 'converted').get('converted')).toBeLessThanOrEqual(
      byKind.get('total')!,
    );
  });

  it('appointments: the months, types and advocates add up to the appointments booked', async () => {
    const diary = await report('appointments');
    const booked = rowsOf(diary, 'totals').get('booked')!;
    expect(booked).toBeGreaterThan(0);
    const byType = rowsOf(diary, 'by-type');
    expect(byType.get('total') ?? sumBut(byType)).toBe(booked);
    expect(sumBut(byType, 'total')).toBe(booked);
    const byAdvocate = rowsOf(diary, 'by-advocate');
    expect(sumBut(byAdvocate, 'total')).toBe(booked);
  });

  it('money: what was billed is what came in plus what is still owed', async () => {
    const money = await report('money');
    const billed = rowsOf(money, 'billed');
    const collected = rowsOf(money, 'collected');
    const owed = rowsOf(money, 'outstanding');
    for (const rows of [billed, collected, owed]) {
      expect(rows.get('total')).toBe(sumBut(rows, 'total'));
    }
    // Appointment fees: 5,000 paid ahead by M-Pesa, 5,000 owed for next month, 5,000 marked
    // paid, and the two visitors' bookings' 5,000 each, owed.
    expect(billed.get('appointment-fees')).toBe(25_000);
    // Fee notes: 42,100 + 223,050 + 18,500 issued; the cancelled 9,000 bills nothing.
    expect(billed.get('fee-notes')).toBe(283_650);
    expect(collected.get('mpesa')).toBe(105_000);
    expect(billed.get('total')).toBe(collected.get('total')! + owed.get('total')!);
    const byClient = rowsOf(money, 'by-client');
    expect(sumBut(byClient)).toBe(owed.get('fee-notes'));
  });
});
