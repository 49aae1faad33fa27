import type { FeeNote } from '@firm/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, notifications, paybillPayments, paybillSweeps, payments } from '../../db/schema';
import { createDarajaClient } from '../../lib/daraja';
import {
  advocate,
  advocateToken,
  call,
  clientToken,
  ctx,
  daraja,
  issuedFeeNote,
  paybillRow,
  postC2b,
  SECRET,
  settledRow,
  usePaybillTestContext,
} from './paybill-test-kit';
import { runPaybillSweep, type SweepDeps } from './sweep.service';

/**
 * The daily sweep (ADR 054): Safaricom's Pull Transactions list read for the last day, what the
 * firm never heard of recorded once and settled, reversals undone, stale pushes settled. The
 * local Daraja lists every payment made at the paybill, confirmation posted or not.
 */
usePaybillTestContext();

const sweep = async () => {
  const answer = await call(advocateToken, 'POST', '/api/settings/mpesa/sweep');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    ran: boolean;
    recorded: number;
    reversed: number;
    pushesSettled: number;
  };
};

const feeNote = async (id: string) =>
  (await call(advocateToken, 'GET', `/api/fee-notes/${id}`)).json() as FeeNote;

const paymentsOn = (feeNoteId: string) =>
  ctx.app.db.select().from(payments).where(eq(payments.feeNoteId, feeNoteId));

