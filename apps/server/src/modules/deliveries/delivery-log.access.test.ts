import { PROFILE_MESSAGES } from '@firm/shared';
import { expect } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';
import type { TestContext } from '../../../test/helpers';
import { deliveries } from '../../db/schema';

/** Who may call what: every /api/deliveries endpoint for every kind of caller (advocates only). */

const advocatesOnly = {
  action: 'settings:view',
  deniedMessage: PROFILE_MESSAGES.settingsAccessDenied,
} as const;

let seq = 0;

/** A failed email of its own for each caller: an allowed retry queues it, so it is used once. */
async function failedDelivery(ctx: TestContext): Promise<string> {
  seq += 1;
  const [row] = await ctx.app.db
    .insert(deliveries)
    .values({
      channel: 'email',
      kind: 'contact_auto_reply',
      recipient: `matrix-${seq}@mail.test`,
      subject: 'We have received your message',
      body: 'Thank you for writing to the firm.',
      status: 'failed',
      attempts: 1,
      failedAt: new Date(),
      lastError: '421 Service not available',
    })
    .returning({ id: deliveries.id });
  return row!.id;
}

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET deliveries': {
    ...advocatesOnly,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/deliveries?status=failed&channel=email' }),
    check: (body) =>
      expect(Array.isArray((body as { deliveries: unknown[] }).deliveries)).toBe(true),
  },
  'POST deliveries/:id/retry': {
    ...advocatesOnly,
    allowed: 200,
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/deliveries/${await failedDelivery(ctx)}/retry`,
    }),
    check: (body) => expect(body).toMatchObject({ success: true, delivery: { status: 'queued' } }),
  },
};

describeAccessMatrix('/api/deliveries', ENDPOINTS);
