import { nairobiToday, type ClientMoneyEntry, type MoneyAccount } from '@firm/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { multipartForm } from '../../../test/messages';
import type { CaseRow, UserRow } from '../../db/schema';

/**
 * The accountant's practice-year pack (ADR 045, docs/product-rules.md#client-money): a small
 * realistic 2025 of one client account (money brought forward, receipts, a payment, a transfer to
 * office, a reversal, entries on 31 December at 23:30 and on 1 January at 00:15 Nairobi, a
 * statement matched and a month locked), made once for client-money.practice-year.test.ts, which
 * reads it back from each CSV and from the PDF.
 */

/** The year's people and records, once `usePracticeYear`'s beforeAll has made them. */
export const the: {
  ctx: TestContext;
  advocate: UserRow;
  kiprotich: UserRow;
  wairimu: UserRow;
  plot: CaseRow;
  account: MoneyAccount;
  office: MoneyAccount;
  returned: ClientMoneyEntry;
  feeNoteNumber: string;
} = {} as never;

let ctx: TestContext;
let advocate: UserRow;
let kiprotich: UserRow;
let wairimu: UserRow;
let plot: CaseRow;
let staff: InjectOptions['headers'];
let account: MoneyAccount;
let office: MoneyAccount;
let returned: ClientMoneyEntry;
let feeNoteNumber: string;

export const get = (url: string, headers = staff) =>
  ctx.app.inject({ method: 'GET', url: `/api${url}`, headers });
export const post = async (url: string, payload: Record<string, unknown>) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: staff,
    payload,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
};
export const entry = async (body: Record<string, unknown>): Promise<ClientMoneyEntry> =>
  (await post('/client-money/entries', { accountId: account.id, ...body })).entry;

/** RFC 4180 as the server writes it: CRLF lines, quoted cells with doubled quotes; BOM first. */
export function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  return rows;
}

