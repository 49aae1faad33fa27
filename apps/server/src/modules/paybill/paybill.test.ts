import {
  appointmentReference,
  clientPaymentReference,
  paybillAccountOf,
  type ClientLedger,
  describeAuditEntry,
  type AuditEntryForText,
  type FeeNote,
  type FirmSettings,
  type PaybillPayment,
} from '@firm/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedUser } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import {
  appointments,
  auditLog,
  billingNumberCounters,
  notifications,
  paybillPayments,
  payments,
  users,
} from '../../db/schema';
import {
  advocate,
  advocateToken,
  call,
  client,
  clientToken,
  ctx,
  daraja,
  deliverStatusResult,
  issuedFeeNote,
  payAtPaybill,
  paybillRow,
  postC2b,
  SECRET,
  settledRow,
  usePaybillTestContext,
} from './paybill-test-kit';

/**
 * Paying the firm's paybill from the M-Pesa menu (ADR 047, docs/product-rules.md#paying-by-
 * paybill): Safaricom's confirmation recorded once, confirmed by Transaction Status, then put on
 * the fee note the account number names, or left for staff to allocate.
 */
usePaybillTestContext();

const accepted = { ResultCode: 0, ResultDesc: 'Accepted' };
const feeNote = async (id: string) =>
  (await call(advocateToken, 'GET', `/api/fee-notes/${id}`)).json() as FeeNote;
const bellOf = (userId: string) =>
  ctx.app.db.select().from(notifications).where(eq(notifications.userId, userId));

async function setValidation(mode: FirmSettings['paybillValidation']) {
  const current = (await call(advocateToken, 'GET', '/api/settings/firm')).json() as {
    settings: FirmSettings;
  };
  const saved = await call(advocateToken, 'PUT', '/api/settings/firm', {
    ...current.settings,
    paybillValidation: mode,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('a fee note paid at the paybill', () => {
  it('is paid with its receipt when the client types its number loosely (fn 2026-12)', async () => {
    const year = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric' }).format(
        new Date(),
      ),
    );
    // The firm's twelfth fee note of the year.
    await ctx.app.db
      .insert(billingNumberCounters)
      .values({ kind: 'FN', year, lastValue: 11 })
      .onConflictDoUpdate({
        target: [billingNumberCounters.kind, billingNumberCounters.year],
        set: { lastValue: 11 },
      });
    const note = await issuedFeeNote(12_500);
    expect(note.number).toBe(`FN/${year}/0012`);

    const row = await payAtPaybill(12_500, `fn ${year}-12`);
    expect(row).toMatchObject({
      status: 'settled',
      settledTo: 'fee_note',
      feeNoteId: note.id,
      clientId: client.id,
      unallocatedKsh: 0,
    });
    const paid = await feeNote(note.id);
    expect(paid.status).toBe('paid');
    expect(paid.totals.paidKsh).toBe(12_500);
    const [payment] = await ctx.app.db
      .select()
      .from(payments)
      .where(eq(payments.id, row.billingPaymentId!));
    expect(payment).toMatchObject({
      method: 'mpesa',
      status: 'succeeded',
      amountKsh: 12_500,
      mpesaReceiptNumber: row.transId,
    });
    expect(payment!.receiptNumber).toMatch(/^RC\//);
    // The payments list says it came by the paybill (ADR 048).
    const listed = (await call(clientToken, 'GET', `/api/payments?feeNoteId=${note.id}`)).json()
      .payments as { source: string }[];
    expect(listed.map((each) => each.source)).toEqual(['paybill']);
    // The client is told as for any payment.
    expect((await bellOf(client.id)).map((n) => n.kind)).toContain('payment_received');
    // And the audit log says what M-Pesa confirmed and where it went.
    const audit = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'paybill_payment.settled'));
    expect(audit.some((entry) => entry.details.transId === row.transId)).toBe(true);
  });

  it('records the same confirmation once however often Safaricom posts it', async () => {
    const note = await issuedFeeNote(3_000);
    const { transId, body } = daraja.c2b.payPaybill({
      amountKsh: 3_000,
      accountNumber: note.number!.replaceAll('/', ''),
    });
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await postC2b('confirmation', body));
    expect(answers.map((answer) => answer.json())).toEqual([accepted, accepted, accepted]);
    await deliverStatusResult(transId);
    await settledRow(transId);
    const rows = await ctx.app.db
      .select()
      .from(paybillPayments)
      .where(eq(paybillPayments.transId, transId));
    expect(rows).toHaveLength(1);
    const onNote = await ctx.app.db.select().from(payments).where(eq(payments.feeNoteId, note.id));
    expect(onNote).toHaveLength(1);
    expect((await feeNote(note.id)).totals.paidKsh).toBe(3_000);
  });

  it('keeps the excess of an overpayment unallocated, listed for staff', async () => {
    const note = await issuedFeeNote(12_500);
    const row = await payAtPaybill(15_000, note.number!);
    expect(row).toMatchObject({ status: 'unallocated', feeNoteId: note.id, unallocatedKsh: 2_500 });
    expect((await feeNote(note.id)).status).toBe('paid');
    const listed = await call(advocateToken, 'GET', '/api/payments/unallocated');
    expect(listed.statusCode).toBe(200);
    const mine = (listed.json().payments as PaybillPayment[]).find((p) => p.id === row.id);
    expect(mine).toMatchObject({ amountKsh: 15_000, unallocatedKsh: 2_500, settledTo: 'fee_note' });
  });
});

