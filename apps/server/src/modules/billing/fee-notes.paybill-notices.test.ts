import type { FeeNote } from '@firm/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startDarajaSimulator, type DarajaSimulator } from '../../../test/daraja-simulator';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { startAfricasTalkingFake } from '../../../test/outbox-fakes';

/**
 * A fee note sent to a client says how to pay it at the firm's paybill (MPESA_SHORTCODE, ADR 047)
 * in the same sentence as its PDF and screen: "Pay Bill 174379, account FN20260001", in the email
 * and in the text (docs/product-rules.md#paying-by-paybill).
 */

let ctx: TestContext;
let daraja: DarajaSimulator;
let sms: Awaited<ReturnType<typeof startAfricasTalkingFake>>;
let advocateToken: string;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload: payload as InjectOptions['payload'] } : {}),
  });

beforeAll(async () => {
  sms = await startAfricasTalkingFake();
  daraja = await startDarajaSimulator({ callback: 'manual' });
  const settings = daraja.settings({ callbackSecret: 'callback-secret-0123456789' });
  ctx = await createTestContext({
    AT_USERNAME: 'mwamba',
    AT_API_KEY: 'test-api-key',
    AT_BASE_URL: sms.url,
    MPESA_BASE_URL: settings.baseUrl,
    MPESA_CONSUMER_KEY: settings.consumerKey,
    MPESA_CONSUMER_SECRET: settings.consumerSecret,
    MPESA_SHORTCODE: settings.shortcode,
    MPESA_PASSKEY: settings.passkey,
    MPESA_CALLBACK_SECRET: 'callback-secret-0123456789',
  });
  const advocate = await seedUser(ctx, { role: 'advocate', email: 'achieng@paybill-notices.test' });
  advocateToken = await sessionFor(ctx, advocate);
});
afterAll(async () => {
  await ctx.close();
  await daraja.close();
  await sms.close();
});

describe('a fee note sent with the firm’s paybill set up', () => {
  it('tells the client by email and by text which paybill and account number to use', async () => {
    const client = await seedUser(ctx, {
      role: 'client',
      email: 'kamau.mwangi@paybill-notices.test',
      phone: '+254733445566',
    });
    const clientToken = await sessionFor(ctx, client);
    const on = await call(clientToken, 'PUT', '/api/profile/sms-preferences', { billing: true });
    expect(on.statusCode, on.body).toBe(200);
    const before = ctx.mail.length;

    const drafted = await call(advocateToken, 'POST', '/api/fee-notes', {
      clientId: client.id,
      dueDate: '2026-12-15',
      lines: [
        { kind: 'fee', description: 'Advice on the lease', quantity: 1, unitPriceKsh: 9_000 },
      ],
    });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const issued = await call(
      advocateToken,
      'POST',
      `/api/fee-notes/${(drafted.json().feeNote as FeeNote).id}/issue`,
    );
    expect(issued.statusCode, issued.body).toBe(200);
    const note = issued.json().feeNote as FeeNote;
    const sentence = `Pay Bill 174379, account ${note.number!.replaceAll('/', '')}`;
    await settleMail(ctx);

    const email = ctx.mail.slice(before).find((mail) => mail.to === client.email);
    expect(email?.text).toContain(sentence);
    const text = sms.requests.find((request) => request.form.to === '+254733445566');
    expect(text?.form.message).toContain(sentence);
    expect(text!.form.message!.length).toBeLessThanOrEqual(160);
  });
});
