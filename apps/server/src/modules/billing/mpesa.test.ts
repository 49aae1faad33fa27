import { describeAuditEntry, type FeeNote, type Payment } from '@firm/shared';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { settleMail } from '../../../test/helpers';
import { eq } from 'drizzle-orm';
import { deliveries, payments } from '../../db/schema';
import { queryDuePushes, type MpesaDeps } from './mpesa.service';
import { createDarajaClient } from '../../lib/daraja';
import {
  useMpesaTestContext,
  SECRET,
  ctx,
  daraja,
  client,
  advocateToken,
  clientToken,
  otherToken,
  call,
  issuedFeeNote,
  pay,
  postCallback,
} from './mpesa-test-kit';

/**
 * Paying a fee note by M-Pesa (ADR 034) against a local Daraja that speaks Safaricom's documented
 * formats: a payment is recorded only when the STK push query confirms it, for the amount asked,
 * with a receipt number not seen before; a callback alone changes nothing; pushes Daraja will not
 * answer.
 */

useMpesaTestContext();

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
    expect(payments.every((each) => each.source === 'stk_push')).toBe(true);
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
    expect(text).toContain(`Pay Bill 174379, account ${note.number!.replaceAll('/', '')}`);
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
        source: 'stk_push' as const,
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
