import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { describeAuditEntry } from '@firm/shared';
import { auditLog, clientMoneyMonthLocks, users } from '../../db/schema';
import { seedUser, sessionFor } from '../../../test/accounts';
import {
  adminToken,
  advocate,
  advocateToken,
  call,
  clientAccount,
  ctx,
  freshClient,
  ledgerOf,
  officeAccount,
  otherClient,
  payOut,
  plotCase,
  receive,
  record,
  recorded,
  today,
  useClientMoneyTestContext,
} from './client-money-test-kit';

/** Money received, paid out, refunded and reversed (ADR 045, docs/product-rules.md#client-money). */

useClientMoneyTestContext();

describe('the firm’s accounts', () => {
  it('lists office and client accounts, refuses a number taken at the same bank, and checks each field', async () => {
    const listed = await call(adminToken, 'GET', '/api/client-money/accounts');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: clientAccount.id, kind: 'client', openingBalanceKsh: 0 }),
        expect.objectContaining({
          id: officeAccount.id,
          kind: 'office',
          openingBalanceKsh: 1_250_000,
        }),
      ]),
    );
    const taken = await call(advocateToken, 'POST', '/api/client-money/accounts', {
      name: 'KCB client account (again)',
      kind: 'client',
      institution: clientAccount.institution,
      number: clientAccount.number,
      openingBalanceKsh: 0,
      openingDate: '2026-01-01',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'The firm already has an account with this number at this bank',
      code: 'ACCOUNT_NUMBER_TAKEN',
    });
    const bad = await call(advocateToken, 'POST', '/api/client-money/accounts', {
      name: ' ',
      kind: 'savings',
      institution: 'M-Pesa',
      number: '522533',
      openingBalanceKsh: -5,
      openingDate: '31/01/2026',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      name: 'Name the account (e.g. “KCB client account”)',
      kind: 'Choose office account or client account',
      openingBalanceKsh:
        'The opening balance is a whole number of shillings from 0 to 1,000,000,000',
      openingDate: 'Give the date of the opening balance (YYYY-MM-DD)',
    });
  });

  it('refuses an entry dated before its account’s records start', async () => {
    const response = await record({
      kind: 'receipt',
      clientId: otherClient.id,
      accountId: clientAccount.id,
      amountKsh: 1_000,
      reference: 'EQ7XK2P9LM',
      narrative: 'Deposit',
      date: '2025-12-31',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.date).toBe(
      'This account’s records start on Thu 1 Jan 2026: date the entry on or after it',
    );
  });
});