describe('a payment M-Pesa does not bear out', () => {
  it('moves no money when M-Pesa does not know the receipt, and the advocates are told', async () => {
    const note = await issuedFeeNote(8_000);
    const { transId, body } = daraja.c2b.payPaybill({
      amountKsh: 8_000,
      accountNumber: note.number!,
      unknownToMpesa: true,
    });
    expect((await postC2b('confirmation', body)).json()).toEqual(accepted);
    await deliverStatusResult(transId);
    const row = await settledRow(transId);
    expect(row.status).toBe('forged');
    const untouched = await feeNote(note.id);
    expect(untouched.status).toBe('issued');
    expect(untouched.totals.paidKsh).toBe(0);
    const told = (await bellOf(advocate.id)).find((n) => n.message.includes(transId));
    expect(told?.title).toBe('A paybill payment M-Pesa does not know');
  });

  it('is forged when M-Pesa knows the receipt for another amount', async () => {
    const note = await issuedFeeNote(50_000);
    const { transId, body } = daraja.c2b.payPaybill({
      amountKsh: 50_000,
      accountNumber: note.number!,
    });
    daraja.c2b.knowAs(transId, { amountKsh: 500 });
    await postC2b('confirmation', body);
    await deliverStatusResult(transId);
    const row = await settledRow(transId);
    expect(row).toMatchObject({ status: 'forged', feeNoteId: null, billingPaymentId: null });
    expect(row.forgedReason).toContain('KSh 500');
    expect((await feeNote(note.id)).totals.paidKsh).toBe(0);
  });
});

