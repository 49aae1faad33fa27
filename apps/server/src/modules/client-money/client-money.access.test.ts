import {
  BILLING_MESSAGES,
  CLIENT_MONEY_MESSAGES as M,
  MPESA_TEXTS,
  PRACTICE_YEAR_CSV_PARTS,
  REPORT_TEXTS,
  type MoneyAccount,
} from '@firm/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, expect } from 'vitest';
import { clientFor, describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startDarajaSimulator } from '../../../test/daraja-simulator';
import { multipartForm } from '../../../test/messages';
import type { TestContext } from '../../../test/helpers';
import { eq } from 'drizzle-orm';
import { clientMoneyMpesaDeposits, clientMoneyStatementLines } from '../../db/schema';

/**
 * Who may call the client money endpoints (ADR 045), for every kind of caller: advocates do
 * everything; admins who manage cases see the ledgers and record money received, paid out and
 * refunded; a client sees only their own ledger. A transfer to office and a reversal pass the
 * route's guard for recording and are refused by the service, so their refusal's words depend on
 * the caller and only the status is checked here (client-money.entries.test.ts checks the words).
 */

// M-Pesa set up against a local Daraja, so a deposit's push really goes (ADR 045).
const daraja = await startDarajaSimulator({ callback: 'manual' });
afterAll(() => daraja.close());
const mpesa = daraja.settings({ callbackSecret: 'matrix-callback-secret-0123' });

let seq = 0;
const unique = (prefix: string) => `${prefix}-${(seq += 1)}@client-money-matrix.test`;
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

interface Firm {
  staff: InjectOptions['headers'];
  client: MoneyAccount;
  office: MoneyAccount;
  /** The firm's M-Pesa client account: its paybill is MPESA_SHORTCODE. */
  mpesa: MoneyAccount;
}
const firms = new WeakMap<TestContext, Promise<Firm>>();

