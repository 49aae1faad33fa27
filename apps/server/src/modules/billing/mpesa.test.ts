import { describeAuditEntry, type FeeNote, type Payment } from '@firm/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startDarajaSimulator, type DarajaSimulator } from '../../../test/daraja-simulator';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { and, eq } from 'drizzle-orm';
import { notifications, type UserRow } from '../../db/schema';
import { queryDuePushes, type MpesaDeps } from './mpesa.service';
import { createDarajaClient } from '../../lib/daraja';
import { hashToken } from '../../lib/tokens';
import { insertAppointment } from '../appointments/appointments.repository';

/**
 * Paying a fee note by M-Pesa (ADR 034) against a local Daraja that speaks Safaricom's documented
 * formats: a payment is recorded only when the STK push query confirms it, for the amount asked,
 * with a receipt number not seen before; a callback alone changes nothing.
 */

const SECRET = 'callback-secret-0123456789';
let ctx: TestContext;
let daraja: DarajaSimulator;
let advocate: UserRow;
let client: UserRow;
let otherClient: UserRow;
let advocateToken: string;
let clientToken: string;
let otherToken: string;

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload: payload as InjectOptions['payload'] } : {}),
  });

async function issuedFeeNote(unitPriceKsh = 12_500): Promise<FeeNote> {
  const drafted = await call(advocateToken, 'POST', '/api/fee-notes', {
    clientId: client.id,
    dueDate: '2026-12-15',
    lines: [{ kind: 'fee', description: 'Advice on the tenancy', quantity: 1, unitPriceKsh }],
  });
  const issued = await call(
    advocateToken,
    'POST',
    `/api/fee-notes/${drafted.json().feeNote.id}/issue`,
  );
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json().feeNote as FeeNote;
}

let address = 0;
/** Each push from its own address: the per-address limit (a person taps Pay a few times) is not what is tested. */
const nextAddress = () => `10.77.${Math.floor((address += 1) / 250)}.${address % 250}`;

async function pay(feeNoteId: string, phone = '0712 345 678') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/mpesa',
    remoteAddress: nextAddress(),
    headers: bearer(clientToken),
    payload: { feeNoteId, phone },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json() as { id: string; checkoutRequestId: string; message: string };
}