describe('money received into a client account', () => {
  it('numbers each receipt from its own gap-free CR series and holds it on the client’s ledger', async () => {
    const { user, theCase } = await freshClient('Nyokabi', 'Wanjiku-Mwangi');
    const year = today().slice(0, 4);
    const first = await receive(2_450_000, user, theCase.id);
    const second = await receive(75_500, user);
    expect(first.receiptNumber).toMatch(new RegExp(`^CR/${year}/\\d{4}$`));
    const n = Number(first.receiptNumber!.split('/')[2]);
    expect(second.receiptNumber).toBe(`CR/${year}/${String(n + 1).padStart(4, '0')}`);
    expect(first.ledgerEffectKsh).toBe(2_450_000);
    const ledger = await ledgerOf(user);
    expect(ledger.balanceKsh).toBe(2_525_500);
    expect(ledger.cases).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ caseId: theCase.id, balanceKsh: 2_450_000 }),
        expect.objectContaining({ caseId: null, balanceKsh: 75_500 }),
      ]),
    );
  });

  it('refuses client money into an office account, naming the field', async () => {
    const response = await record({
      kind: 'receipt',
      clientId: otherClient.id,
      accountId: officeAccount.id,
      amountKsh: 10_000,
      reference: 'MPESA QWE12RT5YU',
      narrative: 'Court fees in advance',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.accountId).toBe(
      'Client money is kept in a client account: choose one of the firm’s client accounts',
    );
  });

  it('takes a case only of the client’s own', async () => {
    const response = await record({
      kind: 'receipt',
      clientId: otherClient.id,
      caseId: plotCase.id,
      accountId: clientAccount.id,
      amountKsh: 10_000,
      reference: 'EQ7XK2P9LM',
      narrative: 'Deposit',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.caseId).toBe('Choose one of this client’s cases, or none');
  });

  it('answers 400 with a message per field for what is missing or malformed, never a 500', async () => {
    const response = await record({
      kind: 'payment',
      clientId: 'not-a-uuid',
      amountKsh: 12.5,
      date: '2026-02-30',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      clientId: 'Client not found',
      amountKsh: 'The amount is a whole number of shillings from 1 to 1,000,000,000',
      date: 'Give the date of the entry (YYYY-MM-DD)',
    });
    const missing = await record({ kind: 'transfer_to_office' });
    expect(Object.keys(missing.json().errors).sort()).toEqual(
      [
        'accountId',
        'amountKsh',
        'clientId',
        'feeNoteId',
        'narrative',
        'officeAccountId',
        'reference',
      ].sort(),
    );
  });

  it('refuses an entry dated after today in Nairobi', async () => {
    const response = await record({
      kind: 'receipt',
      clientId: otherClient.id,
      accountId: clientAccount.id,
      amountKsh: 1_000,
      reference: 'EQ7XK2P9LM',
      narrative: 'Deposit',
      date: '2099-12-31',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.date).toBe('An entry cannot be dated after today');
  });
});

describe('a ledger never goes below zero', () => {
  it('refuses a payment out of more than the client holds on no case (their case money is not theirs to spend here)', async () => {
    const { user, theCase } = await freshClient('Mutua', 'Kilonzo-Musyoka');
    await receive(50_000, user);
    await receive(300_000, user, theCase.id);
    const over = await payOut(50_001, user);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'CLIENT_MONEY_INSUFFICIENT',
      message:
        'Only KSh 50,000 is held for the client on no case: the entry would take the ledger below zero',
    });
    const exact = await payOut(50_000, user);
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json()).toMatchObject({ balanceKsh: 300_000, caseBalanceKsh: 0 });
  });

  it('refuses a payment out of a case beyond what that case holds, though the client holds more', async () => {
    const { user, theCase } = await freshClient('Atieno', 'Odhiambo-Owino');
    await receive(120_000, user, theCase.id);
    await receive(900_000, user);
    const over = await payOut(120_001, user, theCase.id);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      `Only KSh 120,000 is held for the client on case ${theCase.caseNumber}: the entry would take the ledger below zero`,
    );
    const refund = await record({
      kind: 'refund',
      clientId: user.id,
      caseId: theCase.id,
      accountId: clientAccount.id,
      amountKsh: 120_000,
      reference: 'RTGS 88213',
      narrative: 'Balance of the deposit returned on completion',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json()).toMatchObject({ balanceKsh: 900_000, caseBalanceKsh: 0 });
    expect(refund.json().entry.ledgerEffectKsh).toBe(-120_000);
  });
});

describe('reversals', () => {
  it('restores the balance with a reason, and an entry is reversed only once', async () => {
    const { user, theCase } = await freshClient('Chebet', 'Langat-Kiprono');
    await receive(400_000, user, theCase.id);
    const paid = await payOut(150_000, user, theCase.id);
    expect(paid.json().caseBalanceKsh).toBe(250_000);
    const reason = 'Cheque 004512 was returned unpaid by the bank';
    const reversal = await record({
      kind: 'reversal',
      reversesId: paid.json().entry.id,
      reason,
    });
    expect(reversal.statusCode, reversal.body).toBe(201);
    expect(reversal.json()).toMatchObject({ balanceKsh: 400_000, caseBalanceKsh: 400_000 });
    expect(reversal.json().entry).toMatchObject({
      kind: 'reversal',
      reversesId: paid.json().entry.id,
      reason,
      ledgerEffectKsh: 150_000,
      caseId: theCase.id,
    });
    const again = await record({ kind: 'reversal', reversesId: paid.json().entry.id, reason });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CLIENT_MONEY_ALREADY_REVERSED',
      message: 'This entry has already been reversed',
    });
    const ofReversal = await record({
      kind: 'reversal',
      reversesId: reversal.json().entry.id,
      reason,
    });
    expect(ofReversal.statusCode).toBe(409);
    const ledger = await ledgerOf(user);
    const original = ledger.entries.find((entry) => entry.id === paid.json().entry.id);
    expect(original?.reversedById).toBe(reversal.json().entry.id);
  });

  it('refuses to reverse a receipt whose money has already been paid out', async () => {
    const { user } = await freshClient('Wekesa', 'Barasa-Wafula');
    const receipt = await receive(80_000, user);
    expect((await payOut(60_000, user)).statusCode).toBe(201);
    const reversal = await record({
      kind: 'reversal',
      reversesId: receipt.id,
      reason: 'Recorded against the wrong client',
    });
    expect(reversal.statusCode).toBe(409);
    expect(reversal.json().code).toBe('CLIENT_MONEY_INSUFFICIENT');
  });

  it('is an advocate’s: an admin who manages cases may record, not reverse or transfer', async () => {
    const { user } = await freshClient('Kamau', 'Gitau-Ndungu');
    const receipt = await receive(10_000, user);
    const byAdmin = await recorded(
      {
        kind: 'payment',
        clientId: user.id,
        accountId: clientAccount.id,
        amountKsh: 2_500,
        reference: 'CASH',
        narrative: 'Filing fees at Milimani Law Courts',
      },
      adminToken,
    );
    expect(byAdmin.ledgerEffectKsh).toBe(-2_500);
    const reversal = await record(
      { kind: 'reversal', reversesId: receipt.id, reason: 'Wrong client' },
      adminToken,
    );
    expect(reversal.statusCode).toBe(403);
    expect(reversal.json().message).toContain('Only an advocate can reverse a client money entry');
  });
});

