import {
  DENIED_TEXTS,
  NO_ADMIN_PERMISSIONS,
  REPORT_TEXTS,
  nairobiInstant,
  type AppointmentType,
  type Report,
  type ReportSection,
  type ReportUnit,
} from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * The reports against seeded data whose dates sit at Nairobi's midnights: each figure that links
 * to a list equals that list's total through the list's own endpoint (its count, or the sum of
 * its shillings), for October 2026 (against September) and for this month; and the edge days
 * fall on the right side.
 */
describe('GET /api/reports', () => {
  let ctx: TestContext;
  /** An advocate: may open every list a figure links to. */
  let headers: { authorization: string };
  /** An admin with canAccessReports alone. */
  let reportsOnly: { authorization: string };
  let client: UserRow;
  let other: UserRow;
  let advocate: UserRow;
  let seq = 0;
  const OCTOBER = 'from=2026-10-01&to=2026-10-31';

  const aCase = (values: Partial<typeof cases.$inferInsert>) =>
    ctx.database.db.insert(cases).values({
      caseNumber: `MWA/2026/${String((seq += 1)).padStart(4, '0')}`,
      title: `Njoroge v Njoroge: matrimonial property, part ${seq}`,
      description: 'Seeded for the reports test',
      category: 'family',
      priority: 'medium',
      clientId: client.id,
      ...values,
    });
  const appointment = (
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
  const report = async (kind: string, query = ''): Promise<Report> => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/${kind}${query ? `?${query}` : ''}`,
      headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Report;
  };
  const figure = (report: Report, section: string, row: string, column = 0) =>
    report.sections.find((s) => s.key === section)?.rows.find((r) => r.key === row)?.cells[column]
      ?.value;

  beforeAll(async () => {
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

  it('counts the edge days of October on the right side of Nairobi midnight', async () => {
    const caseload = await report('caseload', OCTOBER);
    // Opened: the 00:05 one and the 2 Oct one in October; the 23:55 one and 15 Sep in September.
    expect(figure(caseload, 'opened-closed-totals', 'opened', 0)).toBe(2);
    expect(figure(caseload, 'opened-closed-totals', 'opened', 1)).toBe(2);
    expect(figure(caseload, 'opened-closed-totals', 'closed', 0)).toBe(1);
    // Open at the end of October: property ×2, employment (closed 1 Nov), family (2025).
    expect(figure(caseload, 'open-at-end', 'property', 0)).toBe(2);
    expect(figure(caseload, 'open-at-end', 'employment', 0)).toBe(1);
    expect(figure(caseload, 'open-at-end', 'total', 0)).toBe(4);
    expect(figure(caseload, 'age', 'over-12')).toBe(1);
    expect(figure(caseload, 'age', 'total')).toBe(figure(caseload, 'open-by-status', 'total'));

    const diary = await report('appointments', OCTOBER);
    expect(figure(diary, 'totals', 'booked', 0)).toBe(5);
    expect(figure(diary, 'totals', 'confirmed', 0)).toBe(1);
    expect(figure(diary, 'unconfirmed', 'unconfirmed', 0)).toBe(1);
    expect(figure(diary, 'by-type', 'preliminary_call', 0)).toBe(1);

    const enquiries = await report('enquiries', OCTOBER);
    expect(figure(enquiries, 'by-kind', 'message', 0)).toBe(2);
    expect(figure(enquiries, 'by-kind', 'message', 1)).toBe(1);
    expect(figure(enquiries, 'by-urgency', 'urgent', 0)).toBe(1);
    expect(figure(enquiries, 'converted', 'converted', 0)).toBe(1);
    expect(figure(enquiries, 'response', 'median', 0)).toBe(3);

    const service = await report('service', OCTOBER);
    expect(figure(service, 'by-staff', 'firm', 0)).toBe(2);
    expect(figure(service, 'by-staff', advocate.id, 0)).toBe(2);
    expect(figure(service, 'waiting', 'waiting')).toBe(1);

    const money = await report('money', OCTOBER);
    expect(figure(money, 'collected', 'marked-paid', 0)).toBe(5000);
    // Booked in October: 31 Oct's, 1 Nov's (booked 25 Oct) and 14 Oct's; not the free call nor
    // the cancelled one.
    expect(figure(money, 'billed', 'appointment-fees', 0)).toBe(15_000);
  });

  it("counts this month's money: billed, collected by M-Pesa, owed by age and by client", async () => {
    const money = await report('money');
    expect(figure(money, 'billed', 'fee-notes', 0)).toBe(30_000);
    expect(figure(money, 'collected', 'mpesa', 0)).toBe(10_000);
    expect(figure(money, 'outstanding', 'fee-notes', 0)).toBe(20_000);
    expect(figure(money, 'by-client', client.id)).toBe(20_000);
  });

  /**
   * The API list behind a portal link, and its total as the list shows it: how many rows match,
   * or (for shillings) the money of every page the list adds up.
   */
  async function listTotal(link: string, unit: ReportUnit): Promise<number> {
    const url = new URL(link, 'http://portal.test');
    const params = url.searchParams;
    const rename = (from: string, to: string) => {
      const value = params.get(from);
      if (value !== null) {
        params.delete(from);
        params.set(to, value);
      }
    };
    type Listed = { total: number; sums?: Record<string, number> };
    let path: string;
    let money: (body: Listed) => number | undefined = () => undefined;
    switch (url.pathname) {
      case '/cases':
        path = '/api/cases';
        break;
      case '/appointments':
        path = '/api/appointments';
        money = (body) => body.sums?.feesKsh;
        rename('advocate', 'advocateId');
        break;
      case '/enquiries':
        path = '/api/enquiries';
        break;
      case '/messages':
        path = '/api/conversations';
        break;
      case '/billing':
        if (params.get('view') === 'payments') {
          params.delete('view');
          path = '/api/payments';
          money = (body) => body.sums?.receivedKsh;
        } else {
          rename('client', 'clientId');
          path = '/api/fee-notes';
          const owed = params.get('status') === 'outstanding';
          money = (body) => (owed ? body.sums?.owedKsh : body.sums?.billedKsh);
        }
        break;
      default:
        throw new Error(`No list for ${link}`);
    }
    const answer = await ctx.app.inject({ method: 'GET', url: `${path}?${params}`, headers });
    expect(answer.statusCode, `${link}: ${answer.body}`).toBe(200);
    const body = answer.json() as Listed;
    if (unit !== 'ksh') return body.total;
    const sum = money(body);
    expect(sum, `${link} adds up no money`).toBeTypeOf('number');
    return sum!;
  }

  for (const kind of ['caseload', 'appointments', 'enquiries', 'service', 'money']) {
    for (const [name, query] of [
      ['October against September', OCTOBER],
      ['this month', ''],
    ] as const) {
      it(`${kind}, ${name}: every linked figure equals its list's total`, async () => {
        const answer = await report(kind, query);
        const linked: { section: ReportSection; value: number; link: string }[] = [];
        for (const section of answer.sections) {
          for (const row of section.rows) {
            for (const cell of row.cells) {
              if (cell.link) linked.push({ section, value: cell.value ?? 0, link: cell.link });
            }
          }
        }
        expect(linked.length).toBeGreaterThan(0);
        for (const { section, value, link } of linked) {
          expect(await listTotal(link, section.unit), `${section.title}: ${link}`).toBe(value);
        }
      });
    }
  }

  it('answers 400 with field messages for a bad range, and a CSV with each section', async () => {
    for (const [query, field] of [
      ['from=2026-10-31&to=2026-10-01', 'from'],
      ['from=2026-13-01&to=2026-12-31', 'from'],
      ['from=2026-10-01', 'to'],
      ['from=2000-01-01&to=2026-01-01', 'to'],
    ] as const) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: `/api/reports/caseload?${query}`,
        headers,
      });
      expect(answer.statusCode, query).toBe(400);
      expect(
        answer.json().errors?.[field] ?? answer.json().fields?.[field],
        answer.body,
      ).toBeTruthy();
    }
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/reports/payroll', headers });
    expect(unknown.statusCode).toBe(400);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/caseload?${OCTOBER}&format=csv`,
      headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(
      'report-caseload-2026-10-01-to-2026-10-31.csv',
    );
    expect(csv.body).toContain('Cases opened and closed, against the previous period');
    expect(csv.body).toContain('Opened,2,2');
    const audit = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/audit-log?action=report.exported',
      headers,
    });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'report.exported',
      details: { report: 'caseload', from: '2026-10-01', to: '2026-10-31' },
    });
  });

  it('refuses an admin on the very next request once canAccessReports is switched off', async () => {
    const admin = await seedUser(ctx, {
      role: 'admin',
      email: 'grace.muthoni@firm.test',
      permissions: { canAccessReports: true, canOpenFiles: true },
    });
    const own = bearer(await sessionFor(ctx, admin));
    const read = () =>
      ctx.app.inject({ method: 'GET', url: `/api/reports/caseload?${OCTOBER}`, headers: own });
    expect((await read()).statusCode).toBe(200);
    const switched = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user-management/admin/${admin.id}/permissions`,
      headers,
      payload: { permissions: { ...NO_ADMIN_PERMISSIONS, canOpenFiles: true } },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const refused = await read();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(DENIED_TEXTS['reports:view']);
    expect(refused.json().message).toContain(REPORT_TEXTS.accessDenied.replace(/\.$/, ''));
  });

  it('refuses the Money report, and its CSV, to an admin who may not open Billing', async () => {
    for (const url of [`/api/reports/money?${OCTOBER}`, `/api/reports/money?format=csv`]) {
      const refused = await ctx.app.inject({ method: 'GET', url, headers: reportsOnly });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(DENIED_TEXTS['reports:money']);
      expect(refused.json().message).toContain('“Manage Cases”');
    }
    const billing = await seedUser(ctx, {
      role: 'admin',
      email: 'wairimu.njeri-kamau@firm.test',
      permissions: { canAccessReports: true, canManageCases: true },
    });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/money?${OCTOBER}`,
      headers: bearer(await sessionFor(ctx, billing)),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect((read.json() as Report).kind).toBe('money');
  });

  it('links a figure only to a list the reader may open and see whole', async () => {
    const links = async (kind: string) => {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: `/api/reports/${kind}?${OCTOBER}`,
        headers: reportsOnly,
      });
      expect(answer.statusCode).toBe(200);
      return (answer.json() as Report).sections.flatMap((section) =>
        section.rows.flatMap((row) => row.cells.map((cell) => cell.link)),
      );
    };
    // Without canOpenFiles, canManageCases, or the enquiry toggles: the numbers, no links.
    for (const kind of ['caseload', 'enquiries', 'service']) {
      expect(await links(kind), kind).toEqual(expect.not.arrayContaining([expect.any(String)]));
    }
    // Every admin lists the diary: those figures still link.
    expect((await links('appointments')).filter(Boolean).length).toBeGreaterThan(0);
  });
});
