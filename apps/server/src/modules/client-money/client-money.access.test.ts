import {
  BILLING_MESSAGES,
  CLIENT_MONEY_MESSAGES as M,
  MPESA_TEXTS,
  PRACTICE_YEAR_CSV_PARTS,
  REPORT_TEXTS,
  type MoneyAccount,
} from '@firm/shared';
import { expect } from 'vitest';
import { clientFor, describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';
import { multipartForm } from '../../../test/messages';
import { clientMoneyMpesaDeposits } from '../../db/schema';
import {
  clientHolding,
  daysAgo,
  entry,
  entryBody,
  firmOf,
  mpesa,
  nextSeq,
  openAccount,
  previousMonth,
  statementLine,
  today,
  unique,
} from './client-money-matrix-kit';

/**
 * Who may call the client money endpoints (ADR 045), for every kind of caller: advocates do
 * everything; admins who manage cases see the ledgers and record money received, paid out and
 * refunded; a client sees only their own ledger. A transfer to office and a reversal pass the
 * route's guard for recording and are refused by the service, so their refusal's words depend on
 * the caller and only the status is checked here (client-money.entries.test.ts checks the words).
 */

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
        number: `5${String(nextSeq()).padStart(6, '0')}`,
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