/** Posts Safaricom's callback to the app's address, as Daraja would, and waits for its work. */
async function postCallback(body: unknown, secret = SECRET) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/mpesa/callback/${secret}`,
    payload: body as InjectOptions['payload'],
  });
  await ctx.app.backgroundTasks.drain();
  return response;
}

const paymentOf = async (id: string, token = clientToken) =>
  (await call(token, 'GET', `/api/payments/${id}`)).json() as Payment;
const feeNoteOf = async (id: string) =>
  (await call(clientToken, 'GET', `/api/fee-notes/${id}`)).json() as FeeNote;

beforeAll(async () => {
  daraja = await startDarajaSimulator({ callback: 'manual' });
  const settings = daraja.settings({ callbackSecret: SECRET });
  ctx = await createTestContext({
    MPESA_BASE_URL: settings.baseUrl,
    MPESA_CONSUMER_KEY: settings.consumerKey,
    MPESA_CONSUMER_SECRET: settings.consumerSecret,
    MPESA_SHORTCODE: settings.shortcode,
    MPESA_PASSKEY: settings.passkey,
    MPESA_CALLBACK_SECRET: SECRET,
  });
  advocate = await seedUser(ctx, { role: 'advocate', email: 'achieng@mpesa.test' });
  client = await seedUser(ctx, {
    role: 'client',
    email: 'wanjiru.kamau-njoroge@mpesa.test',
    firstName: 'Wanjiru',
    lastName: 'Kamau-Njoroge',
    phone: '+254712345678',
  });
  otherClient = await seedUser(ctx, { role: 'client', email: 'otieno@mpesa.test' });
  advocateToken = await sessionFor(ctx, advocate);
  clientToken = await sessionFor(ctx, client);
  otherToken = await sessionFor(ctx, otherClient);
});
afterAll(async () => {
  await ctx.close();
  await daraja.close();
});

describe('paying a fee note by M-Pesa', () => {
  it('pushes to the phone, and records the payment once Safaricom confirms it', async () => {
    const note = await issuedFeeNote();
    const started = await pay(note.id);
    expect(started.message).toBe('Check your phone and enter your M-Pesa PIN');
    const push = daraja.push(started.checkoutRequestId);
    expect(push.amount).toBe(12_500);
    expect(push.phone).toBe('254712345678');
    expect(push.accountReference).toBe(note.number);
    expect(push.callbackUrl).toBe(`http://portal.test/api/mpesa/callback/${SECRET}`);
    expect((await paymentOf(started.id)).status).toBe('pending');

    daraja.complete(started.checkoutRequestId);
    const answer = await postCallback(daraja.callbackBody(started.checkoutRequestId));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(daraja.queries(started.checkoutRequestId)).toBeGreaterThan(0);

    const payment = await paymentOf(started.id);
    expect(payment.status).toBe('succeeded');
    expect(payment.receiptNumber).toMatch(/^RC\/\d{4}\/\d{4}$/);
    expect(payment.mpesa?.receiptNumber).toBe(push.receiptNumber);
    expect((await feeNoteOf(note.id)).status).toBe('paid');
    // Every money movement is audited, and its sentence names the payment.
    const audit = await call(
      advocateToken,
      'GET',
      '/api/settings/audit-log?action=payment.received',
    );
    expect(describeAuditEntry(audit.json().entries[0]).text, audit.body).toBe(
      `M-Pesa confirmed a payment from ${client.firstName} ${client.lastName} of KSh 12,500 for fee note ${note.number} (receipt ${payment.receiptNumber}, M-Pesa ${push.receiptNumber})`,
    );
    await settleMail(ctx);
    expect(ctx.mail.some((mail) => mail.subject.includes(payment.receiptNumber!))).toBe(true);

    // The same callback again changes nothing.
    await postCallback(daraja.callbackBody(started.checkoutRequestId));
    const payments = (await call(clientToken, 'GET', `/api/payments?feeNoteId=${note.id}`)).json()
      .payments as Payment[];
    expect(payments.filter((each) => each.status === 'succeeded')).toHaveLength(1);
  });

  it('says in plain words when the payer cancels (1032) or does not answer (1037)', async () => {
    for (const [outcome, text] of [
      ['cancelled', 'You cancelled the M-Pesa request on your phone. Nothing was paid.'],
      ['timeout', /did not answer the M-Pesa request in time/],
    ] as const) {
      const note = await issuedFeeNote();
      daraja.nextOutcome(outcome, { callback: 'manual' });
      const started = await pay(note.id);
      await postCallback(
        (await daraja.sendCallback(started.checkoutRequestId, { url: 'http://127.0.0.1:9/' })).body,
      );
      const payment = await paymentOf(started.id);
      expect(payment.status).toBe('failed');
      expect(payment.mpesa?.failureText).toMatch(text);
      expect((await feeNoteOf(note.id)).status).toBe('issued');
    }
  });

  it('settles a push whose callback never comes, by asking Safaricom later', async () => {
    const note = await issuedFeeNote();
    daraja.nextOutcome('success', { callback: 'never' });
    const started = await pay(note.id);
    const deps: MpesaDeps = {
      db: ctx.database.db,
      daraja: createDarajaClient(daraja.settings({ callbackSecret: SECRET })),
      publicUrl: 'http://portal.test',
      callbackSecret: SECRET,
    };
    // Not yet due: nothing is asked in the first 2 minutes.
    expect(await queryDuePushes(deps, new Date())).toBe(0);
    expect(await queryDuePushes(deps, new Date(Date.now() + 3 * 60_000))).toBeGreaterThan(0);
    const payment = await paymentOf(started.id);
    expect(payment.status).toBe('succeeded');
    expect(payment.mpesa?.receiptNumber).toBeNull();
    expect((await feeNoteOf(note.id)).status).toBe('paid');
  });

  it('ignores a forged callback for an unknown request, and a wrong address', async () => {
    const note = await issuedFeeNote();
    const started = await pay(note.id);
    const forged = daraja.callbackBody(started.checkoutRequestId, {
      checkoutRequestId: 'ws_CO_000000000000000000000',
    });
    expect((await postCallback(forged)).statusCode).toBe(200);
    expect(
      (await postCallback(daraja.callbackBody(started.checkoutRequestId), 'wrong-secret-0000000'))
        .statusCode,
    ).toBe(404);
    // A success claimed before Safaricom's query says so records nothing.
    expect(
      (await postCallback(daraja.callbackBody(started.checkoutRequestId, { complete: false })))
        .statusCode,
    ).toBe(200);
    expect((await paymentOf(started.id)).status).toBe('pending');
    expect((await feeNoteOf(note.id)).status).toBe('issued');
  });

  it('flags a callback whose amount differs from what was asked, for staff', async () => {
    const note = await issuedFeeNote();
    const started = await pay(note.id);
    daraja.complete(started.checkoutRequestId);
    await postCallback(daraja.callbackBody(started.checkoutRequestId, { amount: 1 }));
    const staffView = await paymentOf(started.id, advocateToken);
    expect(staffView.status).toBe('failed');
    expect(staffView.flaggedReason).toMatch(/KSh 1 for a request of KSh 12,500/);
    const clientView = await paymentOf(started.id);
    expect(clientView.flaggedReason).toBeNull();
    const [bell] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, advocate.id), eq(notifications.kind, 'payment_flagged')));
    expect(bell?.message).toMatch(/KSh 1 for a request of KSh 12,500/);
    expect(bell?.actionUrl).toBe(`/billing/${note.id}`);
    // The money left their phone: the client is not told that nothing was paid.
    expect(clientView.mpesa?.failureText).toMatch(/M-Pesa took this payment/);
    expect((await feeNoteOf(note.id)).status).toBe('issued');
  });

  it("refuses another client's fee note (404) and a second push while one waits (409)", async () => {
    const note = await issuedFeeNote();
    const other = await call(otherToken, 'POST', '/api/payments/mpesa', {
      feeNoteId: note.id,
      phone: '0722000111',
    });
    expect(other.statusCode).toBe(404);
    await pay(note.id);
    const again = await call(clientToken, 'POST', '/api/payments/mpesa', {
      feeNoteId: note.id,
      phone: '0712345678',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already on its way to your phone/);
    const badPhone = await call(clientToken, 'POST', '/api/payments/mpesa', {
      feeNoteId: note.id,
      phone: '12345',
    });
    expect(badPhone.statusCode).toBe(400);
  });
});

