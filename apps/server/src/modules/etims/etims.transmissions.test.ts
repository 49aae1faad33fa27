import { ETIMS_TEXTS as T, type FeeNote } from '@firm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startEtimsSimulator, type EtimsSimulator } from '../../../test/etims-simulator';
import { createTestContext, type TestContext } from '../../../test/helpers';
import type { UserRow } from '../../db/schema';
import { etimsEnv } from './etims-test-kit';

/**
 * Each fee note and credit note sent to KRA once, in order, after its commit (ADR 049), through
 * HTTP against the local OSCU: what KRA receives, what staff and the client read, KRA down and
 * back, a refusal holding those after it until an advocate retries.
 */

let kra: EtimsSimulator;
let ctx: TestContext;
let client: UserRow;
let advocate: Record<string, string>;
let clientHeaders: Record<string, string>;

beforeAll(async () => {
  kra = await startEtimsSimulator();
  ctx = await createTestContext(etimsEnv(kra));
  await ctx.app.etims.settle();
  advocate = bearer(
    await sessionFor(ctx, await seedUser(ctx, { role: 'advocate', email: 'adv@etims.test' })),
  );
  client = await seedUser(ctx, { role: 'client', email: 'client@etims.test' });
  clientHeaders = bearer(await sessionFor(ctx, client));
});
afterAll(async () => {
  await ctx.close();
  await kra.close();
});

