import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unprovenRecipientMail } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/helpers';
import {
  UNPROVEN_RECIPIENT_DAILY_CAP,
  claimUnprovenRecipient,
  mailboxOf,
  recipientHash,
} from './mail-guard';

// 10:00 in Nairobi on Wednesday 25 November 2026; 23:30 the same Nairobi day; the next morning.
const MORNING = new Date('2026-11-25T07:00:00Z');
const LATE_EVENING = new Date('2026-11-25T20:30:00Z');
const NEXT_DAY = new Date('2026-11-25T21:05:00Z');

describe('claimUnprovenRecipient', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(() => ctx.close());

  const claim = (email: string, now: Date) =>
    ctx.database.db.transaction((tx) => claimUnprovenRecipient(tx, email, now));

  it(`allows ${UNPROVEN_RECIPIENT_DAILY_CAP} a Nairobi day per mailbox, then refuses until the next`, async () => {
    const results = [];
    for (let i = 0; i < UNPROVEN_RECIPIENT_DAILY_CAP + 2; i += 1) {
      results.push(await claim(i % 2 ? 'Wanjiku+x@Example.com' : 'wanjiku@example.com', MORNING));
    }
    expect(results).toEqual([true, true, true, false, false]);
    expect(await claim('wanjiku@example.com', LATE_EVENING)).toBe(false);
    expect(await claim('kamau@example.com', LATE_EVENING)).toBe(true);
    // Midnight in Nairobi (21:00 UTC): a new allowance, and yesterday's rows are gone.
    expect(await claim('wanjiku@example.com', NEXT_DAY)).toBe(true);
    const rows = await ctx.database.db.select().from(unprovenRecipientMail);
    expect(rows).toEqual([
      { recipientHash: recipientHash('wanjiku@example.com'), day: '2026-11-26', sent: 1 },
    ]);
  });

  it('uses no allowance when the write that causes the mail rolls back', async () => {
    for (let i = 0; i < UNPROVEN_RECIPIENT_DAILY_CAP; i += 1) {
      await expect(
        ctx.database.db.transaction(async (tx) => {
          await claimUnprovenRecipient(tx, 'otieno@example.com', MORNING);
          throw new Error('the record could not be stored');
        }),
      ).rejects.toThrow('could not be stored');
    }
    expect(await claim('otieno@example.com', MORNING)).toBe(true);
  });

  it('grants exactly the cap to claims racing on separate connections', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => claim('racer@example.com', MORNING)),
    );
    expect(results.filter(Boolean)).toHaveLength(UNPROVEN_RECIPIENT_DAILY_CAP);
  });
});

describe('mailboxOf', () => {
  it('counts one mailbox whatever its spelling', () => {
    expect(mailboxOf(' Wanjiku+News@Example.CO.KE ')).toBe('wanjiku@example.co.ke');
    expect(mailboxOf('w.anji.ku+1@googlemail.com')).toBe('wanjiku@gmail.com');
    expect(mailboxOf('w.anjiku@example.com')).toBe('w.anjiku@example.com');
    expect(recipientHash('WANJIKU@gmail.com')).toBe(recipientHash('wan.jiku+2@gmail.com'));
    expect(recipientHash('wanjiku@example.com')).not.toContain('wanjiku');
  });
});