describe('money the account number does not place', () => {
  it('waits for staff when the account names nothing, then staff allocate it to a fee note', async () => {
    const note = await issuedFeeNote(6_000);
    const row = await payAtPaybill(6_000, 'SCHOOL FEES');
    expect(row).toMatchObject({ status: 'unallocated', unallocatedKsh: 6_000, feeNoteId: null });
    const listed = (await call(advocateToken, 'GET', '/api/payments/unallocated')).json()
      .payments as PaybillPayment[];
    expect(listed.find((p) => p.id === row.id)).toMatchObject({ accountNumber: 'SCHOOL FEES' });

    const tooMuch = await call(advocateToken, 'POST', `/api/payments/${row.id}/allocate`, {
      to: 'fee_note',
      feeNoteId: note.id,
      amountKsh: 6_001,
      reason: 'The client called',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('Only KSh 6,000 of this payment is left to allocate');

    const allocated = await call(advocateToken, 'POST', `/api/payments/${row.id}/allocate`, {
      to: 'fee_note',
      feeNoteId: note.id,
      reason: 'The client called to say it was for the sale agreement',
    });
    expect(allocated.statusCode, allocated.body).toBe(200);
    expect(allocated.json()).toMatchObject({
      status: 'settled',
      unallocatedKsh: 0,
      settledTo: 'fee_note',
      feeNoteId: note.id,
    });
    expect((await feeNote(note.id)).status).toBe('paid');

    const again = await call(advocateToken, 'POST', `/api/payments/${row.id}/allocate`, {
      to: 'refunded_outside',
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment has nothing left to allocate');

    const audit = await call(
      advocateToken,
      'GET',
      '/api/settings/audit-log?action=paybill_payment.allocated',
    );
    expect(audit.statusCode, audit.body).toBe(200);
    const entry = (audit.json().entries as AuditEntryForText[]).find(
      (each) => each.details.transId === row.transId,
    );
    expect(describeAuditEntry(entry!).text).toBe(
      `Test advocate allocated KSh 6,000 of paybill payment ${row.transId} on fee note ${note.number}: “The client called to say it was for the sale agreement”`,
    );
  });

  it('names the client whose own reference was typed, and waits for staff', async () => {
    const [me] = await ctx.app.db.select().from(users).where(eq(users.id, client.id));
    expect(me!.paymentReference).toBeGreaterThan(0);
    const reference = clientPaymentReference(me!.paymentReference!);
    // The client's page and their own profile show it; staff have none.
    const page = await call(advocateToken, 'GET', `/api/clients/${client.id}`);
    expect(page.json().client.paymentReference).toBe(reference);
    expect((await call(clientToken, 'GET', '/api/profile')).json().paymentReference).toBe(
      reference,
    );
    expect((await call(advocateToken, 'GET', '/api/profile')).json().paymentReference).toBeNull();
    const row = await payAtPaybill(20_000, reference.toLowerCase());
    expect(row).toMatchObject({
      status: 'unallocated',
      clientId: client.id,
      unallocatedKsh: 20_000,
    });
  });

  it('refunds part outside the system with a reason and leaves the rest', async () => {
    const row = await payAtPaybill(1_000, '');
    const part = await call(advocateToken, 'POST', `/api/payments/${row.id}/allocate`, {
      to: 'refunded_outside',
      amountKsh: 400,
      reason: 'Sent back to the payer by M-Pesa',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ status: 'unallocated', unallocatedKsh: 600 });
  });

  it('answers 400 with field messages for a bad allocation, and 404 for no such payment', async () => {
    const bad = await call(advocateToken, 'POST', `/api/payments/${crypto.randomUUID()}/allocate`, {
      to: 'fee_note',
      feeNoteId: 'nope',
      reason: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      feeNoteId: 'Choose the fee note',
      reason: 'Say why the money goes there',
    });
    const missing = await call(
      advocateToken,
      'POST',
      `/api/payments/${crypto.randomUUID()}/allocate`,
      {
        to: 'refunded_outside',
        reason: 'Sent back',
      },
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe("Safaricom's calls", () => {
  it('accepts every payment while validation is off (the default)', async () => {
    const { body } = daraja.c2b.payPaybill({ amountKsh: 100, accountNumber: 'nothing' });
    expect((await postC2b('validation', body)).json()).toEqual(accepted);
  });

  it('refuses an account that names nothing, and an overpayment, when the firm asks it to', async () => {
    await setValidation('accounts_and_amounts');
    try {
      const note = await issuedFeeNote(4_000);
      const unknown = daraja.c2b.payPaybill({ amountKsh: 4_000, accountNumber: 'FN19990001' });
      expect((await postC2b('validation', unknown.body)).json()).toEqual({
        ResultCode: 'C2B00012',
        ResultDesc: 'Rejected',
      });
      const over = daraja.c2b.payPaybill({ amountKsh: 4_001, accountNumber: note.number! });
      expect((await postC2b('validation', over.body)).json()).toEqual({
        ResultCode: 'C2B00013',
        ResultDesc: 'Rejected',
      });
      const exact = daraja.c2b.payPaybill({ amountKsh: 4_000, accountNumber: note.number! });
      expect((await postC2b('validation', exact.body)).json()).toEqual(accepted);
      // A booking's reference names a record too (staff allocate what it is paid).
      const startsAt = new Date('2026-12-21T07:00:00Z');
      const [booking] = await ctx.app.db
        .insert(appointments)
        .values({
          title: 'Consultation on the Eastleigh lease',
          description: 'The landlord’s notice to vacate',
          type: 'consultation',
          status: 'confirmed',
          feeKsh: 5_000,
          clientId: client.id,
          clientFirstName: client.firstName,
          clientLastName: client.lastName,
          clientEmail: client.email,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          durationMinutes: 30,
        })
        .returning();
      const forBooking = daraja.c2b.payPaybill({
        amountKsh: 5_000,
        accountNumber: appointmentReference(booking!.id).replace('-', ' ').toLowerCase(),
      });
      expect((await postC2b('validation', forBooking.body)).json()).toEqual(accepted);
      const fractional = daraja.c2b.payPaybill({
        amountKsh: 4_000,
        transAmount: '3999.50',
        accountNumber: note.number!,
      });
      expect((await postC2b('validation', fractional.body)).json()).toMatchObject({
        ResultCode: 'C2B00013',
      });
    } finally {
      await setValidation('off');
    }
  });

  it('answers malformed bodies as Safaricom expects, records nothing and logs no body', async () => {
    const fractional = daraja.c2b.payPaybill({
      amountKsh: 100,
      transAmount: '100.50',
      accountNumber: 'FN1',
    });
    for (const body of [{}, [], { TransID: 42 }, fractional.body]) {
      const answer = await postC2b('confirmation', body);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual(accepted);
      const validation = await postC2b('validation', body);
      expect(validation.statusCode).toBe(200);
    }
    // Not JSON at all, whatever it says it is: still Safaricom's well-formed answer.
    for (const contentType of [
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
    ]) {
      for (const kind of ['confirmation', 'validation', 'status-result'] as const) {
        const answer = await ctx.app.inject({
          method: 'POST',
          url: `/api/payments/c2b/${kind}/${SECRET}`,
          headers: { 'content-type': contentType },
          payload: '{"TransID": "QK8',
        });
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json().ResultDesc).toBeDefined();
      }
    }
    expect(await paybillRow(fractional.transId)).toBeUndefined();
    for (const body of [{}, { Result: {} }, 'x']) {
      const answer = await postC2b('status-result', body);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(accepted);
    }
  });

  it('does not know a wrong secret', async () => {
    const { body } = daraja.c2b.payPaybill({ amountKsh: 100, accountNumber: 'FN1' });
    for (const kind of ['validation', 'confirmation', 'status-result', 'status-timeout'] as const) {
      const answer = await postC2b(kind, body, ctx.app, 'not-the-secret-at-all');
      expect(answer.statusCode).toBe(404);
    }
    const rows = await ctx.app.db
      .select()
      .from(paybillPayments)
      .where(and(eq(paybillPayments.billRefNumber, 'FN1'), eq(paybillPayments.amountKsh, 100)));
    expect(rows).toHaveLength(0);
  });
});

describe('money on account, once the firm has its M-Pesa client account', () => {
  const ledger = async () =>
    (
      await call(advocateToken, 'GET', `/api/client-money/ledgers/${client.id}`)
    ).json() as ClientLedger;
  let waitingId: string;

  it('waits for staff while the firm has no M-Pesa client account', async () => {
    const [me] = await ctx.app.db.select().from(users).where(eq(users.id, client.id));
    const row = await payAtPaybill(3_000, clientPaymentReference(me!.paymentReference!));
    expect(row).toMatchObject({
      status: 'unallocated',
      clientId: client.id,
      unallocatedKsh: 3_000,
    });
    waitingId = row.id;
    const refused = await call(advocateToken, 'POST', `/api/payments/${row.id}/allocate`, {
      to: 'client_money',
      clientId: client.id,
      reason: 'Her deposit',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/no M-Pesa client account/);
  });

  it("puts a client's reference on their ledger and a case number on that case", async () => {
    const added = await call(advocateToken, 'POST', '/api/client-money/accounts', {
      name: 'M-Pesa Client Paybill',
      kind: 'client',
      institution: 'M-PESA (Safaricom)',
      number: daraja.settings().shortcode,
      openingBalanceKsh: 0,
      openingDate: '2026-01-01',
    });
    expect(added.statusCode, added.body).toBe(201);
    const before = (await ledger()).balanceKsh;
    const [me] = await ctx.app.db.select().from(users).where(eq(users.id, client.id));

    const general = await payAtPaybill(20_000, clientPaymentReference(me!.paymentReference!));
    expect(general).toMatchObject({
      status: 'settled',
      settledTo: 'client_money',
      clientId: client.id,
      caseId: null,
      unallocatedKsh: 0,
    });
    expect(general.clientMoneyEntryId).not.toBeNull();

    const plot = await seedCase(ctx, client.id, { assigneeId: advocate.id });
    const onCase = await payAtPaybill(50_000, paybillAccountOf(plot.caseNumber).toLowerCase());
    expect(onCase).toMatchObject({ status: 'settled', settledTo: 'client_money', caseId: plot.id });

    const held = await ledger();
    expect(held.balanceKsh).toBe(before + 70_000);
    expect(held.cases.find((each) => each.caseId === plot.id)?.balanceKsh).toBe(50_000);
    const bell = await bellOf(client.id);
    expect(bell.filter((n) => n.title.startsWith('Deposit received: receipt CR/'))).toHaveLength(2);
  });

  it('lets staff put a waiting payment on a client ledger, with a reason', async () => {
    const notAClient = await call(advocateToken, 'POST', `/api/payments/${waitingId}/allocate`, {
      to: 'client_money',
      clientId: advocate.id,
      reason: 'Her deposit',
    });
    expect(notAClient.statusCode).toBe(404);
    const other = await seedUser(ctx, { role: 'client', email: 'otieno@paybill.test' });
    const othersCase = await seedCase(ctx, other.id, { assigneeId: advocate.id });
    const notHerCase = await call(advocateToken, 'POST', `/api/payments/${waitingId}/allocate`, {
      to: 'client_money',
      clientId: client.id,
      caseId: othersCase.id,
      reason: 'Her deposit',
    });
    expect(notHerCase.statusCode).toBe(400);
    expect(notHerCase.json().errors).toEqual({ caseId: 'Choose one of the client’s cases' });
    const before = (await ledger()).balanceKsh;
    const allocated = await call(advocateToken, 'POST', `/api/payments/${waitingId}/allocate`, {
      to: 'client_money',
      clientId: client.id,
      reason: 'Her deposit for the plot',
    });
    expect(allocated.statusCode, allocated.body).toBe(200);
    expect(allocated.json()).toMatchObject({
      status: 'settled',
      settledTo: 'client_money',
      clientId: client.id,
      unallocatedKsh: 0,
    });
    expect((await ledger()).balanceKsh).toBe(before + 3_000);
  });
});
