import type { FeeNote, FeeNotePage } from '@firm/shared';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { startAfricasTalkingFake } from '../../../test/outbox-fakes';
import { appointments, deliveries, notifications, type UserRow } from '../../db/schema';

/**
 * Cancelling a fee note (ADR 035): the client, who holds a text and an email saying it is due, is
 * told it is not: the bell, an email with the credit note attached, and a text under their
 * "billing" choice (ADR 033), all written in the cancelling transaction (ADR 028). And a due date
 * is a working day (docs/product-rules.md#billing). A part payment says what is still owed.
 */

let ctx: TestContext;
let sms: Awaited<ReturnType<typeof startAfricasTalkingFake>>;
let advocateToken: string;

const lines = [
  {
    kind: 'fee',
    description: 'Conveyancing of the Kileleshwa flat: searches, transfer and registration',
    quantity: 1,
    unitPriceKsh: 42_100,
  },
];

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

async function issuedFor(client: UserRow): Promise<FeeNote> {
  const drafted = await call(advocateToken, 'POST', '/api/fee-notes', {
    clientId: client.id,
    dueDate: '2026-12-15',
    lines,
  });
  expect(drafted.statusCode, drafted.body).toBe(201);
  const id = (drafted.json().feeNote as FeeNote).id;
  const issued = await call(advocateToken, 'POST', `/api/fee-notes/${id}/issue`);
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json().feeNote as FeeNote;
}

async function cancel(note: FeeNote): Promise<FeeNote> {
  const response = await call(advocateToken, 'POST', `/api/fee-notes/${note.id}/cancel`, {
    reason: 'Billed to the wrong matter; a corrected fee note follows',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().feeNote as FeeNote;
}

function pdfText(base64: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'credit-note-')), 'cn.pdf');
  writeFileSync(file, Buffer.from(base64, 'base64'));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  sms = await startAfricasTalkingFake();
  ctx = await createTestContext({
    AT_USERNAME: 'mwamba',
    AT_API_KEY: 'test-api-key',
    AT_BASE_URL: sms.url,
  });
  const advocate = await seedUser(ctx, { role: 'advocate', email: 'achieng@fee-note-cancel.test' });
  advocateToken = await sessionFor(ctx, advocate);
});
afterAll(async () => {
  await ctx.close();
  await sms.close();
});

