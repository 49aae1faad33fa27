import {
  CLIENT_MONEY_MESSAGES as M,
  MPESA_DEPOSIT_REFUSED_TEXTS as R,
  describeAuditEntry,
  formatMonthTitle,
  type ClientLedger,
  type MpesaDeposit,
} from '@firm/shared';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { startDarajaSimulator, type DarajaSimulator } from '../../../test/daraja-simulator';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { startAfricasTalkingFake } from '../../../test/outbox-fakes';
import {
  clientMoneyEntries,
  clientMoneyMonthLocks,
  clientMoneyMpesaDeposits,
  moneyAccounts,
  notifications,
  type CaseRow,
  type UserRow,
} from '../../db/schema';
import { createDarajaClient } from '../../lib/daraja';
import type { PushDeps } from '../billing/mpesa-push-flow';
import { monthlyBalancesBesideJournal } from './client-money-test-kit';
import { queryDueMpesaDeposits } from './mpesa-deposits.service';

/**
 * A client pays a deposit by M-Pesa from the portal (ADR 045, "M-Pesa deposits") against a local
 * Daraja speaking Safaricom's formats: a client-money receipt into the firm's M-Pesa client
 * account is posted only once Safaricom's query confirms the push, once however many callbacks
 * arrive, and the client is told in the bell, by email and by text.
 */

const SECRET = 'deposit-callback-secret-0123';
let ctx: TestContext;
let daraja: DarajaSimulator;
let sms: Awaited<ReturnType<typeof startAfricasTalkingFake>>;
let advocate: UserRow;
let client: UserRow;
let otherClient: UserRow;
let plotCase: CaseRow;
let otherCase: CaseRow;
let advocateToken: string;
let clientToken: string;
let otherToken: string;
/** The push whose callback the query did not confirm: settled later by the schedule. */
let unconfirmed: string;

let address = 0;
const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    // Each push from its own address: the per-address limit is not what is tested.
    remoteAddress: `10.88.0.${(address += 1)}`,
    ...(payload ? { payload: payload as InjectOptions['payload'] } : {}),
  });

const deposit = (payload: object, token = clientToken) =>
  call(token, 'POST', '/api/payments/mpesa', { purpose: 'deposit', ...payload });

