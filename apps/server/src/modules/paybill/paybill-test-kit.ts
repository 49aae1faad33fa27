import type { FeeNote } from '@firm/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startDarajaSimulator, type DarajaSimulator } from '../../../test/daraja-simulator';
import type { StatusQuestion } from '../../../test/daraja-simulator-c2b';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { paybillPayments, type PaybillPaymentRow, type UserRow } from '../../db/schema';

/**
 * What the paybill tests share: one app with M-Pesa and a Transaction Status initiator set up,
 * a local Daraja (test/daraja-simulator.ts) whose Results the test delivers to the app (the app is
 * not listening on a port), an advocate, an admin without canManageCases and a client.
 */

export const SECRET = 'paybill-callback-secret-0123';
export let ctx: TestContext;
export let daraja: DarajaSimulator;
export let advocate: UserRow;
export let client: UserRow;
export let advocateToken: string;
export let clientToken: string;

export const mpesaEnv = (simulator: DarajaSimulator): Record<string, string> => {
  const settings = simulator.settings({ callbackSecret: SECRET });
  return {
    MPESA_BASE_URL: settings.baseUrl,
    MPESA_CONSUMER_KEY: settings.consumerKey,
    MPESA_CONSUMER_SECRET: settings.consumerSecret,
    MPESA_SHORTCODE: settings.shortcode,
    MPESA_PASSKEY: settings.passkey,
    MPESA_CALLBACK_SECRET: SECRET,
    MPESA_INITIATOR_NAME: settings.initiator!.name,
    MPESA_SECURITY_CREDENTIAL: settings.initiator!.securityCredential,
    MPESA_PULL_NOMINATED_NUMBER: '0722000000',
  };
};

export const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload: payload as InjectOptions['payload'] } : {}),
  });

export async function issuedFeeNote(unitPriceKsh = 12_500): Promise<FeeNote> {
  const drafted = await call(advocateToken, 'POST', '/api/fee-notes', {
    clientId: client.id,
    dueDate: '2026-12-15',
    lines: [{ kind: 'fee', description: 'Sale agreement, plot 209', quantity: 1, unitPriceKsh }],
  });
  expect(drafted.statusCode, drafted.body).toBe(201);
  const issued = await call(
    advocateToken,
    'POST',
    `/api/fee-notes/${drafted.json().feeNote.id}/issue`,
  );
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json().feeNote as FeeNote;
}

/** Posts a body to one of Safaricom's addresses, as Daraja would. */
export const postC2b = (
  kind: 'validation' | 'confirmation' | 'status-result' | 'status-timeout',
  body: unknown,
  app: FastifyInstance = ctx.app,
  secret = SECRET,
) =>
  app.inject({
    method: 'POST',
    url: `/api/payments/c2b/${kind}/${secret}`,
    payload: body as InjectOptions['payload'],
  });

/** Waits for `check` to hold (the job queue works in the background), up to a few seconds. */
export async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`never held: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const paybillRow = async (transId: string, app: FastifyInstance = ctx.app) => {
  const [row] = await app.db
    .select()
    .from(paybillPayments)
    .where(eq(paybillPayments.transId, transId));
  return row as PaybillPaymentRow | undefined;
};

/** Waits for Daraja to be asked about `transId`, then delivers M-Pesa's Result to the app. */
export async function deliverStatusResult(
  transId: string,
  app: FastifyInstance = ctx.app,
): Promise<StatusQuestion> {
  const question = await eventually(
    async () => daraja.c2b.questions.find((each) => each.body.TransactionID === transId),
    (found) => found !== undefined,
  );
  const url = new URL(String(question!.body.ResultURL));
  const answer = await app.inject({
    method: 'POST',
    url: url.pathname,
    payload: question!.result as InjectOptions['payload'],
  });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
  return question!;
}

/** Waits until the payment has left `received` and `confirmed` (settled, unallocated, forged). */
export const settledRow = (transId: string, app: FastifyInstance = ctx.app) =>
  eventually(
    () => paybillRow(transId, app),
    (row) => row !== undefined && row.status !== 'received' && row.status !== 'confirmed',
  ) as Promise<PaybillPaymentRow>;

/** A client pays at the paybill: the confirmation posted, checked and settled. */
export async function payAtPaybill(amountKsh: number, accountNumber: string) {
  const { transId, body } = daraja.c2b.payPaybill({ amountKsh, accountNumber });
  const answer = await postC2b('confirmation', body);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
  await deliverStatusResult(transId);
  return settledRow(transId);
}

export function usePaybillTestContext() {
  beforeAll(async () => {
    daraja = await startDarajaSimulator({ callback: 'manual' });
    daraja.c2b.resultTiming('manual');
    ctx = await createTestContext(mpesaEnv(daraja));
    advocate = await seedUser(ctx, { role: 'advocate', email: 'achieng@paybill.test' });
    client = await seedUser(ctx, {
      role: 'client',
      email: 'wanjiru@paybill.test',
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      phone: '+254712345678',
    });
    advocateToken = await sessionFor(ctx, advocate);
    clientToken = await sessionFor(ctx, client);
  });
  afterAll(async () => {
    await ctx.close();
    await daraja.close();
  });
}

/**
 * An advocate, a client and an issued fee note, made through `app` on `ctx`'s database: the
 * two-instance tests' starting point (each process then gets the payment's news).
 */
export async function issuedFeeNoteOn(
  app: FastifyInstance,
  ctx: TestContext,
  { domain, amountKsh }: { domain: string; amountKsh: number },
) {
  const advocate = await seedUser(ctx, { role: 'advocate', email: `achieng@${domain}` });
  const client = await seedUser(ctx, { role: 'client', email: `wanjiru@${domain}` });
  const staff = bearer(await sessionFor(ctx, advocate));
  const drafted = await app.inject({
    method: 'POST',
    url: '/api/fee-notes',
    headers: staff,
    payload: {
      clientId: client.id,
      dueDate: '2026-12-15',
      lines: [{ kind: 'fee', description: 'Conveyancing', quantity: 1, unitPriceKsh: amountKsh }],
    },
  });
  const note = drafted.json().feeNote as FeeNote;
  const issued = await app.inject({
    method: 'POST',
    url: `/api/fee-notes/${note.id}/issue`,
    headers: staff,
  });
  return { staff, note, number: (issued.json().feeNote as FeeNote).number! };
}
