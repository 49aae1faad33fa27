import type { ClientMoneyEntry, FeeNote, MoneyAccount } from '@firm/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { multipartForm } from '../../../test/messages';
import { seedCase } from '../../../test/cases';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startAfricasTalkingFake } from '../../../test/outbox-fakes';
import type { CaseRow, UserRow } from '../../db/schema';

/**
 * What the client money tests share (ADR 045): one app with an advocate, an admin who manages
 * cases, a client with two long-named cases and another client, the firm's client and office
 * accounts, and entries recorded through HTTP.
 */

export let ctx: TestContext;
export let sms: Awaited<ReturnType<typeof startAfricasTalkingFake>>;
export let advocate: UserRow;
export let client: UserRow;
export let otherClient: UserRow;
export let plotCase: CaseRow;
export let estateCase: CaseRow;
export let advocateToken: string;
export let adminToken: string;
export let clientToken: string;
export let otherToken: string;
export let clientAccount: MoneyAccount;
export let officeAccount: MoneyAccount;

export const PLOT_MATTER =
  'Purchase of LR No. 209/13458 at Kitengela from Olkejuado Land Holdings Limited, completion and transfer';
export const ESTATE_MATTER =
  'In the matter of the estate of the late Mzee Kiprotich arap Chebet (Succession Cause No. E456 of 2026)';

/** A Nairobi day this month, never after today (entries may not be dated ahead). */
export const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

export const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