describe('cancelling a fee note tells the client', () => {
  it('by bell, by email with the credit note attached, and by text', async () => {
    const client = await seedUser(ctx, {
      role: 'client',
      email: 'mohamed.abdallah-said@pwani-traders.co.ke',
      firstName: 'Mohamed',
      lastName: 'Abdallah Said',
      phone: '+254722334455',
    });
    const clientToken = await sessionFor(ctx, client);
    // Billing texts go only to a client who switched them on (docs/product-rules.md).
    const on = await call(clientToken, 'PUT', '/api/profile/sms-preferences', { billing: true });
    expect(on.statusCode, on.body).toBe(200);
    const note = await issuedFor(client);
    await settleMail(ctx);
    // Without a paybill (no MPESA_SHORTCODE, none in System Settings) nothing says Pay Bill.
    const issuedText = sms.requests.find((request) => request.form.to === '+254722334455');
    expect(issuedText?.form.message).toContain(`fee note ${note.number} for`);
    expect(issuedText?.form.message).not.toContain('Pay Bill');
    sms.requests.length = 0;
    const before = ctx.mail.length;

    const cancelled = await cancel(note);
    const creditNote = cancelled.cancellation!.creditNoteNumber;
    await settleMail(ctx);

    const [bell] = await ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, client.id), eq(notifications.kind, 'fee_note_cancelled')),
      );
    expect(bell?.title).toBe(`Fee note ${note.number} cancelled`);
    expect(bell?.message).toContain(creditNote);
    expect(bell?.message).toContain('do not pay it');
    expect(bell?.actionUrl).toBe(`/billing/${note.id}`);

    const email = ctx.mail.slice(before).find((mail) => mail.to === client.email);
    expect(email?.subject).toBe(`Fee note ${note.number} cancelled: Mwamba & Associates Advocates`);
    expect(email?.text).toContain('Billed to the wrong matter');
    const attached = email?.attachments?.[0];
    expect(attached?.filename).toBe(`${creditNote.replaceAll('/', '-')}.pdf`);
    expect(attached?.contentType).toBe('application/pdf');
    const words = pdfText(attached!.content);
    expect(words).toContain(creditNote);
    expect(words).toContain(note.number!);
    expect(words).toContain('Mohamed Abdallah Said');

    const text = sms.requests.find((request) => request.form.to === '+254722334455');
    expect(text?.form.message).toContain(`fee note ${note.number} is cancelled`);
    expect(text?.form.message).toContain(creditNote);

    // Nothing is asked of the client any more: no balance on the note or on their statement.
    const seen = (await call(clientToken, 'GET', `/api/fee-notes/${note.id}`)).json() as FeeNote;
    expect(seen.status).toBe('cancelled');
    expect(seen.totals.balanceKsh).toBe(0);
    const page = (await call(clientToken, 'GET', '/api/fee-notes')).json() as FeeNotePage;
    expect(page.balanceKsh).toBe(0);
  });

  it('sends no text to a client who switched billing texts off, and still the bell and email', async () => {
    const client = await seedUser(ctx, {
      role: 'client',
      email: 'priya.shah@westlands-pharmacy.co.ke',
      firstName: 'Priya',
      lastName: 'Shah',
      phone: '+254733445566',
    });
    const clientToken = await sessionFor(ctx, client);
    const off = await call(clientToken, 'PUT', '/api/profile/sms-preferences', { billing: false });
    expect(off.statusCode, off.body).toBe(200);
    const note = await issuedFor(client);
    await cancel(note);
    await settleMail(ctx);

    const queued = await ctx.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.kind, 'fee_note_cancelled'));
    expect(queued.filter((row) => row.recipient === '+254733445566')).toEqual([]);
    expect(queued.some((row) => row.recipient === client.email)).toBe(true);
    const bells = await ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, client.id), eq(notifications.kind, 'fee_note_cancelled')),
      );
    expect(bells).toHaveLength(1);
  });
});

describe('a due date falls on a working day', () => {
  it('refuses a Saturday holiday and a weekday holiday, naming the next working day', async () => {
    const client = await seedUser(ctx, { role: 'client', email: 'kiprop@due-dates.test' });
    const draftDue = (dueDate: string) =>
      call(advocateToken, 'POST', '/api/fee-notes', { clientId: client.id, dueDate, lines });

    // Jamhuri Day 2026 is a Saturday.
    const jamhuri = await draftDue('2026-12-12');
    expect(jamhuri.statusCode).toBe(400);
    expect(jamhuri.json().errors.dueDate).toBe(
      'Sat 12 Dec 2026 is a weekend day: a fee note falls due on a working day. Choose Mon 14 Dec 2026 or later.',
    );
    // Christmas is a Friday; Boxing Day and the Sunday follow.
    const christmas = await draftDue('2026-12-25');
    expect(christmas.statusCode).toBe(400);
    expect(christmas.json().errors.dueDate).toBe(
      'Fri 25 Dec 2026 is a Kenyan public holiday: a fee note falls due on a working day. Choose Mon 28 Dec 2026 or later.',
    );
    const working = await draftDue('2026-12-28');
    expect(working.statusCode, working.body).toBe(201);
    const id = (working.json().feeNote as FeeNote).id;
    const moved = await call(advocateToken, 'PUT', `/api/fee-notes/${id}`, {
      dueDate: '2026-12-26',
      lines,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors.dueDate).toContain('Choose Mon 28 Dec 2026 or later');
  });
});

describe('a part payment is announced as received, with what is still owed', () => {
  it('in the toast, the bell, the email and the text; the rest as paid in full', async () => {
    const client = await seedUser(ctx, {
      role: 'client',
      email: 'achieng.odhiambo@lakeside-fisheries.co.ke',
      phone: '+254711223344',
    });
    const on = await call(await sessionFor(ctx, client), 'PUT', '/api/profile/sms-preferences', {
      billing: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    const note = await issuedFor(client);
    await settleMail(ctx);
    sms.requests.length = 0;
    const before = ctx.mail.length;

    const part = await call(advocateToken, 'POST', '/api/payments', {
      feeNoteId: note.id,
      amountKsh: 20_000,
      method: 'cash',
    });
    expect(part.statusCode, part.body).toBe(201);
    const receipt = part.json().payment.receiptNumber as string;
    expect(part.json().message).toBe(
      `KSh 20,000 received; KSh 22,100 still owed. Receipt ${receipt}`,
    );
    await settleMail(ctx);
    const [bell] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.id), eq(notifications.kind, 'payment_received')));
    expect(bell?.message).toBe(
      `We received KSh 20,000 for fee note ${note.number}; KSh 22,100 is still owed on it. Your receipt is ${receipt}. Thank you.`,
    );
    const email = ctx.mail.slice(before).find((mail) => mail.to === client.email);
    expect(email?.text).toContain('KSh 22,100 is still owed on it');
    const text = sms.requests.find((request) => request.form.to === '+254711223344');
    expect(text?.form.message).toContain('received KSh 20,000');
    expect(text?.form.message).toContain('KSh 22,100 still owed');
    expect(text!.form.message!.length).toBeLessThanOrEqual(160);

    const rest = await call(advocateToken, 'POST', '/api/payments', {
      feeNoteId: note.id,
      amountKsh: 22_100,
      method: 'cash',
    });
    expect(rest.json().message).toMatch(/^Payment recorded: KSh 22,100, paid in full\. Receipt /);
  });
});