export async function csv(year: number, part: string, query = '') {
  const response = await get(`/client-money/practice-years/${year}/${part}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  return { rows: parseCsv(response.body), disposition: response.headers['content-disposition'] };
}

export function usePracticeYear(): void {
  beforeAll(async () => {
    ctx = await createTestContext();
    advocate = await seedUser(ctx, {
      role: 'advocate',
      email: 'achieng.mwamba@practice-year.test',
      firstName: 'Achieng',
      lastName: 'Mwamba',
    });
    kiprotich = await seedUser(ctx, {
      role: 'client',
      email: 'kiprotich.chebet-korir@practice-year.test',
      firstName: 'Kiprotich',
      lastName: 'Chebet-Korir',
    });
    wairimu = await seedUser(ctx, {
      role: 'client',
      email: 'wairimu.njoroge@practice-year.test',
      firstName: 'Wairimu',
      lastName: 'Njoroge',
    });
    plot = await seedCase(ctx, kiprotich.id, {
      title: 'Purchase of LR No. 209/13458, Kitengela',
      assigneeId: advocate.id,
    });
    staff = bearer(await sessionFor(ctx, advocate));
    const open = async (kind: 'client' | 'office', name: string, number: string) =>
      (
        await post('/client-money/accounts', {
          name,
          kind,
          institution: 'Kenya Commercial Bank, Moi Avenue',
          number,
          openingBalanceKsh: 0,
          openingDate: '2024-12-01',
        })
      ).account as MoneyAccount;
    account = await open('client', 'KCB Client Account', '1104567890');
    office = await open('office', 'KCB Office Account', '1104567891');

    // Money already held on the account's opening date, brought onto Wairimu's ledger (ADR 045).
    await entry({
      kind: 'receipt',
      date: '2024-12-01',
      clientId: wairimu.id,
      amountKsh: 100_000,
      reference: 'BF-2024-WN',
      narrative: 'Held on the opening date: deposit for the succession filing fees',
    });
    await entry({
      kind: 'receipt',
      date: '2025-02-14',
      clientId: kiprotich.id,
      caseId: plot.id,
      amountKsh: 40_000,
      reference: 'QBH7K2LM9P',
      narrative: 'Search and valuation fees, by M-Pesa',
    });
    await entry({
      kind: 'receipt',
      date: '2025-03-05',
      clientId: kiprotich.id,
      caseId: plot.id,
      amountKsh: 1_250_000,
      reference: 'FT25064KXQ7M',
      narrative: 'Deposit towards the purchase price, "10%" on signing',
    });
    await entry({
      kind: 'payment',
      date: '2025-03-20',
      clientId: kiprotich.id,
      caseId: plot.id,
      amountKsh: 250_000,
      reference: 'CHQ 004512',
      narrative: 'Stamp duty on the transfer, paid to the Kenya Revenue Authority',
    });
    const drafted = await post('/fee-notes', {
      clientId: kiprotich.id,
      dueDate: '2027-01-15',
      lines: [{ kind: 'fee', description: 'Conveyance fees', quantity: 1, unitPriceKsh: 200_000 }],
    });
    const issued = await post(`/fee-notes/${drafted.feeNote.id}/issue`, {});
    feeNoteNumber = issued.feeNote.number;
    await entry({
      kind: 'transfer_to_office',
      date: '2025-06-10',
      clientId: kiprotich.id,
      caseId: plot.id,
      officeAccountId: office.id,
      feeNoteId: issued.feeNote.id,
      amountKsh: 100_000,
      reference: 'TRF-0610',
      narrative: 'Part of the conveyance fees',
    });
    returned = await entry({
      kind: 'receipt',
      date: '2025-07-01',
      clientId: wairimu.id,
      amountKsh: 50_000,
      reference: 'CHQ 118822',
      narrative: 'Further deposit',
    });
    await entry({
      kind: 'reversal',
      date: '2025-07-02',
      reversesId: returned.id,
      reason: 'Cheque returned unpaid',
    });

    // Recorded at 23:30 on 31 December and at 00:15 on 1 January, Nairobi (20:30 and 21:15 UTC on
    // 31 December), each dated the Nairobi day the screen offers then: its own year's.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-12-31T20:30:00Z') });
    try {
      await entry({
        kind: 'receipt',
        date: nairobiToday(),
        clientId: wairimu.id,
        amountKsh: 20_000,
        reference: 'QLT31X2330',
        narrative: 'Court fees for the confirmation of grant',
      });
      vi.setSystemTime(new Date('2025-12-31T21:15:00Z'));
      await entry({
        kind: 'receipt',
        date: nairobiToday(),
        clientId: kiprotich.id,
        caseId: plot.id,
        amountKsh: 30_000,
        reference: 'QLA01X0015',
        narrative: 'Land rent and rates clearance',
      });
    } finally {
      vi.useRealTimers();
    }

    // The February and March statement, matched on import; February is then locked.
    const form = multipartForm(
      [['accountId', account.id]],
      [
        {
          name: 'kcb-client-account-2025-02-03.csv',
          type: 'text/csv',
          bytes: Buffer.from(
            [
              'Date,Description,Reference,Money in,Money out,Balance',
              '14/02/2025,MPESA KIPROTICH CHEBET,QBH7K2LM9P,"40,000",,"140,000"',
              '05/03/2025,RTGS KIPROTICH CHEBET,FT25064KXQ7M,"1,250,000",,"1,390,000"',
              '20/03/2025,CHQ 004512 KRA,CHQ 004512,,"250,000","1,140,000"',
            ].join('\r\n') + '\r\n',
          ),
        },
      ],
    );
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/client-money/statements',
      headers: { ...staff, ...form.headers },
      payload: form.payload,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().statement.matchedCount).toBe(3);
    // February agrees to the shilling and is locked by the reconciliation's own endpoint.
    await post(`/client-money/reconciliations/${account.id}/2025-02/lock`, {});
    Object.assign(the, {
      ctx,
      advocate,
      kiprotich,
      wairimu,
      plot,
      account,
      office,
      returned,
      feeNoteNumber,
    });
    // A year of records through HTTP, PDFs and a statement import: seconds on a quiet machine,
    // more on a shared one.
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });
}