const call = (
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const LINES = [
  { kind: 'fee', description: 'Drafting the sale agreement', quantity: 1, unitPriceKsh: 50_000 },
  {
    kind: 'fee',
    description: 'Attendance at the Lands Registry',
    quantity: 2,
    unitPriceKsh: 5_001,
  },
  { kind: 'disbursement', description: 'Stamp duty', quantity: 1, unitPriceKsh: 3_250 },
];

/** Drafts and issues a fee note; what the issuing started is finished before it returns. */
async function issued(): Promise<FeeNote> {
  const drafted = await call(advocate, 'POST', '/api/fee-notes', {
    clientId: client.id,
    dueDate: '2026-12-30',
    buyerKraPin: 'A012345678Z',
    lines: LINES,
  });
  expect(drafted.statusCode, drafted.body).toBe(201);
  const issuing = await call(advocate, 'POST', `/api/fee-notes/${drafted.json().feeNote.id}/issue`);
  expect(issuing.statusCode, issuing.body).toBe(200);
  await ctx.app.etims.settle();
  return issuing.json().feeNote as FeeNote;
}

const read = async (id: string, headers = advocate) =>
  (await call(headers, 'GET', `/api/fee-notes/${id}`)).json() as FeeNote;

const saleOf = (number: string) => kra.sales.filter((sale) => sale.trdInvcNo === number);

async function setVatRegistered(isVatRegistered: boolean) {
  const current = (await call(advocate, 'GET', '/api/settings/firm')).json().settings;
  const saved = await call(advocate, 'PUT', '/api/settings/firm', {
    ...current,
    kraPin: 'P051234567X',
    isVatRegistered,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('sending to KRA', () => {
  it('sends a firm without VAT every line as D, and shows the receipt to staff and client', async () => {
    const note = await issued();
    const [sale] = saleOf(note.number!);
    expect(saleOf(note.number!)).toHaveLength(1);
    expect(sale).toMatchObject({
      invcNo: 1,
      rcptTyCd: 'S',
      custTin: 'A012345678Z',
      totItemCnt: 3,
      totTaxAmt: 0,
      totAmt: note.totals.totalKsh,
    });
    expect((sale!.itemList as { taxTyCd: string }[]).map((item) => item.taxTyCd)).toEqual([
      'D',
      'D',
      'D',
    ]);
    const staff = await read(note.id);
    expect(staff.etims).toMatchObject({ state: 'sent', curRcptNo: expect.any(Number) });
    expect(staff.etims!.rcptSign).toMatch(/^[0-9A-F]{16}$/);
    const own = await read(note.id, clientHeaders);
    expect(own.etims).toMatchObject({ state: 'sent', curRcptNo: staff.etims!.curRcptNo });
  });

  it('sends a VAT-registered firm fees as B with the fee note VAT, and its credit note as R', async () => {
    await setVatRegistered(true);
    const note = await issued();
    const [sale] = saleOf(note.number!);
    expect(sale).toMatchObject({ totTaxAmt: note.totals.vatKsh, totAmt: note.totals.totalKsh });
    expect((sale!.itemList as { taxTyCd: string }[]).map((item) => item.taxTyCd)).toEqual([
      'B',
      'B',
      'D',
    ]);
    const cancelling = await call(advocate, 'POST', `/api/fee-notes/${note.id}/cancel`, {
      reason: 'Billed to the wrong matter',
    });
    expect(cancelling.statusCode, cancelling.body).toBe(200);
    await ctx.app.etims.settle();
    const creditNote = cancelling.json().feeNote.cancellation.creditNoteNumber as string;
    const [refund] = saleOf(creditNote);
    expect(refund).toMatchObject({ rcptTyCd: 'R', orgInvcNo: sale!.invcNo, rfdRsnCd: '06' });
    expect((await read(note.id)).etims).toMatchObject({ state: 'sent' });
    await setVatRegistered(false);
  });

  it('keeps sending while KRA is down and sends each once, in order, when it is back', async () => {
    const before = kra.sales.length;
    kra.down(true);
    const first = await issued();
    const second = await issued();
    expect(kra.sales).toHaveLength(before);
    expect((await read(first.id)).etims).toEqual({ state: 'awaiting' });
    expect((await read(second.id, advocate)).etims).toEqual({ state: 'awaiting' });

    kra.down(false);
    // The retry is due later: nothing is sent before it.
    await ctx.app.etims.sweep();
    expect(kra.sales).toHaveLength(before);
    // Its time come (moved, not waited for), the sweep sends both, lowest invcNo first.
    await ctx.database.db.execute(
      sql`update etims_transmissions set next_attempt_at = now() - interval '1 second' where state = 'awaiting'`,
    );
    await ctx.app.etims.sweep();
    const sent = kra.sales.slice(before).map((sale) => sale.trdInvcNo);
    expect(sent).toEqual([first.number, second.number]);
    const numbers = kra.sales.slice(before).map((sale) => sale.invcNo as number);
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect((await read(second.id)).etims).toMatchObject({ state: 'sent' });
  });

  it('holds what follows a refusal, tells the advocates, and sends both after Retry', async () => {
    const before = kra.sales.length;
    kra.refuseNext('910', 'Request parameter error: custTin');
    const refused = await issued();
    const held = await issued();
    expect(kra.sales).toHaveLength(before);
    expect((await read(refused.id)).etims).toEqual({
      state: 'refused',
      message: T.refusedBecause('Request parameter error: custTin'),
    });
    // The client sees the state, never KRA's words.
    expect((await read(refused.id, clientHeaders)).etims).toEqual({ state: 'refused' });
    expect((await read(held.id)).etims).toEqual({ state: 'awaiting' });
    const bell = await call(advocate, 'GET', '/api/notifications');
    expect(JSON.stringify(bell.json())).toContain(T.refusedNoticeTitle(refused.number!));

    const byClient = await call(clientHeaders, 'POST', `/api/fee-notes/${refused.id}/etims/retry`);
    expect(byClient.statusCode).toBe(403);
    const retried = await call(advocate, 'POST', `/api/fee-notes/${refused.id}/etims/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ state: 'awaiting' });
    await ctx.app.etims.settle();
    expect(kra.sales.slice(before).map((sale) => sale.trdInvcNo)).toEqual([
      refused.number,
      held.number,
    ]);
    const again = await call(advocate, 'POST', `/api/fee-notes/${refused.id}/etims/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(T.nothingToRetry);
    const unknown = await call(
      advocate,
      'POST',
      '/api/fee-notes/00000000-0000-4000-8000-000000000000/etims/retry',
    );
    expect(unknown.statusCode).toBe(404);
  });
});
