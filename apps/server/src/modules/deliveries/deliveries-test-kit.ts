import type { TestContext } from '../../../test/helpers';
import { type DELIVERY_KINDS, queueDelivery } from './deliveries.repository';

/** An SMS through the outbox and Africa's Talking, once it has settled. */
export async function sendSms(
  ctx: TestContext,
  to: string,
  kind: (typeof DELIVERY_KINDS)[number] = 'test_sms',
): Promise<string> {
  const id = await ctx.app.db.transaction((tx) =>
    queueDelivery(tx, {
      channel: 'sms',
      kind,
      to,
      text: 'Mwamba & Associates: your hearing at Milimani is tomorrow at 9:00.',
    }),
  );
  await ctx.app.outbox.dispatch(id);
  await ctx.app.outbox.settle();
  return id;
}
