import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDarajaSimulator, type DarajaSimulator } from '../../../test/daraja-simulator';
import { useTwoInstances } from '../../../test/two-instances';
import { paybillPayments, payments } from '../../db/schema';
import { createDarajaClient } from '../../lib/daraja';
import { issuedFeeNoteOn, mpesaEnv, SECRET } from './paybill-test-kit';
import { runPaybillSweep, type SweepDeps } from './sweep.service';

/**
 * The daily sweep started by two server processes at once (each one's schedule, a restart): the
 * day's row lets one run it; Safaricom's list is read once and a missed payment recorded once.
 * Needs TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('the paybill sweep on two app instances', () => {
  let daraja: DarajaSimulator;
  beforeAll(async () => {
    daraja = await startDarajaSimulator({ callback: 'manual' });
    daraja.c2b.resultTiming('manual');
  });
  afterAll(() => daraja.close());
  const { apps, contextOf } = useTwoInstances(
    serverUrl!,
    'paybill_sweep',
    { messageNotices: false },
    () => mpesaEnv(daraja),
  );

  it('runs once, and records a missed payment once', async () => {
    const [a, b] = [apps[0]!.app, apps[1]!.app];
    const ctx = contextOf(0);
    const { note, number } = await issuedFeeNoteOn(a, ctx, {
      domain: 'sweep-race.test',
      amountKsh: 14_000,
    });
    // Paid at the paybill; Safaricom's confirmation never reached either process.
    const { transId } = daraja.c2b.payPaybill({ amountKsh: 14_000, accountNumber: number });

    const depsOf = (app: typeof a): SweepDeps => ({
      db: app.db,
      daraja: createDarajaClient(daraja.settings({ callbackSecret: SECRET })),
      canAskStatus: true,
      shortcode: '174379',
      publicUrl: 'http://portal.test',
      callbackSecret: SECRET,
      pullNominatedNumber: '0722000000',
      firmNotifyEmail: 'office@portal.test',
    });
    const runs = await Promise.all([a, b, a, b].map((app) => runPaybillSweep(depsOf(app))));
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
    expect(runs.find((run) => run.ran)).toMatchObject({ recorded: 1 });
    expect(daraja.pull.registrations).toBe(1);
    // One run read the list: its pages, then the empty page that ends it.
    expect(daraja.pull.queries).toHaveLength(2);

    const rows = await b.db
      .select()
      .from(paybillPayments)
      .where(eq(paybillPayments.transId, transId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'settled', foundBy: 'sweep', feeNoteId: note.id });
    const paid = await a.db.select().from(payments).where(eq(payments.feeNoteId, note.id));
    expect(paid.map((row) => row.source)).toEqual(['sweep']);
  });
});