describe("a visitor paying their booking's fee from the emailed link", () => {
  const TOKEN = 'visitor-link-token-0123456789abcdef';
  const link = (path: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/payments/mpesa/visitor${path}`,
      remoteAddress: nextAddress(),
      payload: payload as InjectOptions['payload'],
    });

  it('pushes to their phone for the fee, follows it, and marks the booking paid', async () => {
    const startsAt = new Date(Date.now() + 3 * 24 * 60 * 60_000);
    const booking = await insertAppointment(ctx.database.db, {
      title: 'Initial consultation: land at Kitengela',
      description: 'Title deed and a boundary dispute',
      type: 'consultation',
      status: 'scheduled',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      durationMinutes: 30,
      feeKsh: 5_000,
      clientFirstName: 'Njeri',
      clientLastName: 'Wambui',
      clientEmail: 'njeri.wambui@visitor.test',
      clientPhone: '+254722111333',
      advocateId: advocate.id,
      visitorTokenHash: hashToken(TOKEN),
    });
    const wrong = await link('', { token: 'x'.repeat(40), phone: '0722111333' });
    expect(wrong.statusCode).toBe(404);

    const started = await link('', { token: TOKEN, phone: '0722 111 333' });
    expect(started.statusCode, started.body).toBe(202);
    const { id, checkoutRequestId } = started.json() as { id: string; checkoutRequestId: string };
    expect(daraja.push(checkoutRequestId).amount).toBe(5_000);

    daraja.complete(checkoutRequestId);
    await postCallback(daraja.callbackBody(checkoutRequestId));
    const status = await link('/status', { token: TOKEN, paymentId: id });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ status: 'succeeded', recordedBy: null });
    expect((status.json() as Payment).receiptNumber).toMatch(/^RC\//);

    const staffView = await call(advocateToken, 'GET', `/api/appointments/${booking.id}`);
    expect(staffView.json().appointment.paymentStatus).toBe('paid');
    // Paid: nothing more to ask the phone for.
    const again = await link('', { token: TOKEN, phone: '0722111333' });
    expect(again.statusCode).toBe(409);
    // Another booking's payment is not this link's to see.
    const other = await link('/status', {
      token: TOKEN,
      paymentId: (await pay((await issuedFeeNote()).id)).id,
    });
    expect(other.statusCode).toBe(404);
  });
});