describe('locked months', () => {
  it('refuses an entry dated in a month reconciliation has locked, in the database', async () => {
    const { user } = await freshClient('Halima', 'Abdi-Hassan');
    await receive(10_000, user);
    await ctx.database.db
      .insert(clientMoneyMonthLocks)
      .values({ accountId: clientAccount.id, month: '2026-03', lockedById: advocate.id });
    const locked = await record({
      kind: 'receipt',
      clientId: user.id,
      accountId: clientAccount.id,
      amountKsh: 5_000,
      reference: 'EQ7XK2P9LM',
      narrative: 'Late-recorded deposit',
      date: '2026-03-31',
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      code: 'CLIENT_MONEY_MONTH_LOCKED',
      message:
        'March 2026 is reconciled and locked for this account: date the entry in an open month',
    });
    const nextDay = await record({
      kind: 'receipt',
      clientId: user.id,
      accountId: clientAccount.id,
      amountKsh: 5_000,
      reference: 'EQ7XK2P9LM',
      narrative: 'Late-recorded deposit',
      date: '2026-04-01',
    });
    expect(nextDay.statusCode, nextDay.body).toBe(201);
    expect((await ledgerOf(user)).balanceKsh).toBe(15_000);
  });
});

describe('the audit log', () => {
  it('reads each entry as a sentence', async () => {
    const { user, theCase } = await freshClient('Zawadi', 'Mwakio-Mghanga');
    const receipt = await receive(1_234_567, user, theCase.id);
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetUserId, user.id));
    const [actor] = await ctx.database.db.select().from(users).where(eq(users.id, advocate.id));
    const sentence = describeAuditEntry({
      action: row!.action,
      actor: { id: actor!.id, name: 'Achieng Mwamba', email: actor!.email },
      target: { id: user.id, name: 'Zawadi Mwakio-Mghanga', email: user.email },
      details: row!.details as Record<string, unknown>,
    });
    expect(sentence.text).toBe(
      `Achieng Mwamba recorded client money received for Zawadi Mwakio-Mghanga of KSh 1,234,567 (receipt ${receipt.receiptNumber}, ref. EQ7XK2P9LM)`,
    );
    expect(sentence.link?.href).toBe(`/cases/${theCase.id}`);
  });
});

describe('accounts that hold or moved client money', () => {
  it('keeps a client with client money, and lets an advocate who recorded some be deleted', async () => {
    // No case: a client with a case is kept for the case's sake already.
    const user = await seedUser(ctx, {
      role: 'client',
      email: 'baraka.mwangi-kinyanjui@client-money.test',
      firstName: 'Baraka',
      lastName: 'Mwangi-Kinyanjui',
    });
    const recorder = await seedUser(ctx, {
      role: 'advocate',
      email: 'otieno.ouma@client-money.test',
    });
    const receipt = await recorded(
      {
        kind: 'receipt',
        clientId: user.id,
        accountId: clientAccount.id,
        amountKsh: 7_000,
        reference: 'EQ7XK2P9LM',
        narrative: 'Deposit',
      },
      await sessionFor(ctx, recorder),
    );
    const client = await call(advocateToken, 'DELETE', `/api/user-management/user/${user.id}`);
    expect(client.statusCode).toBe(409);
    expect(client.json().code).toBe('USER_HAS_BILLING');
    const staff = await call(advocateToken, 'DELETE', `/api/user-management/user/${recorder.id}`);
    expect(staff.statusCode, staff.body).toBe(200);
    const ledger = await ledgerOf(user);
    expect(ledger.entries.map((entry) => entry.id)).toEqual([receipt.id]);
    expect(ledger.balanceKsh).toBe(7_000);
  });
});