async function postCallback(body: unknown) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/mpesa/callback/${SECRET}`,
    payload: body as InjectOptions['payload'],
  });
  await ctx.app.backgroundTasks.drain();
  return response;
}

const followed = async (id: string, token = clientToken) =>
  (await call(token, 'GET', `/api/client-money/mpesa-deposits/${id}`)).json() as MpesaDeposit;
const ledgerOf = async (who: UserRow, token = clientToken) =>
  (await call(token, 'GET', `/api/client-money/ledgers/${who.id}`)).json() as ClientLedger;
const entriesOf = (who: UserRow) =>
  ctx.database.db.select().from(clientMoneyEntries).where(eq(clientMoneyEntries.clientId, who.id));

beforeAll(async () => {
  daraja = await startDarajaSimulator({ callback: 'manual' });
  sms = await startAfricasTalkingFake();
  const settings = daraja.settings({ callbackSecret: SECRET });
  ctx = await createTestContext({
    MPESA_BASE_URL: settings.baseUrl,
    MPESA_CONSUMER_KEY: settings.consumerKey,
    MPESA_CONSUMER_SECRET: settings.consumerSecret,
    MPESA_SHORTCODE: settings.shortcode,
    MPESA_PASSKEY: settings.passkey,
    MPESA_CALLBACK_SECRET: SECRET,
    AT_USERNAME: 'mwamba',
    AT_API_KEY: 'test-api-key',
    AT_BASE_URL: sms.url,
  });
  advocate = await seedUser(ctx, { role: 'advocate', email: 'achieng@deposits.test' });
  client = await seedUser(ctx, {
    role: 'client',
    email: 'kiprotich.chebet@deposits.test',
    firstName: 'Kiprotich',
    lastName: 'Chebet',
    phone: '+254722334455',
  });
  otherClient = await seedUser(ctx, { role: 'client', email: 'wairimu@deposits.test' });
  plotCase = await seedCase(ctx, client.id, { assigneeId: advocate.id });
  otherCase = await seedCase(ctx, otherClient.id, { assigneeId: advocate.id });
  advocateToken = await sessionFor(ctx, advocate);
  clientToken = await sessionFor(ctx, client);
  otherToken = await sessionFor(ctx, otherClient);
  // Billing texts go only to a client who switched them on (ADR 033).
  const on = await call(clientToken, 'PUT', '/api/profile/sms-preferences', { billing: true });
  expect(on.statusCode, on.body).toBe(200);
});

afterAll(async () => {
  await ctx.close();
  await daraja.close();
  await sms.close();
});

const addAccount = async (values: object) => {
  const response = await call(advocateToken, 'POST', '/api/client-money/accounts', {
    kind: 'client',
    openingBalanceKsh: 0,
    openingDate: '2026-01-01',
    ...values,
  });
  expect(response.statusCode, response.body).toBe(201);
};

describe('paying a deposit by M-Pesa', () => {
  it('answers 409, and the portal offers no button, while the firm has no M-Pesa client account', async () => {
    // A bank account with the paybill's digits as its number is not the paybill.
    await addAccount({
      name: 'KCB Client Account',
      institution: 'Kenya Commercial Bank',
      number: daraja.settings().shortcode,
    });
    expect((await ledgerOf(client)).mpesaDeposits).toBe(false);
    const refused = await deposit({ clientId: client.id, amountKsh: 25_000, phone: '0722334455' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      'The firm has not set up an M-Pesa client account for deposits yet. Please call the firm to pay a deposit.',
    );
    expect(daraja.pushes).toHaveLength(0);

    await addAccount({
      name: 'M-Pesa Client Paybill',
      institution: 'M-PESA (Safaricom)',
      number: daraja.settings().shortcode,
    });
    expect((await ledgerOf(client)).mpesaDeposits).toBe(true);
  });

  it('posts one CR receipt on the case once Safaricom confirms it, whatever the callbacks', async () => {
    sms.requests.length = 0;
    const started = await deposit({
      clientId: client.id,
      caseId: plotCase.id,
      amountKsh: 25_000,
      phone: '+254 722 334 455',
    });
    expect(started.statusCode, started.body).toBe(202);
    const { id, checkoutRequestId, message } = started.json();
    expect(message).toBe('Check your phone and enter your M-Pesa PIN');
    const push = daraja.push(checkoutRequestId);
    expect(push.amount).toBe(25_000);
    expect(push.phone).toBe('254722334455');
    // The case's number as a client types it at the paybill: the statement line names the case.
    expect(push.accountReference).toBe(plotCase.caseNumber.replace(/[^A-Z0-9]/g, ''));
    expect(push.callbackUrl).toBe(`http://portal.test/api/mpesa/callback/${SECRET}`);
    expect((await followed(id)).status).toBe('pending');
    expect(await entriesOf(client)).toHaveLength(0);

    daraja.complete(checkoutRequestId);
    const body = daraja.callbackBody(checkoutRequestId);
    expect((await postCallback(body)).json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    // Safaricom retries; a copy posts nothing more.
    await postCallback(body);
    await Promise.all([postCallback(body), postCallback(body)]);

    const paid = await followed(id);
    expect(paid.status).toBe('succeeded');
    expect(paid.receiptNumber).toMatch(/^CR\/\d{4}\/\d{4,}$/);
    expect(paid.mpesa.receiptNumber).toBe(push.receiptNumber);
    const entries = await entriesOf(client);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'receipt',
      amountKsh: 25_000,
      caseId: plotCase.id,
      reference: push.receiptNumber,
      receiptNumber: paid.receiptNumber,
      recordedById: null,
    });
    const ledger = await ledgerOf(client);
    expect(ledger.balanceKsh).toBe(25_000);
    expect(ledger.cases.find((each) => each.caseId === plotCase.id)?.balanceKsh).toBe(25_000);
    expect(ledger.entries[0]?.narrative).toBe('Deposit paid by M-Pesa from the portal');
    // The advocates see it on the client's ledger too.
    expect((await ledgerOf(client, advocateToken)).balanceKsh).toBe(25_000);
    // The monthly balances moved with it, in its transaction (migration 0044).
    const monthly = await monthlyBalancesBesideJournal(ctx.database);
    expect(monthly.stored).toHaveLength(1);
    expect(monthly.stored).toEqual(monthly.summed);

    // The client is told in the bell, by email and by text.
    const bells = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.id), eq(notifications.kind, 'payment_received')));
    expect(bells).toHaveLength(1);
    expect(bells[0]!.title).toBe(`Deposit received: receipt ${paid.receiptNumber}`);
    expect(bells[0]!.message).toContain(`KSh 25,000 for case ${plotCase.caseNumber}`);
    expect(bells[0]!.actionUrl).toBe('/client-money');
    await settleMail(ctx);
    expect(ctx.mail.filter((mail) => mail.subject.includes(paid.receiptNumber!))).toHaveLength(1);
    const texts = sms.requests.filter((request) => request.form.to === '+254722334455');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.form.message).toContain(push.receiptNumber);

    // The client's "Download my data" lists the push, with the phone it went to.
    const exported = await call(clientToken, 'GET', '/api/profile/export');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(JSON.parse(exported.body).clientMoney.mpesaDeposits).toEqual([
      expect.objectContaining({
        id,
        status: 'succeeded',
        amountKsh: 25_000,
        phone: '+254722334455',
        mpesaReceiptNumber: push.receiptNumber,
        receiptNumber: paid.receiptNumber,
      }),
    ]);

    // Audited, with no one signed in behind it.
    const audit = await call(
      advocateToken,
      'GET',
      `/api/settings/audit-log?action=client_money.recorded`,
    );
    const row = audit.json().entries[0];
    expect(row.details.receiptNumber).toBe(paid.receiptNumber);
    expect(describeAuditEntry(row).text).toBe(
      `M-Pesa confirmed a deposit from Kiprotich Chebet into the client account of KSh 25,000 (receipt ${paid.receiptNumber}, ref. ${push.receiptNumber})`,
    );
  });

  it('posts nothing on a callback the query does not confirm, nor on a failed push', async () => {
    const started = await deposit({ clientId: client.id, amountKsh: 7_500, phone: '0722334455' });
    expect(started.statusCode, started.body).toBe(202);
    const { id, checkoutRequestId } = started.json();
    unconfirmed = checkoutRequestId;
    // A success claimed before Safaricom's query says so (forged, or early): nothing posted.
    await postCallback(daraja.callbackBody(checkoutRequestId, { complete: false }));
    expect((await followed(id)).status).toBe('pending');
    expect(await entriesOf(client)).toHaveLength(1);

    // One push at a time: a second while the first waits for its PIN is refused.
    const second = await deposit({ clientId: client.id, amountKsh: 3_000, phone: '0722334455' });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toMatch(/already on its way/);

    // The payer cancels on the phone: the push fails, in plain words, and nothing is posted.
    daraja.nextOutcome('cancelled', { callback: 'manual' });
    const cancelled = await deposit(
      { clientId: otherClient.id, amountKsh: 3_000, phone: '0733000111' },
      otherToken,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(202);
    const sent = await daraja.sendCallback(cancelled.json().checkoutRequestId, {
      url: 'http://127.0.0.1:9/',
    });
    await postCallback(sent.body);
    const failed = await followed(cancelled.json().id, otherToken);
    expect(failed.status).toBe('failed');
    expect(failed.mpesa.failureText).toBe(
      'You cancelled the M-Pesa request on your phone. Nothing was paid.',
    );
    expect(await entriesOf(otherClient)).toHaveLength(0);
  });

  it('settles a push whose callback never comes, by asking Safaricom on the schedule', async () => {
    daraja.complete(unconfirmed);
    const deps: PushDeps = {
      db: ctx.database.db,
      daraja: createDarajaClient(daraja.settings({ callbackSecret: SECRET })),
      callbackUrl: `http://portal.test/api/mpesa/callback/${SECRET}`,
      shortcode: daraja.settings().shortcode,
    };
    expect(await queryDueMpesaDeposits(deps, new Date())).toBe(0);
    expect(await queryDueMpesaDeposits(deps, new Date(Date.now() + 3 * 60_000))).toBe(1);
    expect((await ledgerOf(client)).balanceKsh).toBe(32_500);
    const [latest] = (await entriesOf(client)).filter((each) => each.amountKsh === 7_500);
    // No callback lent M-Pesa's code: the push's own id is the reference, for the statement.
    expect(latest?.reference).toBe(unconfirmed);
  });

  it('keeps a confirmed deposit pending, never failed, while its receipt cannot be posted', async () => {
    const [account] = await ctx.database.db
      .select()
      .from(moneyAccounts)
      .where(eq(moneyAccounts.name, 'M-Pesa Client Paybill'));
    // The month locked by reconciliation since the push was asked for: the journal refuses it.
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' })
      .format(new Date())
      .slice(0, 7);
    const started = await deposit(
      { clientId: otherClient.id, amountKsh: 9_000, phone: '0733000111' },
      otherToken,
    );
    expect(started.statusCode, started.body).toBe(202);
    const { id, checkoutRequestId } = started.json();
    await ctx.database.db.insert(clientMoneyMonthLocks).values({ accountId: account!.id, month });
    daraja.complete(checkoutRequestId);
    const body = daraja.callbackBody(checkoutRequestId);
    await postCallback(body);
    expect((await followed(id, otherToken)).status).toBe('pending');
    expect(await entriesOf(otherClient)).toHaveLength(0);

    // The advocates are told in the bell, in words, once however often it is tried again.
    await postCallback(body);
    const flagged = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'payment_flagged'));
    expect(flagged.map((row) => [row.userId, row.title])).toEqual([[advocate.id, R.title]]);
    const code = daraja.push(checkoutRequestId).receiptNumber!;
    expect(flagged[0]!.message).toBe(
      R.message(
        'KSh 9,000',
        `${otherClient.firstName} ${otherClient.lastName}`,
        code,
        `${M.monthLocked(formatMonthTitle(month))}.`,
      ),
    );
    expect(flagged[0]!.message).not.toMatch(/client_money|constraint|error:/i);

    // Once the journal takes it again, the schedule posts it.
    await ctx.database.db
      .delete(clientMoneyMonthLocks)
      .where(eq(clientMoneyMonthLocks.accountId, account!.id));
    const deps: PushDeps = {
      db: ctx.database.db,
      daraja: createDarajaClient(daraja.settings({ callbackSecret: SECRET })),
      callbackUrl: `http://portal.test/api/mpesa/callback/${SECRET}`,
      shortcode: daraja.settings().shortcode,
    };
    expect(await queryDueMpesaDeposits(deps, new Date(Date.now() + 10 * 60_000))).toBe(1);
    expect((await followed(id, otherToken)).status).toBe('succeeded');
    expect(await entriesOf(otherClient)).toHaveLength(1);
  });

  it('refuses another client, another client’s case, a non-client and bad input', async () => {
    const values = { amountKsh: 1_000, phone: '0722334455' };
    const forOther = await deposit({ clientId: otherClient.id, ...values });
    expect(forOther.statusCode, forOther.body).toBe(404);
    const onOtherCase = await deposit({ clientId: client.id, caseId: otherCase.id, ...values });
    expect(onOtherCase.statusCode, onOtherCase.body).toBe(404);
    expect(onOtherCase.json().message).toBe('Choose one of your cases, or none');
    // Staff as the fee notes' push lets them (docs/roles-and-permissions.md): an admin never, an
    // advocate for a client that exists (the access matrix asks every kind of caller).
    const byAdvocate = await deposit({ clientId: advocate.id, ...values }, advocateToken);
    expect(byAdvocate.statusCode, byAdvocate.body).toBe(404);

    const bad = await deposit({ phone: '12', amountKsh: 0 });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amountKsh', 'phone']);
    const missing = await deposit({ phone: '0722334455' });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().errors).toEqual({
      clientId: 'Say whose deposit this is',
      amountKsh: 'Enter the amount in whole shillings',
    });
    const mixed = await call(clientToken, 'POST', '/api/payments/mpesa', {
      purpose: 'gift',
      clientId: client.id,
      phone: '0722334455',
    });
    expect(mixed.statusCode, mixed.body).toBe(400);
    expect(mixed.json().errors.purpose).toBeDefined();
    expect(daraja.pushes.every((push) => push.amount !== 1_000)).toBe(true);

    // Another client cannot follow it; staff who see the ledgers can.
    const [row] = await ctx.database.db
      .select()
      .from(clientMoneyMpesaDeposits)
      .where(eq(clientMoneyMpesaDeposits.clientId, client.id))
      .limit(1);
    const url = `/api/client-money/mpesa-deposits/${row!.id}`;
    expect((await call(otherToken, 'GET', url)).statusCode).toBe(404);
    expect((await call(advocateToken, 'GET', url)).statusCode).toBe(200);
  });
});
