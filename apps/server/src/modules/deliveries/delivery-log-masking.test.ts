import type { DeliveriesPage } from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { deliveries } from '../../db/schema';

/**
 * An SMTP refusal quoting the address URL-encoded (`jane%40example.com`, `jane%2Bx@…`) showed it
 * whole on the Deliveries screen: the masking matched the address only as written. It is masked
 * in every encoding a server uses, in any mix.
 */
describe('GET /api/deliveries: a refusal quoting the address, however encoded', () => {
  let ctx: TestContext;
  let headers: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestContext();
    const user = await seedUser(ctx, { role: 'advocate', email: 'owner@masking.test' });
    headers = bearer(await sessionFor(ctx, user));
  });
  afterAll(() => ctx.close());

  const ADDRESS = 'jane.wambui+fees@mwamba-advocates.co.ke';
  const QUOTED = [
    ADDRESS,
    'JANE.WAMBUI+FEES@MWAMBA-ADVOCATES.CO.KE',
    'jane.wambui+fees%40mwamba-advocates.co.ke',
    'jane.wambui%2Bfees@mwamba-advocates.co.ke',
    'jane.wambui%2bfees%40mwamba-advocates.co.ke',
    encodeURIComponent(ADDRESS),
    Array.from(ADDRESS, (c) => `%${c.charCodeAt(0).toString(16)}`).join(''),
    'jane.wambui=2Bfees=40mwamba-advocates.co.ke',
  ];

  it('shows none of them whole', async () => {
    for (const quoted of QUOTED) {
      await ctx.app.db.insert(deliveries).values({
        channel: 'email',
        kind: 'contact_auto_reply',
        recipient: ADDRESS,
        subject: 'We have received your message',
        body: 'Dear Jane, thank you for writing to the firm.',
        status: 'failed',
        attempts: 1,
        failedAt: new Date(),
        lastError: `550 5.1.1 <${quoted}>: Recipient address rejected (${quoted})`,
      });
    }
    const response = await ctx.app.inject({ method: 'GET', url: '/api/deliveries', headers });
    expect(response.statusCode).toBe(200);
    const page = response.json<DeliveriesPage>();
    expect(page.deliveries).toHaveLength(QUOTED.length);
    for (const delivery of page.deliveries) {
      expect(delivery.lastError).toBe(
        '550 5.1.1 <ja•••@mwamba-advocates.co.ke>: Recipient address rejected (ja•••@mwamba-advocates.co.ke)',
      );
    }
    for (const quoted of QUOTED) expect(response.body).not.toContain(quoted);
    expect(response.body.toLowerCase()).not.toContain('wambui');
  });

  it('masks it in the SMTP server’s acceptance too, which the screen shows as its report', async () => {
    await ctx.app.db.delete(deliveries);
    await ctx.app.db.insert(deliveries).values({
      channel: 'email',
      kind: 'contact_auto_reply',
      recipient: ADDRESS,
      subject: 'We have received your message',
      body: 'Dear Jane, thank you for writing to the firm.',
      status: 'sent',
      attempts: 1,
      sentAt: new Date(),
      providerMessageId: '4BcD1x',
      providerStatus: `250 2.0.0 Ok: queued as 4BcD1x for <${ADDRESS}>`,
    });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/deliveries', headers });
    const [delivery] = response.json<DeliveriesPage>().deliveries;
    expect(delivery!.providerStatus).toBe(
      '250 2.0.0 Ok: queued as 4BcD1x for <ja•••@mwamba-advocates.co.ke>',
    );
    expect(response.body.toLowerCase()).not.toContain('wambui');
  });
});
