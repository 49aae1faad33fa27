import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etimsDevices, etimsTransmissions, feeNotes } from '../../db/schema';
import { seedUser } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * What the database itself holds of eTIMS (ADR 049, migration 0048): one `invcNo` per branch, one
 * transmission per fee note and kind, a sealed key only with its initialisation, KRA's receipt on
 * every sent transmission.
 */
describe('eTIMS tables', () => {
  let ctx: TestContext;
  let feeNoteId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const client = await seedUser(ctx, { role: 'client', email: 'etims-schema@example.test' });
    const [note] = await ctx.database.db
      .insert(feeNotes)
      .values({
        clientId: client.id,
        dueDate: '2026-12-31',
        vatRatePercent: 16,
        feesKsh: 10_000,
        disbursementsKsh: 0,
        vatKsh: 1_600,
        totalKsh: 11_600,
      })
      .returning();
    feeNoteId = note!.id;
  });
  afterAll(() => ctx.close());

  const refused = async (write: () => Promise<unknown>) => {
    const outcome = await write().then(
      () => 'written',
      () => 'refused',
    );
    expect(outcome).toBe('refused');
  };

  it('keeps the key only with its initialisation', async () => {
    const db = ctx.database.db;
    await refused(() =>
      db.insert(etimsDevices).values({ branchId: '01', deviceSerial: 'S', sealedCmcKey: 'v1.x' }),
    );
    await db.insert(etimsDevices).values({ branchId: '00', deviceSerial: 'S' });
    const [device] = await db.select().from(etimsDevices);
    expect(device).toMatchObject({ lastInvcNo: 0, initialisedAt: null });
  });

  it('holds one invcNo per branch, one transmission per fee note and kind, a receipt when sent', async () => {
    const db = ctx.database.db;
    const base = { feeNoteId, branchId: '00' };
    await db.insert(etimsTransmissions).values({ ...base, kind: 'sale', invcNo: 1 });
    await refused(() => db.insert(etimsTransmissions).values({ ...base, kind: 'sale', invcNo: 2 }));
    await refused(() =>
      db.insert(etimsTransmissions).values({ ...base, kind: 'credit', invcNo: 1, orgInvcNo: 1 }),
    );
    // A credit note names the sale before it.
    await refused(() =>
      db.insert(etimsTransmissions).values({ ...base, kind: 'credit', invcNo: 2 }),
    );
    await refused(() =>
      db.execute(sql`update etims_transmissions set state = 'sent' where invc_no = 1`),
    );
    await refused(() =>
      db.execute(sql`update etims_transmissions set state = 'refused' where invc_no = 1`),
    );
    await db
      .insert(etimsTransmissions)
      .values({ ...base, kind: 'credit', invcNo: 2, orgInvcNo: 1 });
    // In KRA's order: without one, PostgreSQL answers rows in whatever order its pages hold them.
    const rows = await db.select().from(etimsTransmissions).orderBy(etimsTransmissions.invcNo);
    expect(rows.map((row) => [row.kind, row.state, row.attempts])).toEqual([
      ['sale', 'awaiting', 0],
      ['credit', 'awaiting', 0],
    ]);
  });
});
