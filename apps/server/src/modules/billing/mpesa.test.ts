import { describeAuditEntry, type FeeNote, type Payment } from '@firm/shared';
import type { InjectOptions } from 'fastify';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startDarajaSimulator, type DarajaSimulator } from '../../../test/daraja-simulator';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { and, eq } from 'drizzle-orm';
import { appointments, deliveries, notifications, payments, type UserRow } from '../../db/schema';
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

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
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

/** A PDF's text as poppler reads it. */
function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'mpesa-pdf-')), 'doc.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
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
    expect(push.accountReference).toBe(note.number!.replaceAll('/', ''));
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

  it("settles by the query when a forged callback with another amount comes before Safaricom's", async () => {
    const note = await issuedFeeNote();
    const started = await pay(note.id);
    daraja.complete(started.checkoutRequestId);
    // A stranger who learnt the address claims KSh 1 first; the query says the push succeeded.
    await postCallback(
      daraja.callbackBody(started.checkoutRequestId, { amount: 1, receiptNumber: 'FORGED0001' }),
    );
    const settled = await paymentOf(started.id, advocateToken);
    expect(settled.status).toBe('succeeded');
    expect(settled.flaggedReason).toBeNull();
    expect(settled.mpesa?.receiptNumber).toBeNull();
    expect((await feeNoteOf(note.id)).status).toBe('paid');
    // Safaricom's own callback, after, gives the payment its real M-Pesa code.
    await postCallback(daraja.callbackBody(started.checkoutRequestId));
    expect((await paymentOf(started.id)).mpesa?.receiptNumber).toBe(
      daraja.push(started.checkoutRequestId).receiptNumber,
    );
  });

  it("takes only M-Pesa's receipt format from a callback, never words into the client's text", async () => {
    const note = await issuedFeeNote();
    const started = await pay(note.id);
    daraja.complete(started.checkoutRequestId);
    await postCallback(
      daraja.callbackBody(started.checkoutRequestId, {
        receiptNumber: 'TX1 Call 0700000000 to confirm',
      }),
    );
    const payment = await paymentOf(started.id);
    expect(payment.status).toBe('succeeded');
    expect(payment.mpesa?.receiptNumber).toBeNull();
    await settleMail(ctx);
    const sent = await ctx.database.db.select().from(deliveries);
    expect(sent.some((each) => each.body.includes(payment.receiptNumber!))).toBe(true);
    expect(sent.some((each) => each.body.includes('0700000000'))).toBe(false);
  });

  it('shows the paybill the pushes pay, whatever System Settings hold, with the account number to type', async () => {
    const current = (await call(advocateToken, 'GET', '/api/settings/firm')).json().settings;
    const saved = await call(advocateToken, 'PUT', '/api/settings/firm', {
      ...current,
      mpesaNumber: '522533',
      mpesaInstructions: 'Account number: your fee note number, for example FN20260001',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stats = (await call(clientToken, 'GET', '/api/dashboard/stats')).json();
    expect(stats.client.payment).toMatchObject({ mpesaKind: 'paybill', mpesaNumber: '174379' });
    const note = await issuedFeeNote();
    const pdf = await call(clientToken, 'GET', `/api/fee-notes/${note.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toMatch(new RegExp(`Paybill 174379, Account ${note.number!.replaceAll('/', '')}`));
    expect(text).not.toContain('522533');
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

describe('pushes Daraja will not answer', () => {
  const deps = (): MpesaDeps => ({
    db: ctx.database.db,
    daraja: createDarajaClient(daraja.settings({ callbackSecret: SECRET })),
    publicUrl: 'http://portal.test',
    callbackSecret: SECRET,
  });
  /** Pending pushes Daraja does not know (its query: 400 "Invalid CheckoutRequestID"). */
  async function unknownPushes(count: number, tag: string) {
    const note = await issuedFeeNote(3_000);
    const longAgo = new Date(Date.now() - 60 * 60_000);
    await ctx.database.db.insert(payments).values(
      Array.from({ length: count }, (_, index) => ({
        clientId: client.id,
        feeNoteId: note.id,
        amountKsh: 3_000,
        method: 'mpesa' as const,
        status: 'pending' as const,
        phone: '+254712345678',
        checkoutRequestId: `ws_CO_2911202604${tag}${String(index).padStart(6, '0')}`,
        createdAt: longAgo,
        nextQueryAt: new Date(longAgo.getTime() + 2 * 60_000),
      })),
    );
    return note;
  }
  const statusesOn = (feeNoteId: string) =>
    ctx.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.feeNoteId, feeNoteId));

  it('are given up after a few refused queries, not asked about for ever', async () => {
    const stuck = await unknownPushes(2, 'B');
    for (let hour = 1; hour <= 6; hour += 1) {
      await queryDuePushes(deps(), new Date(Date.now() + hour * 60 * 60_000));
    }
    const left = await statusesOn(stuck.id);
    expect(left.map((each) => each.status)).toEqual(['failed', 'failed']);
  });

  it('do not keep a paid push behind them from being asked about', async () => {
    await unknownPushes(52, 'A');
    const note = await issuedFeeNote();
    daraja.nextOutcome('success', { callback: 'never' });
    const started = await pay(note.id);
    // Two runs of the minute's job: the first takes 50 of the 52, each moved on after its answer.
    const later = new Date(Date.now() + 3 * 60_000);
    await queryDuePushes(deps(), later);
    await queryDuePushes(deps(), later);
    expect((await paymentOf(started.id)).status).toBe('succeeded');
  });
});

describe('how many PIN prompts one fee note may ring', () => {
  it('stops after a few numbers and a few a day, says how to pay by paybill, and tells the firm', async () => {
    const note = await issuedFeeNote();
    const payFrom = (phone: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/mpesa',
        remoteAddress: nextAddress(),
        headers: bearer(clientToken),
        payload: { feeNoteId: note.id, phone },
      });
    const decline = async (phone: string) => {
      daraja.nextOutcome('cancelled', { callback: 'manual' });
      const response = await payFrom(phone);
      expect(response.statusCode, response.body).toBe(202);
      const { checkoutRequestId } = response.json() as { checkoutRequestId: string };
      daraja.complete(checkoutRequestId);
      await postCallback(daraja.callbackBody(checkoutRequestId));
    };
    // Three numbers, each declined at once (a decline frees the next push).
    for (const phone of ['0712345678', '0722000111', '0733000222']) await decline(phone);
    const fourth = await payFrom('0744000333');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(
      `We cannot send more M-Pesa requests for this today. To pay now, use M-Pesa Pay Bill: business number 174379, account number ${note.number!.replaceAll('/', '')}.`,
    );
    // The numbers already tried still may be asked, up to five a day in all.
    await decline('0712345678');
    await decline('0722000111');
    const sixth = await payFrom('0712345678');
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toMatch(/Pay Bill: business number 174379/);
    const bells = await ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, advocate.id),
          eq(notifications.title, 'M-Pesa requests stopped for today'),
        ),
      );
    // Once a day per fee note, however often the cap is hit.
    expect(bells).toHaveLength(1);
    expect(bells[0]!.message).toContain(note.number!);
    expect(bells[0]!.actionUrl).toBe(`/billing/${note.id}`);
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

  const booking = (token: string, status: 'scheduled' | 'confirmed', daysAhead: number) => {
    const startsAt = new Date(Date.now() + daysAhead * 24 * 60 * 60_000);
    return insertAppointment(ctx.database.db, {
      title: 'Initial consultation: land at Kitengela',
      description: 'Title deed and a boundary dispute',
      type: 'consultation',
      status,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      durationMinutes: 30,
      feeKsh: 5_000,
      clientFirstName: 'Njeri',
      clientLastName: 'Wambui',
      clientEmail: 'njeri.wambui@visitor.test',
      clientPhone: '+254722111333',
      advocateId: advocate.id,
      visitorTokenHash: hashToken(token),
    });
  };

  it('rings only the booked phone, and one other number once, of a confirmed booking', async () => {
    const token = 'visitor-link-token-caps-0123456789abcdef';
    const unconfirmed = await booking(token, 'scheduled', 4);
    const pushesBefore = daraja.pushes.length;
    const early = await link('', { token, phone: '0722111333' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/once the firm has confirmed your booking/);
    expect(daraja.pushes).toHaveLength(pushesBefore);
    await ctx.database.db
      .update(appointments)
      .set({ status: 'confirmed' })
      .where(eq(appointments.id, unconfirmed.id));

    const decline = async (phone: string) => {
      daraja.nextOutcome('cancelled', { callback: 'manual' });
      const response = await link('', { token, phone });
      expect(response.statusCode, response.body).toBe(202);
      const { checkoutRequestId } = response.json() as { checkoutRequestId: string };
      expect(daraja.push(checkoutRequestId).accountReference).toBe(
        `APT${unconfirmed.id.slice(0, 8).toUpperCase()}`,
      );
      daraja.complete(checkoutRequestId);
      await postCallback(daraja.callbackBody(checkoutRequestId));
    };
    await decline('0722111333');
    await decline('0733444555');
    // A third number (the attack: every stranger's phone in turn) is refused, with what to do.
    const third = await link('', { token, phone: '0799000111' });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(
      `We cannot send more M-Pesa requests for this today. To pay now, use M-Pesa Pay Bill: business number 174379, account number APT${unconfirmed.id.slice(0, 8).toUpperCase()}.`,
    );
    // The booked phone may still be asked.
    await decline('+254 722 111 333');
  });

  it('pushes to their phone for the fee, follows it, and marks the booking paid', async () => {
    const paid = await booking(TOKEN, 'confirmed', 3);
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

    const staffView = await call(advocateToken, 'GET', `/api/appointments/${paid.id}`);
    expect(staffView.statusCode, staffView.body).toBe(200);
    expect(staffView.json().appointment.paymentStatus).toBe('paid');
    // Paid: nothing more to ask the phone for.
    const again = await link('', { token: TOKEN, phone: '0722111333' });
    expect(again.statusCode).toBe(409);
    // The receipt: emailed to the address they booked with, the PDF attached ...
    const receiptNumber = (status.json() as Payment).receiptNumber!;
    const [mail] = await ctx.database.db
      .select()
      .from(deliveries)
      .where(
        and(
          eq(deliveries.recipient, 'njeri.wambui@visitor.test'),
          eq(deliveries.kind, 'payment_receipt'),
        ),
      );
    expect(mail?.subject).toBe(`Your receipt ${receiptNumber}`);
    expect(mail?.body).toContain(
      `We received KSh 5,000 for booking APT-${paid.id.slice(0, 8).toUpperCase()}`,
    );
    expect(mail?.attachments?.[0]).toMatchObject({
      filename: `${receiptNumber.replaceAll('/', '-')}.pdf`,
      contentType: 'application/pdf',
      encoding: 'base64',
    });
    expect(Buffer.from(mail!.attachments![0]!.content, 'base64').subarray(0, 5).toString()).toBe(
      '%PDF-',
    );
    // ... and downloaded with the link's token, for this booking's payments only.
    for (const named of [{ paymentId: id }, {}]) {
      const pdf = await link('/receipt', { token: TOKEN, ...named });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain(receiptNumber.replaceAll('/', '-'));
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Another booking's payment is not this link's to see.
    const othersPayment = (await pay((await issuedFeeNote()).id)).id;
    const other = await link('/status', { token: TOKEN, paymentId: othersPayment });
    expect(other.statusCode).toBe(404);
    const othersReceipt = await link('/receipt', { token: TOKEN, paymentId: othersPayment });
    expect(othersReceipt.statusCode).toBe(404);
    const noLink = await link('/receipt', { token: 'y'.repeat(40), paymentId: id });
    expect(noLink.statusCode).toBe(404);
  });
});
