import { type Payment } from '@firm/shared';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts';
import { and, eq } from 'drizzle-orm';
import { appointments, deliveries, notifications } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { insertAppointment } from '../appointments/appointments.repository';
import {
  useMpesaTestContext,
  ctx,
  daraja,
  advocate,
  advocateToken,
  clientToken,
  call,
  issuedFeeNote,
  nextAddress,
  pay,
  postCallback,
} from './mpesa-test-kit';

/**
 * Paying by M-Pesa (ADR 034) against a local Daraja: how many PIN prompts one fee note may ring,
 * and a visitor paying their booking's fee from the emailed link.
 */

useMpesaTestContext();

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
