import { type FeeNote } from '@firm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startEtimsSimulator, type EtimsSimulator } from '../../../test/etims-simulator';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { pdftotext, qrCodesOf } from '../billing/billing-pdf-test-kit';
import { etimsEnv } from './etims-test-kit';

/**
 * What people see of KRA eTIMS on a fee note and its credit note (ADR 049): the answer's receipt
 * with KRA's invoice check, and the PDFs a client downloads, read back with poppler and their QR
 * code decoded: provisional before KRA answers, KRA's receipt after (never the kept provisional).
 */

let kra: EtimsSimulator;
let ctx: TestContext;
let advocate: Record<string, string>;
let clientId: string;
let clientHeaders: Record<string, string>;

beforeAll(async () => {
  kra = await startEtimsSimulator();
  ctx = await createTestContext(etimsEnv(kra));
  await ctx.app.etims.settle();
  advocate = bearer(
    await sessionFor(ctx, await seedUser(ctx, { role: 'advocate', email: 'adv@etims-pdf.test' })),
  );
  const client = await seedUser(ctx, { role: 'client', email: 'client@etims-pdf.test' });
  clientId = client.id;
  clientHeaders = bearer(await sessionFor(ctx, client));
});
afterAll(async () => {
  await ctx.close();
  await kra.close();
});

const call = (
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function issued(): Promise<FeeNote> {
  const drafted = await call(advocate, 'POST', '/api/fee-notes', {
    clientId,
    dueDate: '2026-12-30',
    lines: [{ kind: 'fee', description: 'Drafting the lease', quantity: 1, unitPriceKsh: 40_000 }],
  });
  expect(drafted.statusCode, drafted.body).toBe(201);
  const issuing = await call(advocate, 'POST', `/api/fee-notes/${drafted.json().feeNote.id}/issue`);
  expect(issuing.statusCode, issuing.body).toBe(200);
  await ctx.app.etims.settle();
  return issuing.json().feeNote as FeeNote;
}

const read = async (id: string, headers = advocate) =>
  (await call(headers, 'GET', `/api/fee-notes/${id}`)).json() as FeeNote;

async function pdfOf(url: string, headers = clientHeaders): Promise<Buffer> {
  const response = await call(headers, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
}
const flowOf = (pdf: Buffer) => pdftotext(pdf).join(' ').replace(/\s+/g, ' ');

/** KRA back up, and the retry the outage left made due now (moved, not waited for). */
async function kraAnswers() {
  kra.down(false);
  await ctx.database.db.execute(
    sql`update etims_transmissions set next_attempt_at = now() - interval '1 second' where state = 'awaiting'`,
  );
  await ctx.app.etims.sweep();
}

const checkAddress = (rcptSign: string) =>
  `https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=${kra.settings.pin}${kra.settings.branchId}${rcptSign}`;

describe("KRA eTIMS on the fee note's answer and PDFs", { timeout: 60_000 }, () => {
  it('prints a fee note provisional until KRA answers, then KRA’s receipt and a QR code to its check', async () => {
    kra.down(true);
    const note = await issued();
    const provisional = await pdfOf(`/api/fee-notes/${note.id}/pdf`);
    expect(flowOf(provisional)).toContain('Provisional: awaiting KRA eTIMS');
    expect(qrCodesOf(provisional).filter(Boolean)).toEqual([]);

    await kraAnswers();
    const staff = await read(note.id);
    expect(staff.etims).toMatchObject({ state: 'sent', curRcptNo: expect.any(Number) });
    const { curRcptNo, totRcptNo, rcptSign } = staff.etims!;
    expect(staff.etims!.verificationUrl).toBe(checkAddress(rcptSign!));
    expect((await read(note.id, clientHeaders)).etims).toEqual(staff.etims);

    // The kept provisional copy is never sent again: what KRA answered is drawn in.
    const confirmed = await pdfOf(`/api/fee-notes/${note.id}/pdf`);
    const flow = flowOf(confirmed);
    expect(flow).not.toContain('Provisional');
    expect(flow).toContain(`KRA receipt number ${curRcptNo}`);
    expect(flow).toContain(`Receipts to date ${totRcptNo}`);
    expect(flow).toContain(`KRA signature ${rcptSign}`);
    expect(qrCodesOf(confirmed).filter(Boolean)).toEqual([checkAddress(rcptSign!)]);
  });

  it("prints the credit note provisional until KRA takes the refund, then the refund's receipt", async () => {
    const note = await issued();
    const sale = (await read(note.id)).etims!;
    expect(sale.state).toBe('sent');
    kra.down(true);
    const cancelling = await call(advocate, 'POST', `/api/fee-notes/${note.id}/cancel`, {
      reason: 'Billed to the wrong matter',
    });
    expect(cancelling.statusCode, cancelling.body).toBe(200);
    await ctx.app.etims.settle();
    expect((await read(note.id)).etims).toEqual({ state: 'awaiting' });
    // The email's copy was drawn in the cancelling transaction: it says it awaits KRA.
    const provisional = await pdfOf(`/api/fee-notes/${note.id}/credit-note`);
    expect(flowOf(provisional)).toContain('KRA has not yet confirmed this credit note.');

    await kraAnswers();
    const refund = (await read(note.id)).etims!;
    expect(refund).toMatchObject({ state: 'sent' });
    expect(refund.rcptSign).not.toBe(sale.rcptSign);
    const confirmed = await pdfOf(`/api/fee-notes/${note.id}/credit-note`);
    expect(flowOf(confirmed)).toContain(`KRA receipt number ${refund.curRcptNo}`);
    expect(flowOf(confirmed)).not.toContain('Provisional');
    expect(qrCodesOf(confirmed)).toEqual([checkAddress(refund.rcptSign!)]);
    // The cancelled fee note's own PDF keeps its sale's receipt.
    const feeNotePdf = await pdfOf(`/api/fee-notes/${note.id}/pdf`, advocate);
    expect(flowOf(feeNotePdf)).toContain(`KRA signature ${sale.rcptSign}`);
  });
});