describe('what a client owes, one rule on every screen', () => {
  it('agrees between the dashboard and Billing: fee notes, a part payment, a credit note, appointment fees', async () => {
    const client = await seedUser(ctx, {
      role: 'client',
      email: 'halima.yusuf@eastleigh-textiles.co.ke',
    });
    const clientToken = await sessionFor(ctx, client);
    const first = await issuedFor(client);
    const second = await issuedFor(client);
    const cancelledOne = await issuedFor(client);
    await cancel(cancelledOne);
    const part = await call(advocateToken, 'POST', '/api/payments', {
      feeNoteId: first.id,
      amountKsh: 30_000,
      method: 'cash',
    });
    expect(part.statusCode, part.body).toBe(201);
    // An appointment's fee of KSh 5,000, KSh 2,000 of it paid; a cancelled one owes nothing.
    const startsAt = new Date('2026-12-15T07:00:00Z');
    const seeded = (status: 'confirmed' | 'cancelled') => ({
      title: `Consultation on the Eastleigh lease (${status})`,
      description: 'The landlord’s notice to vacate',
      type: 'consultation' as const,
      status,
      feeKsh: 5_000,
      clientId: client.id,
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
      clientEmail: client.email,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      durationMinutes: 30,
      ...(status === 'cancelled'
        ? { cancelledAt: new Date(), cancellationReason: 'Settled with the landlord' }
        : {}),
    });
    const [live] = await ctx.database.db
      .insert(appointments)
      .values(seeded('confirmed'))
      .returning();
    await ctx.database.db.insert(appointments).values(seeded('cancelled'));
    const paid = await call(advocateToken, 'POST', '/api/payments', {
      appointmentId: live!.id,
      amountKsh: 2_000,
      method: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const owed = 42_100 - 30_000 + 42_100 + 5_000 - 2_000;
    const billing = (await call(clientToken, 'GET', '/api/fee-notes')).json() as FeeNotePage;
    expect(billing.balanceKsh).toBe(owed);
    const dashboard = (await call(clientToken, 'GET', '/api/dashboard/stats')).json() as {
      client: { feesPendingKsh: number; feesPendingCount: number };
    };
    expect(dashboard.client.feesPendingKsh).toBe(owed);
    expect(dashboard.client.feesPendingCount).toBe(3);
    const staffView = (
      await call(advocateToken, 'GET', `/api/fee-notes?clientId=${client.id}`)
    ).json() as FeeNotePage;
    expect(staffView.balanceKsh).toBe(owed);
    expect(second.status).toBe('issued');
  });
});