export async function addAccount(body: Record<string, unknown>): Promise<MoneyAccount> {
  const response = await call(advocateToken, 'POST', '/api/client-money/accounts', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().account as MoneyAccount;
}

/** POST /api/client-money/entries as `token` (the advocate's by default), its answer. */
export const record = (body: Record<string, unknown>, token = advocateToken) =>
  call(token, 'POST', '/api/client-money/entries', { date: today(), ...body });

/** An entry that must succeed. */
export async function recorded(
  body: Record<string, unknown>,
  token = advocateToken,
): Promise<ClientMoneyEntry> {
  const response = await record(body, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().entry as ClientMoneyEntry;
}

/** Money received for `who` (on `caseId` when given) into the client account. */
export const receive = (amountKsh: number, who: UserRow = client, caseId?: string) =>
  recorded({
    kind: 'receipt',
    clientId: who.id,
    ...(caseId ? { caseId } : {}),
    accountId: clientAccount.id,
    amountKsh,
    reference: 'EQ7XK2P9LM',
    narrative: 'Deposit on account of the purchase price',
  });

/** Money paid out for `who`, the raw answer. */
export const payOut = (amountKsh: number, who: UserRow = client, caseId?: string) =>
  record({
    kind: 'payment',
    clientId: who.id,
    ...(caseId ? { caseId } : {}),
    accountId: clientAccount.id,
    amountKsh,
    reference: 'CHQ 004512',
    narrative: 'Stamp duty on the transfer, paid to the Kenya Revenue Authority',
  });

/** What GET /ledgers/{clientId} says is held for `who`. */
export async function ledgerOf(who: UserRow, token = advocateToken) {
  const response = await call(token, 'GET', `/api/client-money/ledgers/${who.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    balanceKsh: number;
    cases: { caseId: string | null; balanceKsh: number }[];
    entries: (ClientMoneyEntry & { runningBalanceKsh: number })[];
  };
}

export async function issuedFeeNote(who: UserRow, unitPriceKsh: number): Promise<FeeNote> {
  const drafted = await call(advocateToken, 'POST', '/api/fee-notes', {
    clientId: who.id,
    dueDate: '2027-01-15',
    lines: [
      {
        kind: 'fee',
        description: 'Professional fees on the conveyance, per the Advocates Remuneration Order',
        quantity: 1,
        unitPriceKsh,
      },
    ],
  });
  expect(drafted.statusCode, drafted.body).toBe(201);
  const issued = await call(
    advocateToken,
    'POST',
    `/api/fee-notes/${drafted.json().feeNote.id}/issue`,
  );
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json().feeNote as FeeNote;
}

/** Builds the app, its people and the firm's accounts before the file's tests. */
export function useClientMoneyTestContext() {
  beforeAll(async () => {
    sms = await startAfricasTalkingFake();
    ctx = await createTestContext({
      AT_USERNAME: 'mwamba',
      AT_API_KEY: 'test-api-key',
      AT_BASE_URL: sms.url,
    });
    advocate = await seedUser(ctx, { role: 'advocate', email: 'achieng.mwamba@client-money.test' });
    const admin = await seedUser(ctx, {
      role: 'admin',
      email: 'njeri.wambui@client-money.test',
      permissions: { canManageCases: true },
    });
    client = await seedUser(ctx, {
      role: 'client',
      email: 'kiprotich.chebet-korir@kitengela-holdings.co.ke',
      firstName: 'Kiprotich',
      lastName: 'Chebet-Korir',
      phone: '+254722334455',
    });
    otherClient = await seedUser(ctx, {
      role: 'client',
      email: 'wairimu.njoroge@client-money.test',
      firstName: 'Wairimu',
      lastName: 'Njoroge',
    });
    plotCase = await seedCase(ctx, client.id, { title: PLOT_MATTER, assigneeId: advocate.id });
    estateCase = await seedCase(ctx, client.id, { title: ESTATE_MATTER, assigneeId: advocate.id });
    advocateToken = await sessionFor(ctx, advocate);
    adminToken = await sessionFor(ctx, admin);
    clientToken = await sessionFor(ctx, client);
    otherToken = await sessionFor(ctx, otherClient);
    clientAccount = await addAccount({
      name: 'KCB Client Account',
      kind: 'client',
      institution: 'Kenya Commercial Bank, Moi Avenue',
      number: '1104567890',
      openingBalanceKsh: 0,
      openingDate: '2026-01-01',
    });
    officeAccount = await addAccount({
      name: 'Equity Office Account',
      kind: 'office',
      institution: 'Equity Bank, Upper Hill',
      number: '0180291234567',
      openingBalanceKsh: 1_250_000,
      openingDate: '2026-01-01',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await sms.close();
  });
}

let seq = 0;
/** A client of their own for a test that counts what is held, with one case. */
export async function freshClient(firstName: string, lastName: string) {
  seq += 1;
  const user = await seedUser(ctx, {
    role: 'client',
    email: `${firstName}.${lastName}.${seq}@client-money.test`.toLowerCase(),
    firstName,
    lastName,
  });
  const theCase = await seedCase(ctx, user.id, { title: PLOT_MATTER, assigneeId: advocate.id });
  return { user, theCase };
}

/** The calendar month before today's in Nairobi (YYYY-MM): over, so it may be locked. */
export function previousMonth(): string {
  const [year, month] = today().split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** A client account of its own, opened on `openingDate`, for a test that reconciles it. */
export const newClientAccount = (openingDate: string, openingBalanceKsh = 0) =>
  addAccount({
    name: 'Equity Bank Client Account (Kimathi Street)',
    kind: 'client',
    institution: 'Equity Bank, Kimathi Street',
    number: `0190${String((seq += 1)).padStart(9, '0')}`,
    openingBalanceKsh,
    openingDate,
  });

/** A statement in the generic layout: the heading, then `rows` as the bank writes them. */
export const statementCsv = (rows: string[]) =>
  ['Date,Description,Reference,Money in,Money out,Balance', ...rows].join('\r\n') + '\r\n';

/** POST /api/client-money/statements as `token`, the raw answer. */
export const uploadStatement = (
  token: string,
  accountId: string,
  csv: string | Buffer,
  name = 'statement.csv',
) => {
  const form = multipartForm(
    [['accountId', accountId]],
    [{ name, bytes: Buffer.isBuffer(csv) ? csv : Buffer.from(csv), type: 'text/csv' }],
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/client-money/statements',
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
};

/**
 * The monthly balances the trigger keeps (migration 0044, ADR 053) beside the same figures summed
 * from the journal's client ledger lines: each ledger's closing balance of every month it moved in.
 * `stored` and `summed` are equal when the table agrees with the journal.
 */
export async function monthlyBalancesBesideJournal(database: TestContext['database']) {
  const line = (row: Record<string, unknown>) =>
    `${String(row.client_id)}/${String(row.case_id ?? 'none')}/${String(row.month)}: ${String(row.closing_ksh)}`;
  const stored = await database.executeSql(`
    select client_id, case_id, to_char(month, 'YYYY-MM') as month, closing_ksh
      from client_money_monthly_balances order by 1, 2, 3`);
  const summed = await database.executeSql(`
    select client_id, case_id, to_char(month, 'YYYY-MM') as month,
           sum(moved) over (partition by client_id, case_id order by month) as closing_ksh
      from (select l.client_id, l.case_id, date_trunc('month', e.entry_date)::date as month,
                   -sum(l.amount_ksh) as moved
              from client_money_lines l join client_money_entries e on e.id = l.entry_id
             where l.posts_to = 'client_ledger'
             group by 1, 2, 3) m
     order by 1, 2, 3`);
  const lines = (rows: unknown[]) => rows.map((row) => line(row as Record<string, unknown>));
  return { stored: lines(stored.rows), summed: lines(summed.rows) };
}
