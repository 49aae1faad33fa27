import {
  APPOINTMENT_MESSAGES,
  PAYBILL_TEXTS,
  PROFILE_MESSAGES,
  type PaybillPayment,
} from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';
import { paybillPayments } from '../../db/schema';

/**
 * Who may call the paybill endpoints (ADR 047): staff who may record payments (advocates, admins
 * with canManageCases) list what waits and allocate it; a client and other admins are refused.
 * Only advocates run the daily sweep now (ADR 054).
 * Safaricom's own addresses take no session: a wrong secret is not found, whoever calls.
 */

let seq = 0;
/** A confirmed payment nobody placed, written as the settlement leaves one. */
async function waitingPayment(ctx: Parameters<MatrixEndpoint['request']>[0]) {
  seq += 1;
  const [row] = await ctx.app.db
    .insert(paybillPayments)
    .values({
      transId: `UAC${String(seq).padStart(7, '0')}`,
      transTime: '20261207101500',
      paidAt: new Date('2026-12-07T07:15:00Z'),
      amountKsh: 2_000,
      shortcode: '174379',
      billRefNumber: 'UNKNOWN',
      status: 'unallocated',
      unallocatedKsh: 2_000,
    })
    .returning();
  return row!;
}

const record = {
  action: 'payments:record',
  deniedMessage: APPOINTMENT_MESSAGES.recordPaymentDenied,
} as const;

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET /payments/unallocated': {
    ...record,
    allowed: 200,
    request: async (ctx) => {
      await waitingPayment(ctx);
      return { method: 'GET', url: '/api/payments/unallocated' };
    },
    check: (body) =>
      expect((body as { payments: PaybillPayment[] }).payments.length).toBeGreaterThan(0),
  },
  'POST /payments/{id}/allocate': {
    ...record,
    allowed: 200,
    request: async (ctx) => {
      const row = await waitingPayment(ctx);
      return {
        method: 'POST',
        url: `/api/payments/${row.id}/allocate`,
        payload: { to: 'refunded_outside', reason: 'Sent back to the payer' },
      };
    },
    check: (body) => expect(body).toMatchObject({ status: 'settled', unallocatedKsh: 0 }),
  },
  // The daily sweep run now (ADR 054): advocates only. This app has no M-Pesa set up, so an
  // allowed call is told there is nothing to sweep (paybill.sweep.test.ts runs it for real).
  'POST /settings/mpesa/sweep': {
    action: 'settings:view',
    deniedMessage: PROFILE_MESSAGES.settingsAccessDenied,
    allowed: 409,
    request: () => ({ method: 'POST', url: '/api/settings/mpesa/sweep' }),
    check: (body) => expect(body).toMatchObject({ message: PAYBILL_TEXTS.sweepNotSetUp }),
  },
};

describeAccessMatrix('paybill payments: who may call each endpoint', ENDPOINTS);

// Safaricom's addresses take no session: with the firm's secret anyone (Safaricom) is answered,
// signed in or not; with another secret nothing is there, whoever asks.
describe("paybill payments: Safaricom's addresses", () => {
  const SECRET = 'paybill-access-secret-0123456';
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      MPESA_CONSUMER_KEY: 'key',
      MPESA_CONSUMER_SECRET: 'secret',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: 'passkey',
      MPESA_CALLBACK_SECRET: SECRET,
    });
  });
  afterAll(() => ctx.close());

  it.each(['validation', 'confirmation', 'status-result', 'status-timeout'])(
    'POST /payments/c2b/%s/{secret}',
    async (kind) => {
      const client = await seedUser(ctx, { role: 'client', email: `c2b-${kind}@matrix.test` });
      const advocate = await seedUser(ctx, {
        role: 'advocate',
        email: `c2b-${kind}-a@matrix.test`,
      });
      for (const headers of [
        {},
        bearer(await sessionFor(ctx, client)),
        bearer(await sessionFor(ctx, advocate)),
      ]) {
        const wrong = await ctx.app.inject({
          method: 'POST',
          url: `/api/payments/c2b/${kind}/not-the-firms-secret-at-all`,
          headers,
          payload: {},
        });
        expect(wrong.statusCode).toBe(404);
        const right = await ctx.app.inject({
          method: 'POST',
          url: `/api/payments/c2b/${kind}/${SECRET}`,
          headers,
          payload: {},
        });
        expect(right.statusCode).toBe(200);
        expect(right.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
      }
    },
  );
});
