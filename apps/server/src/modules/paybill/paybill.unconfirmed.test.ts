import { Writable } from 'node:stream';
import type { PaybillPayment } from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startDarajaSimulator, type DarajaSimulator } from '../../../test/daraja-simulator';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { mpesaEnv } from './paybill-test-kit';

/**
 * A firm with M-Pesa set up but no Transaction Status initiator yet (a fresh install): paybill
 * payments are recorded and listed for staff, never confirmed, so no money is placed and none can
 * be allocated until M-Pesa has confirmed them (ADR 047).
 */
describe('paybill payments without a Transaction Status initiator', () => {
  let daraja: DarajaSimulator;
  let ctx: TestContext;
  const log: string[] = [];
  beforeAll(async () => {
    daraja = await startDarajaSimulator({ callback: 'manual' });
    const {
      MPESA_INITIATOR_NAME: _name,
      MPESA_SECURITY_CREDENTIAL: _credential,
      ...env
    } = mpesaEnv(daraja);
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(chunk.toString());
        done();
      },
    });
    ctx = await createTestContext(env, { logStream });
  });
  afterAll(async () => {
    await ctx.close();
    await daraja.close();
  });

  it('records the payment, asks M-Pesa nothing, and lists it for staff unconfirmed', async () => {
    const advocate = bearer(
      await sessionFor(ctx, await seedUser(ctx, { role: 'advocate', email: 'a@fresh.test' })),
    );
    const { transId, body } = daraja.c2b.payPaybill({ amountKsh: 7_500, accountNumber: 'FN1' });
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/c2b/confirmation/${mpesaEnv(daraja).MPESA_CALLBACK_SECRET}`,
      payload: body,
    });
    expect(answer.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    await ctx.app.scheduledJobs.runNow('paybill-payments-sweep');
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/payments/unallocated',
      headers: advocate,
    });
    const payment = (listed.json().payments as PaybillPayment[]).find((p) => p.transId === transId);
    expect(payment).toMatchObject({ status: 'received', amountKsh: 7_500, accountNumber: 'FN1' });
    expect(daraja.c2b.questions).toHaveLength(0);

    const allocated = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/${payment!.id}/allocate`,
      headers: advocate,
      payload: { to: 'refunded_outside', reason: 'Sent back' },
    });
    expect(allocated.statusCode).toBe(409);
    expect(allocated.json().message).toBe(
      'This payment is not confirmed by M-Pesa yet: it cannot be allocated',
    );
  });

  it('logs a malformed body by its problem only, never the payer it names', async () => {
    const { body } = daraja.c2b.payPaybill({
      amountKsh: 100,
      transAmount: '100.50',
      accountNumber: 'FN1',
      firstName: 'NYAMBURA',
      lastName: 'GITHINJI',
      msisdn: '254798765432',
    });
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/c2b/confirmation/${mpesaEnv(daraja).MPESA_CALLBACK_SECRET}`,
      payload: body,
    });
    expect(answer.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const written = log.join('');
    expect(written).toContain('paybill confirmation that is not a payment');
    expect(written).toContain('bad_amount');
    for (const personal of ['NYAMBURA', 'GITHINJI', '254798765432', '798765432']) {
      expect(written).not.toContain(personal);
    }
  });
});
