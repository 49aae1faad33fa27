import type { MoneyAccount } from '@firm/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, expect } from 'vitest';
import { clientFor } from '../../../test/access-matrix';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startDarajaSimulator } from '../../../test/daraja-simulator';
import type { TestContext } from '../../../test/helpers';
import { multipartForm } from '../../../test/messages';
import { clientMoneyStatementLines } from '../../db/schema';

/**
 * The firm each access-matrix app gets for client money (client-money.access.test.ts): its
 * accounts, a client holding money, a statement line to match, and the requests' bodies.
 */
// M-Pesa set up against a local Daraja, so a deposit's push really goes (ADR 045).
export const daraja = await startDarajaSimulator({ callback: 'manual' });
afterAll(() => daraja.close());
export const mpesa = daraja.settings({ callbackSecret: 'matrix-callback-secret-0123' });

let seq = 0;
/** A number no other row of the matrix has used: an account or a paybill number. */
export const nextSeq = () => (seq += 1);
export const unique = (prefix: string) => `${prefix}-${(seq += 1)}@client-money-matrix.test`;
export const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

export interface Firm {
  staff: InjectOptions['headers'];
  client: MoneyAccount;
  office: MoneyAccount;
  /** The firm's M-Pesa client account: its paybill is MPESA_SHORTCODE. */
  mpesa: MoneyAccount;
}
const firms = new WeakMap<TestContext, Promise<Firm>>();

export async function openAccount(
  ctx: TestContext,
  staff: Firm['staff'],
  kind: 'client' | 'office',
  at?: { institution: string; number: string },
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/client-money/accounts',
    headers: staff,
    payload: {
      name: `${kind} account ${(seq += 1)}`,
      kind,
      institution: at?.institution ?? 'Co-operative Bank, Kenyatta Avenue',
      number: at?.number ?? `01129${String(seq).padStart(8, '0')}`,
      openingBalanceKsh: 0,
      openingDate: '2026-01-01',
    },
  });
  return response.json().account as MoneyAccount;
}

/** An advocate and the firm's two accounts, once per app. */
export function firmOf(ctx: TestContext): Promise<Firm> {
  let firm = firms.get(ctx);
  if (!firm) {
    firm = (async () => {
      const advocate = await seedUser(ctx, { role: 'advocate', email: unique('advocate') });
      const staff = bearer(await sessionFor(ctx, advocate));
      return {
        staff,
        client: await openAccount(ctx, staff, 'client'),
        office: await openAccount(ctx, staff, 'office'),
        mpesa: await openAccount(ctx, staff, 'client', {
          institution: 'M-Pesa',
          number: mpesa.shortcode,
        }),
      };
    })();
    firms.set(ctx, firm);
  }
  return firm;
}

export const entryBody = (firm: Firm, kind: string, clientId: string, amountKsh: number) => ({
  kind,
  date: today(),
  clientId,
  accountId: firm.client.id,
  amountKsh,
  reference: 'EQ7XK2P9LM',
  narrative: 'Deposit on account of costs',
});

/** A fresh client holding KSh 50,000 (the caller's own account when a client calls). */
export async function clientHolding(ctx: TestContext, caller: Parameters<typeof clientFor>[1]) {
  const firm = await firmOf(ctx);
  const clientId = await clientFor(ctx, caller, unique('client'));
  const receipt = await ctx.app.inject({
    method: 'POST',
    url: '/api/client-money/entries',
    headers: firm.staff,
    payload: entryBody(firm, 'receipt', clientId, 50_000),
  });
  expect(receipt.statusCode, receipt.body).toBe(201);
  return { firm, clientId, receiptId: receipt.json().entry.id as string };
}

export const entry = (payload: Record<string, unknown>): InjectOptions => ({
  method: 'POST',
  url: '/api/client-money/entries',
  payload,
});

/** A Nairobi day `days` before today (YYYY-MM-DD). */
export const daysAgo = (days: number) =>
  new Date(Date.parse(`${today()}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
export const previousMonth = () => daysAgo(Number(today().slice(8, 10))).slice(0, 7);
const bankDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * A client account of its own opened on `openingDate`, a receipt of KSh 25,000 for a fresh
 * client dated `entryDate` (none when null), and a statement of one line of KSh 25,000 on
 * `lineDate`: matched on import when the two share a day. The line's id, and the entry's.
 */
export async function statementLine(
  ctx: TestContext,
  dates: { openingDate: string; entryDate: string | null; lineDate: string },
) {
  const firm = await firmOf(ctx);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/client-money/accounts',
    headers: firm.staff,
    payload: {
      name: `client account ${(seq += 1)}`,
      kind: 'client',
      institution: 'Co-operative Bank, Kenyatta Avenue',
      number: `01139${String(seq).padStart(8, '0')}`,
      openingBalanceKsh: 0,
      openingDate: dates.openingDate,
    },
  });
  const account = response.json().account as MoneyAccount;
  let entryId: string | null = null;
  if (dates.entryDate) {
    const clientId = (await seedUser(ctx, { role: 'client', email: unique('client') })).id;
    const receipt = await ctx.app.inject({
      method: 'POST',
      url: '/api/client-money/entries',
      headers: firm.staff,
      payload: {
        ...entryBody({ ...firm, client: account }, 'receipt', clientId, 25_000),
        date: dates.entryDate,
      },
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
    entryId = receipt.json().entry.id as string;
  }
  const form = multipartForm(
    [['accountId', account.id]],
    [
      {
        name: 'statement.csv',
        type: 'text/csv',
        bytes: Buffer.from(
          'Date,Description,Reference,Money in,Money out,Balance\r\n' +
            `${bankDay(dates.lineDate)},CASH DEPOSIT,,"25,000",,"25,000"\r\n`,
        ),
      },
    ],
  );
  const imported = await ctx.app.inject({
    method: 'POST',
    url: '/api/client-money/statements',
    headers: { ...firm.staff, ...form.headers },
    payload: form.payload,
  });
  expect(imported.statusCode, imported.body).toBe(201);
  const [line] = await ctx.database.db
    .select({ id: clientMoneyStatementLines.id })
    .from(clientMoneyStatementLines)
    .where(eq(clientMoneyStatementLines.statementId, imported.json().statement.id as string));
  return { firm, accountId: account.id, lineId: line!.id, entryId };
}