async function openAccount(
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
function firmOf(ctx: TestContext): Promise<Firm> {
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

const entryBody = (firm: Firm, kind: string, clientId: string, amountKsh: number) => ({
  kind,
  date: today(),
  clientId,
  accountId: firm.client.id,
  amountKsh,
  reference: 'EQ7XK2P9LM',
  narrative: 'Deposit on account of costs',
});

/** A fresh client holding KSh 50,000 (the caller's own account when a client calls). */
async function clientHolding(ctx: TestContext, caller: Parameters<typeof clientFor>[1]) {
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

const entry = (payload: Record<string, unknown>): InjectOptions => ({
  method: 'POST',
  url: '/api/client-money/entries',
  payload,
});

/** A Nairobi day `days` before today (YYYY-MM-DD). */
const daysAgo = (days: number) =>
  new Date(Date.parse(`${today()}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
const previousMonth = () => daysAgo(Number(today().slice(8, 10))).slice(0, 7);
const bankDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * A client account of its own opened on `openingDate`, a receipt of KSh 25,000 for a fresh
 * client dated `entryDate` (none when null), and a statement of one line of KSh 25,000 on
 * `lineDate`: matched on import when the two share a day. The line's id, and the entry's.
 */
async function statementLine(
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

const view = { action: 'client-money:view', deniedMessage: M.viewDenied } as const;
const reconcile = { action: 'client-money:reconcile', deniedMessage: M.reconcileDenied } as const;
const recordMoney = { action: 'client-money:record', deniedMessage: M.recordDenied } as const;
const pack = {
  action: 'reports:client-money',
  deniedMessage: REPORT_TEXTS.clientMoneyDenied,
  allowed: 200,
} as const;
const thisYear = () => today().slice(0, 4);

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET /client-money/accounts': {
    ...recordMoney,
    allowed: 200,
    request: async (ctx) => {
      await firmOf(ctx);
      return { method: 'GET', url: '/api/client-money/accounts' };
    },
    check: (body) =>
      expect((body as { accounts: MoneyAccount[] }).accounts.map((a) => a.kind)).toContain(
        'client',
      ),
  },
  'POST /client-money/accounts': {
    action: 'client-money:accounts',
    deniedMessage: M.accountsDenied,
    allowed: 201,
    request: () => ({
      method: 'POST',
      url: '/api/client-money/accounts',
      payload: {
        name: 'M-Pesa client paybill',
        kind: 'client',
        institution: 'M-Pesa',
        number: `5${String((seq += 1)).padStart(6, '0')}`,
        openingBalanceKsh: 0,
        openingDate: '2026-01-01',
      },
    }),
  },
  'POST /client-money/entries (receipt)': {
    ...recordMoney,
    allowed: 201,
    request: async (ctx, caller) => {
      const firm = await firmOf(ctx);
      const clientId = await clientFor(ctx, caller, unique('client'));
      return entry(entryBody(firm, 'receipt', clientId, 25_000));
    },
    check: (body) =>
      expect((body as { entry: { receiptNumber: string } }).entry.receiptNumber).toMatch(/^CR\//),
  },
  'POST /client-money/entries (payment)': {
    ...recordMoney,
    allowed: 201,
    request: async (ctx, caller) => {
      const { firm, clientId } = await clientHolding(ctx, caller);
      return entry(entryBody(firm, 'payment', clientId, 20_000));
    },
    check: (body) => expect((body as { balanceKsh: number }).balanceKsh).toBe(30_000),
  },
  'POST /client-money/entries (refund)': {
    ...recordMoney,
    allowed: 201,
    request: async (ctx, caller) => {
      const { firm, clientId } = await clientHolding(ctx, caller);
      return entry(entryBody(firm, 'refund', clientId, 50_000));
    },
  },
  'POST /client-money/entries (transfer_to_office)': {
    action: 'client-money:transfer',
    allowed: 201,
    request: async (ctx, caller) => {
      const { firm, clientId } = await clientHolding(ctx, caller);
      const drafted = await ctx.app.inject({
        method: 'POST',
        url: '/api/fee-notes',
        headers: firm.staff,
        payload: {
          clientId,
          dueDate: '2027-01-15',
          lines: [{ kind: 'fee', description: 'Advice', quantity: 1, unitPriceKsh: 10_000 }],
        },
      });
      const issued = await ctx.app.inject({
        method: 'POST',
        url: `/api/fee-notes/${drafted.json().feeNote.id}/issue`,
        headers: firm.staff,
      });
      return entry({
        ...entryBody(firm, 'transfer_to_office', clientId, 10_000),
        officeAccountId: firm.office.id,
        feeNoteId: issued.json().feeNote.id,
      });
    },
  },
  'POST /client-money/entries (reversal)': {
    action: 'client-money:reverse',
    allowed: 201,
    request: async (ctx, caller) => {
      const { receiptId } = await clientHolding(ctx, caller);
      return entry({
        kind: 'reversal',
        date: today(),
        reversesId: receiptId,
        reason: 'Wrong client',
      });
    },
  },
  'GET /client-money/ledgers': {
    ...view,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/client-money/ledgers' }),
  },
  'GET /client-money/ledgers/{clientId}': {
    ...view,
    allowed: 200,
    request: async (ctx, caller) => {
      const { clientId } = await clientHolding(ctx, caller);
      return { method: 'GET', url: `/api/client-money/ledgers/${clientId}` };
    },
    // A client's own ledger also holds what the other endpoints' calls received for them.
    check: (body) =>
      expect((body as { balanceKsh: number }).balanceKsh).toBeGreaterThanOrEqual(50_000),
  },
  // Each allowed call gets an account of its own: a second statement of the same days is refused.
  'POST /client-money/statements': {
    action: 'client-money:reconcile',
    deniedMessage: M.reconcileDenied,
    allowed: 201,
    request: async (ctx) => {
      const firm = await firmOf(ctx);
      const account = await openAccount(ctx, firm.staff, 'client');
      const form = multipartForm(
        [['accountId', account.id]],
        [
          {
            name: 'kcb-client-account-november-2026.csv',
            type: 'text/csv',
            bytes: Buffer.from(
              'Date,Description,Reference,Money in,Money out,Balance\r\n' +
                '30/11/2026,RTGS WANJIKU NJOROGE-KAMAU,FT26334ABC,"1,250,000",,"1,250,000"\r\n',
            ),
          },
        ],
      );
      return {
        method: 'POST',
        url: '/api/client-money/statements',
        headers: form.headers,
        payload: form.payload,
      };
    },
    check: (body) =>
      expect((body as { statement: { closingBalanceKsh: number } }).statement).toMatchObject({
        closingBalanceKsh: 1_250_000,
        lineCount: 1,
      }),
  },
  // Matching by hand: a line ten days from its entry, which the import leaves unmatched.
  'POST /client-money/statements/lines/{id}/match': {
    ...reconcile,
    allowed: 200,
    request: async (ctx) => {
      const { lineId, entryId } = await statementLine(ctx, {
        openingDate: '2026-01-01',
        entryDate: today(),
        lineDate: daysAgo(10),
      });
      return {
        method: 'POST',
        url: `/api/client-money/statements/lines/${lineId}/match`,
        payload: { entryId },
      };
    },
    check: (body) => expect((body as { line: { matchedBy: string } }).line.matchedBy).toBe('hand'),
  },
  'DELETE /client-money/statements/lines/{id}/match': {
    ...reconcile,
    allowed: 200,
    request: async (ctx) => {
      const { lineId } = await statementLine(ctx, {
        openingDate: '2026-01-01',
        entryDate: today(),
        lineDate: today(),
      });
      return { method: 'DELETE', url: `/api/client-money/statements/lines/${lineId}/match` };
    },
    check: (body) => expect((body as { line: { entryId: null } }).line.entryId).toBeNull(),
  },
  'POST /client-money/statements/lines/{id}/entry': {
    ...reconcile,
    allowed: 201,
    request: async (ctx, caller) => {
      const { lineId } = await statementLine(ctx, {
        openingDate: '2026-01-01',
        entryDate: null,
        lineDate: today(),
      });
      return {
        method: 'POST',
        url: `/api/client-money/statements/lines/${lineId}/entry`,
        payload: { clientId: await clientFor(ctx, caller, unique('client')) },
      };
    },
  },
  'GET /client-money/reconciliations': {
    ...reconcile,
    allowed: 200,
    request: async (ctx) => {
      const firm = await firmOf(ctx);
      return {
        method: 'GET',
        url: `/api/client-money/reconciliations?accountId=${firm.client.id}&month=${previousMonth()}`,
      };
    },
  },
  // Each allowed call locks a month of an account of its own, which agrees.
  'POST /client-money/reconciliations/{accountId}/{month}/lock': {
    ...reconcile,
    allowed: 200,
    request: async (ctx) => {
      const month = previousMonth();
      const { accountId } = await statementLine(ctx, {
        openingDate: `${month}-01`,
        entryDate: `${month}-02`,
        lineDate: `${month}-02`,
      });
      return {
        method: 'POST',
        url: `/api/client-money/reconciliations/${accountId}/${month}/lock`,
      };
    },
    check: (body) =>
      expect((body as { reconciliation: { reconciled: boolean } }).reconciliation.reconciled).toBe(
        true,
      ),
  },
  'GET /client-money/reconciliations/{accountId}/{month}/pdf': {
    ...reconcile,
    allowed: 200,
    request: async (ctx) => {
      const firm = await firmOf(ctx);
      return {
        method: 'GET',
        url: `/api/client-money/reconciliations/${firm.client.id}/${previousMonth()}/pdf`,
      };
    },
    check: (body) => expect((body as Buffer).subarray(0, 5).toString()).toBe('%PDF-'),
  },
  'GET /client-money/entries/{id}/receipt.pdf': {
    ...view,
    allowed: 200,
    request: async (ctx, caller) => {
      const { receiptId } = await clientHolding(ctx, caller);
      return { method: 'GET', url: `/api/client-money/entries/${receiptId}/receipt.pdf` };
    },
    check: (body) => expect((body as Buffer).subarray(0, 5).toString()).toBe('%PDF-'),
  },
  'GET /client-money/ledgers/{clientId}/pdf': {
    ...view,
    allowed: 200,
    request: async (ctx, caller) => {
      const { clientId } = await clientHolding(ctx, caller);
      return { method: 'GET', url: `/api/client-money/ledgers/${clientId}/pdf` };
    },
    check: (body) => expect((body as Buffer).subarray(0, 5).toString()).toBe('%PDF-'),
  },
  // A deposit by M-Pesa: whoever may push a fee note to a client's phone (a client for
  // themself, an advocate for a client); admins never (docs/roles-and-permissions.md).
  'POST /payments/mpesa (deposit)': {
    action: 'payments:pay',
    deniedMessage: BILLING_MESSAGES.payDenied,
    allowed: 202,
    request: async (ctx, caller) => {
      await firmOf(ctx);
      const clientId = await clientFor(ctx, caller, unique('client'));
      return {
        method: 'POST',
        url: '/api/payments/mpesa',
        payload: { purpose: 'deposit', clientId, amountKsh: 15_000, phone: '0712345678' },
      };
    },
    check: (body) => expect((body as { message: string }).message).toBe(MPESA_TEXTS.checkPhone),
  },
  // Followed by its payer (a client: their own; staff who see the ledgers: any).
  'GET /client-money/mpesa-deposits/{id}': {
    ...view,
    allowed: 200,
    request: async (ctx, caller) => {
      const firm = await firmOf(ctx);
      const clientId = await clientFor(ctx, caller, unique('client'));
      const [row] = await ctx.database.db
        .insert(clientMoneyMpesaDeposits)
        .values({
          clientId,
          accountId: firm.mpesa.id,
          amountKsh: 15_000,
          phone: '+254712345678',
          status: 'pending',
        })
        .returning();
      return { method: 'GET', url: `/api/client-money/mpesa-deposits/${row!.id}` };
    },
    check: (body) =>
      expect(body as { status: string; amountKsh: number }).toMatchObject({
        status: 'pending',
        amountKsh: 15_000,
      }),
  },
  // The accountant's practice-year pack: those who see the Client money report (ADR 045).
  'GET /client-money/practice-years/{year}/pack.pdf': {
    ...pack,
    request: async (ctx) => {
      await firmOf(ctx);
      // Last year's: the other rows' entries are this year's, and a pack that changes between
      // callers is drawn again for each (client-money.practice-year.test.ts reads a full one).
      return {
        method: 'GET',
        url: `/api/client-money/practice-years/${Number(thisYear()) - 1}/pack.pdf`,
      };
    },
    check: (body) => expect((body as Buffer).subarray(0, 5).toString()).toBe('%PDF-'),
  },
  ...Object.fromEntries(
    PRACTICE_YEAR_CSV_PARTS.map((part): [string, MatrixEndpoint] => [
      `GET /client-money/practice-years/{year}/${part}`,
      {
        ...pack,
        request: async (ctx) => {
          await firmOf(ctx);
          // This year's reconciliations.csv reconciles each month of every client account the
          // other rows opened (up to 20 s a call on PGlite): last year's, before any was opened,
          // keeps the row to the access rule (client-money.practice-year.test.ts reads a full one).
          const year = part === 'reconciliations.csv' ? Number(thisYear()) - 1 : thisYear();
          return { method: 'GET', url: `/api/client-money/practice-years/${year}/${part}` };
        },
        check: (body) => expect(String(body)).toMatch(/^\uFEFF[A-Z]/),
      },
    ]),
  ),
};

describeAccessMatrix('client money: who may call each endpoint', ENDPOINTS, {
  env: {
    MPESA_BASE_URL: mpesa.baseUrl,
    MPESA_CONSUMER_KEY: mpesa.consumerKey,
    MPESA_CONSUMER_SECRET: mpesa.consumerSecret,
    MPESA_SHORTCODE: mpesa.shortcode,
    MPESA_PASSKEY: mpesa.passkey,
    MPESA_CALLBACK_SECRET: mpesa.callbackSecret,
  },
});