describe('the daily paybill sweep', () => {
  it('records a payment whose confirmation never came, once, however often it runs', async () => {
    const note = await issuedFeeNote(8_000);
    const { transId } = daraja.c2b.payPaybill({ amountKsh: 8_000, accountNumber: note.number! });

    const first = await sweep();
    expect(first).toMatchObject({ ran: true, recorded: 1 });
    expect(await paybillRow(transId)).toMatchObject({
      status: 'settled',
      foundBy: 'sweep',
      feeNoteId: note.id,
      amountKsh: 8_000,
      unallocatedKsh: 0,
    });
    expect((await sweep()).recorded).toBe(0);

    const rows = await paymentsOn(note.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'sweep', status: 'succeeded', amountKsh: 8_000 });
    expect(rows[0]!.receiptNumber).toMatch(/^RC\//);
    expect(await feeNote(note.id)).toMatchObject({ status: 'paid' });
    // Safaricom's list was read with the window's Nairobi times, from the first row.
    expect(daraja.pull.queries[0]).toMatchObject({ ShortCode: '174379', OffSetValue: '0' });
    expect(String(daraja.pull.queries[0]!.StartDate)).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    // The paybill was registered for Pull Transactions once, with the firm's nominated number.
    expect(daraja.pull.registrations).toBe(1);
    expect(daraja.pull.registered).toMatchObject({
      RequestType: 'Pull',
      NominatedNumber: '0722000000',
    });
  });

  it('reads every page of the list', async () => {
    daraja.pull.pageSize(2);
    try {
      const notes = [
        await issuedFeeNote(1_000),
        await issuedFeeNote(2_000),
        await issuedFeeNote(3_000),
      ];
      const made = notes.map((note) =>
        daraja.c2b.payPaybill({ amountKsh: note.totals.totalKsh, accountNumber: note.number! }),
      );
      const before = daraja.pull.queries.length;
      expect((await sweep()).recorded).toBe(3);
      const offsets = daraja.pull.queries.slice(before).map((query) => query.OffSetValue);
      expect(offsets.slice(0, 2)).toEqual(['0', '2']);
      for (const { transId } of made) expect((await paybillRow(transId))?.status).toBe('settled');
    } finally {
      daraja.pull.pageSize(100);
    }
  });

  it('records one payment when the confirmation arrives as the sweep runs', async () => {
    const note = await issuedFeeNote(5_500);
    const { transId, body } = daraja.c2b.payPaybill({
      amountKsh: 5_500,
      accountNumber: note.number!,
    });
    const [confirmation] = await Promise.all([postC2b('confirmation', body), sweep()]);
    expect(confirmation.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });

    const row = await settledRow(transId);
    expect(row).toMatchObject({ status: 'settled', feeNoteId: note.id });
    const rows = await ctx.app.db
      .select()
      .from(paybillPayments)
      .where(eq(paybillPayments.transId, transId));
    expect(rows).toHaveLength(1);
    expect(await paymentsOn(note.id)).toHaveLength(1);
    expect((await feeNote(note.id)).totals.paidKsh).toBe(5_500);
  });

  it('runs once when two runs start together', async () => {
    const deps: SweepDeps = {
      db: ctx.app.db,
      daraja: createDarajaClient(daraja.settings({ callbackSecret: SECRET })),
      canAskStatus: true,
      shortcode: '174379',
      publicUrl: 'http://portal.test',
      callbackSecret: SECRET,
      firmNotifyEmail: 'office@portal.test',
    };
    // Today's row from the runs above is finished: the schedule's runs do not run it again.
    expect((await runPaybillSweep(deps)).ran).toBe(false);
    await ctx.app.db.delete(paybillSweeps);
    const runs = await Promise.all([runPaybillSweep(deps), runPaybillSweep(deps)]);
    expect(runs.map((run) => run.ran).sort()).toEqual([false, true]);
    const [day] = await ctx.app.db.select().from(paybillSweeps);
    expect(day?.finishedAt).toBeInstanceOf(Date);
    expect(day?.error).toBeNull();
  });

  it('undoes a payment M-Pesa reversed: the fee note owes it again, the advocates are told', async () => {
    const note = await issuedFeeNote(9_000);
    const { transId } = daraja.c2b.payPaybill({ amountKsh: 9_000, accountNumber: note.number! });
    await sweep();
    expect(await feeNote(note.id)).toMatchObject({ status: 'paid' });

    daraja.pull.reverse(transId);
    expect((await sweep()).reversed).toBe(1);
    expect((await sweep()).reversed).toBe(0);

    expect(await paybillRow(transId)).toMatchObject({ status: 'reversed', unallocatedKsh: 0 });
    const [payment] = await paymentsOn(note.id);
    expect(payment).toMatchObject({ status: 'reversed' });
    expect(payment!.receiptNumber).toMatch(/^RC\//);
    const reopened = await feeNote(note.id);
    expect(reopened.status).toBe('issued');
    expect(reopened.totals.paidKsh).toBe(0);

    const bell = await ctx.app.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, advocate.id),
          eq(notifications.title, 'M-Pesa reversed a paybill payment'),
        ),
      );
    expect(bell).toHaveLength(1);
    expect(bell[0]!.message).toContain(note.number!);
    const audited = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'paybill_payment.reversed'));
    expect(audited.map((entry) => (entry.details as { transId: string }).transId)).toEqual([
      transId,
    ]);
    // The client sees the payment as reversed in their list.
    const mine = await call(clientToken, 'GET', '/api/payments?status=reversed');
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it('does not record a payment it lists as already reversed', async () => {
    const note = await issuedFeeNote(4_000);
    const { transId } = daraja.c2b.payPaybill({ amountKsh: 4_000, accountNumber: note.number! });
    daraja.pull.reverse(transId);
    expect(await sweep()).toMatchObject({ recorded: 0, reversed: 0 });
    expect(await paybillRow(transId)).toBeUndefined();
    expect(await feeNote(note.id)).toMatchObject({ status: 'issued' });
  });

  it('settles an M-Pesa prompt still pending long after it was made', async () => {
    const note = await issuedFeeNote(2_500);
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/mpesa',
      remoteAddress: '10.88.0.1',
      headers: { authorization: `Bearer ${clientToken}` },
      payload: { feeNoteId: note.id, phone: '0712 345 678' },
    });
    expect(started.statusCode, started.body).toBe(202);
    const { id, checkoutRequestId } = started.json() as { id: string; checkoutRequestId: string };
    // The phone paid, but the callback never came and the scheduled question is hours away.
    daraja.complete(checkoutRequestId);
    await ctx.app.db
      .update(payments)
      .set({
        createdAt: new Date(Date.now() - 60 * 60_000),
        nextQueryAt: new Date(Date.now() + 4 * 60 * 60_000),
      })
      .where(eq(payments.id, id));

    expect((await sweep()).pushesSettled).toBe(1);
    const [push] = await ctx.app.db.select().from(payments).where(eq(payments.id, id));
    expect(push).toMatchObject({ status: 'succeeded', source: 'stk_push' });
    expect(await feeNote(note.id)).toMatchObject({ status: 'paid' });
  });
});
