import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveries } from '../../db/schema';
import type { OutgoingMail } from '../../lib/mailer';
import { useTwoInstances } from '../../../test/two-instances';
import { queueDelivery } from './deliveries.repository';

/**
 * Two server processes on one PostgreSQL database (ADR 028): every delivery is handed to a
 * transport once, even when both processes hold a job for it. Needs TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('the outbox across two app instances on one database', () => {
  const sent: { instance: number; mail: OutgoingMail }[] = [];
  let instance = 0;
  const recordingMailer = () => {
    const me = instance++;
    return {
      async send(mail: OutgoingMail) {
        // A transport takes a moment, so both processes' workers are busy at once.
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push({ instance: me, mail });
      },
    };
  };
  const { apps } = useTwoInstances(serverUrl!, 'outbox', {
    messageNotices: false,
    get mailer() {
      return recordingMailer();
    },
  });

  it('delivers each of 60 messages once while both processes hold a job for every one', async () => {
    const [a, b] = [apps[0]!.app, apps[1]!.app];
    const ids = await a.db.transaction(async (tx) => {
      const queued: string[] = [];
      for (let n = 0; n < 60; n += 1) {
        queued.push(
          await queueDelivery(tx, {
            channel: 'email',
            kind: 'contact_auto_reply',
            to: `client-${n}@example.test`,
            subject: `We have received your message (${n})`,
            text: `Dear Achieng’ Wanjiru Odhiambo-Kamau, thank you for message ${n}.`,
          }),
        );
      }
      return queued;
    });
    await Promise.all([a.outbox.dispatch(ids), b.outbox.dispatch(ids)]);
    await Promise.all([a.outbox.settle(30_000), b.outbox.settle(30_000)]);

    const recipients = sent.map((s) => s.mail.to).sort();
    expect(recipients).toEqual(ids.map((_, n) => `client-${n}@example.test`).sort());
    const rows = await a.db.select().from(deliveries).where(inArray(deliveries.id, ids));
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});
