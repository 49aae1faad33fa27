import { type FeeNote } from '@firm/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startDarajaSimulator, type DarajaSimulator } from '../../../test/daraja-simulator';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { type UserRow } from '../../db/schema';

/**
 * What the M-Pesa tests (mpesa.*.test.ts) share: one app paid through a local Daraja (test/
 * daraja-simulator.ts), an advocate and two clients signed in, and paying, posting the callback and
 * reading the result.
 */

export const SECRET = 'callback-secret-0123456789';
export let ctx: TestContext;
export let daraja: DarajaSimulator;
export let advocate: UserRow;
export let client: UserRow;
export let otherClient: UserRow;
export let advocateToken: string;
export let clientToken: string;
export let otherToken: string;

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
export const nextAddress = () => `10.77.${Math.floor((address += 1) / 250)}.${address % 250}`;

export async function pay(feeNoteId: string, phone = '0712 345 678') {
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
export async function postCallback(body: unknown, secret = SECRET) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/mpesa/callback/${secret}`,
    payload: body as InjectOptions['payload'],
  });
  await ctx.app.backgroundTasks.drain();
  return response;
}

/** Builds the app, its Daraja and its people before the file's tests, and closes them after. */
export function useMpesaTestContext() {
  beforeAll(async () => {
    // Each file's addresses from the first again, as a fresh app's limits start.
    address = 0;
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
}
