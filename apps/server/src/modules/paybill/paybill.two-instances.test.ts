import type { FeeNote } from '@firm/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDarajaSimulator, type DarajaSimulator } from '../../../test/daraja-simulator';
import { useTwoInstances } from '../../../test/two-instances';
import { paybillPayments, payments } from '../../db/schema';
import { eventually, issuedFeeNoteOn, mpesaEnv, SECRET } from './paybill-test-kit';

/**
 * Safaricom's confirmation of one paybill payment reaching two server processes at once (it
 * retries, and a load balancer may send the copies anywhere), and M-Pesa's Result reaching both:
 * exactly one paybill payment and one fee note payment are recorded. Needs TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('paybill confirmations racing on two app instances', () => {
  let daraja: DarajaSimulator;
  beforeAll(async () => {
    daraja = await startDarajaSimulator({ callback: 'manual' });
    daraja.c2b.resultTiming('manual');
  });
  afterAll(() => daraja.close());
  const { apps, contextOf } = useTwoInstances(
    serverUrl!,
    'paybill',
    { messageNotices: false },
    () => mpesaEnv(daraja),
  );

  it('records one payment when both processes get the same confirmation and Result', async () => {
    const [a, b] = [apps[0]!.app, apps[1]!.app];
    const ctx = contextOf(0);
    const { staff, note, number } = await issuedFeeNoteOn(a, ctx, {
      domain: 'paybill-race.test',
      amountKsh: 30_000,
    });

    const { transId, body } = daraja.c2b.payPaybill({ amountKsh: 30_000, accountNumber: number });
    const answers = await Promise.all(
      [a, b, a, b].map((app) =>
        app.inject({
          method: 'POST',
          url: `/api/payments/c2b/confirmation/${SECRET}`,
          payload: body,
        }),
      ),
    );
    expect(answers.map((answer) => answer.json())).toEqual(
      Array(4).fill({ ResultCode: 0, ResultDesc: 'Accepted' }),
    );

    const question = await eventually(
      async () => daraja.c2b.questions.find((each) => each.body.TransactionID === transId),
      (found) => found !== undefined,
    );
    const path = new URL(String(question!.body.ResultURL)).pathname;
    await Promise.all(
      [a, b].map((app) =>
        app.inject({
          method: 'POST',
          url: path,
          payload: question!.result as InjectOptions['payload'],
        }),
      ),
    );
    const [row] = await eventually(
      () => a.db.select().from(paybillPayments).where(eq(paybillPayments.transId, transId)),
      (rows) => rows[0]?.status === 'settled',
    );
    expect(row).toMatchObject({ feeNoteId: note.id, unallocatedKsh: 0 });
    const rows = await a.db.select().from(payments).where(eq(payments.feeNoteId, note.id));
    expect(rows).toHaveLength(1);
    const paid = (
      await b.inject({ method: 'GET', url: `/api/fee-notes/${note.id}`, headers: staff })
    ).json() as FeeNote;
    expect(paid.status).toBe('paid');
    expect(paid.totals.paidKsh).toBe(30_000);
  });
});
