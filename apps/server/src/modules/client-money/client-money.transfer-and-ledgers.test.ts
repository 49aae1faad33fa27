import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { settleMail } from '../../../test/helpers';
import {
  adminToken,
  advocateToken,
  call,
  client,
  clientAccount,
  clientToken,
  ctx,
  estateCase,
  freshClient,
  issuedFeeNote,
  ledgerOf,
  officeAccount,
  otherClient,
  otherToken,
  plotCase,
  receive,
  record,
  recorded,
  sms,
  useClientMoneyTestContext,
} from './client-money-test-kit';

/** Transfers to office against a fee note, and the ledgers staff and the client read (ADR 045). */

useClientMoneyTestContext();

const transfer = (feeNoteId: string, amountKsh: number, caseId?: string, token = advocateToken) =>
  record(
    {
      kind: 'transfer_to_office',
      clientId: client.id,
      ...(caseId ? { caseId } : {}),
      accountId: clientAccount.id,
      officeAccountId: officeAccount.id,
      feeNoteId,
      amountKsh,
      reference: 'TRF/2026/118',
      narrative: 'Our fees on the conveyance, from the deposit held',
    },
    token,
  );

describe('a transfer from the client account to settle a fee note', () => {
  it('moves at most the note’s balance, pays it partly then fully, and tells the client as for any receipt', async () => {
    const on = await call(clientToken, 'PUT', '/api/profile/sms-preferences', {
      billing: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    await receive(1_000_000, client, plotCase.id);
    // 16% VAT may or may not apply; the note's own total is what is owed.
    const note = await issuedFeeNote(client, 100_000);
    await settleMail(ctx);
    sms.requests.length = 0;
    const before = ctx.mail.length;

    const over = await transfer(note.id, note.totalKsh + 1, plotCase.id);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('CLIENT_MONEY_OVER_FEE_NOTE');
    expect(over.json().message).toMatch(/^This fee note has only KSh [\d,]+ left to pay/);

    const byAdmin = await transfer(note.id, 40_000, plotCase.id, adminToken);
    expect(byAdmin.statusCode).toBe(403);

    const part = await transfer(note.id, 40_000, plotCase.id);
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ caseBalanceKsh: 960_000, balanceKsh: 960_000 });
    expect(part.json().entry).toMatchObject({
      kind: 'transfer_to_office',
      feeNoteId: note.id,
      feeNoteNumber: note.number,
      ledgerEffectKsh: -40_000,
      officeAccountId: officeAccount.id,
    });
    const partly = await call(advocateToken, 'GET', `/api/fee-notes/${note.id}`);
    expect(partly.json()).toMatchObject({ status: 'partly_paid' });
    expect(partly.json().totals.paidKsh).toBe(40_000);

    await settleMail(ctx);
    const [bell] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.id), eq(notifications.kind, 'payment_received')));
    expect(bell?.message).toContain(`We received KSh 40,000 for fee note ${note.number}`);
    expect(ctx.mail.slice(before).some((mail) => mail.to === client.email)).toBe(true);
    const text = sms.requests.find((request) => request.form.to === '+254722334455');
    expect(text?.form.message).toContain('received KSh 40,000');

    const rest = await transfer(note.id, note.totalKsh - 40_000, plotCase.id);
    expect(rest.statusCode, rest.body).toBe(201);
    const paid = await call(advocateToken, 'GET', `/api/fee-notes/${note.id}`);
    expect(paid.json().status).toBe('paid');

    const again = await transfer(note.id, 1, plotCase.id);
    expect(again.statusCode).toBe(409);
    const reversal = await record({
      kind: 'reversal',
      reversesId: rest.json().entry.id,
      reason: 'Wrong fee note',
    });
    expect(reversal.statusCode).toBe(409);
    expect(reversal.json().code).toBe('CLIENT_MONEY_NOT_REVERSIBLE');
  });

  it('refuses a transfer beyond what the client holds, whatever the note owes', async () => {
    const note = await issuedFeeNote(client, 5_000_000);
    const response = await transfer(note.id, 2_000_000, estateCase.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CLIENT_MONEY_INSUFFICIENT');
  });

  it('refuses another client’s fee note, and an office account as the client side', async () => {
    const theirs = await issuedFeeNote(otherClient, 10_000);
    const response = await transfer(theirs.id, 1_000, plotCase.id);
    expect(response.statusCode).toBe(404);
    const wrongSide = await record({
      kind: 'transfer_to_office',
      clientId: client.id,
      accountId: officeAccount.id,
      officeAccountId: clientAccount.id,
      feeNoteId: theirs.id,
      amountKsh: 1_000,
      reference: 'TRF',
      narrative: 'Fees',
    });
    expect(wrongSide.statusCode).toBe(400);
    expect(wrongSide.json().errors.accountId).toBeDefined();
  });
});

describe('the ledgers', () => {
  it('lists every movement oldest first with its running balance, and what each case holds', async () => {
    const { user, theCase } = await freshClient('Wanjiru', 'Kamau-Njoroge');
    await record({
      kind: 'receipt',
      clientId: user.id,
      caseId: theCase.id,
      accountId: clientAccount.id,
      amountKsh: 3_500_000,
      reference: 'RTGS 7781',
      narrative: 'Purchase price held pending completion',
      date: '2026-01-31',
    });
    await record({
      kind: 'payment',
      clientId: user.id,
      caseId: theCase.id,
      accountId: clientAccount.id,
      amountKsh: 140_000,
      reference: 'KRA 2026/0099',
      narrative: 'Stamp duty',
      date: '2026-02-28',
    });
    await record({
      kind: 'receipt',
      clientId: user.id,
      accountId: clientAccount.id,
      amountKsh: 25_000,
      reference: 'MPESA SAB1C2D3E4',
      narrative: 'Court fees in advance',
      date: '2026-03-01',
    });
    const ledger = await ledgerOf(user);
    expect(ledger.entries.map((entry) => entry.runningBalanceKsh)).toEqual([
      3_500_000, 3_360_000, 3_385_000,
    ]);
    expect(ledger.balanceKsh).toBe(3_385_000);
    expect(ledger.cases).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ caseId: theCase.id, balanceKsh: 3_360_000 }),
        expect.objectContaining({ caseId: null, balanceKsh: 25_000 }),
      ]),
    );

    // At the end of the last day of February (Nairobi), before the March receipt.
    const asOf = await call(
      advocateToken,
      'GET',
      `/api/client-money/ledgers?clientId=${user.id}&asOf=2026-02-28`,
    );
    expect(asOf.statusCode, asOf.body).toBe(200);
    expect(asOf.json()).toMatchObject({ asOf: '2026-02-28', totalKsh: 3_360_000 });
    expect(asOf.json().ledgers).toEqual([
      expect.objectContaining({
        clientName: 'Wanjiru Kamau-Njoroge',
        caseId: theCase.id,
        caseNumber: theCase.caseNumber,
        balanceKsh: 3_360_000,
      }),
    ]);
    const january = await call(
      advocateToken,
      'GET',
      `/api/client-money/ledgers?clientId=${user.id}&asOf=2026-01-30`,
    );
    expect(january.json()).toMatchObject({ totalKsh: 0, ledgers: [] });
    const byCase = await call(adminToken, 'GET', `/api/client-money/ledgers?caseId=${theCase.id}`);
    expect(byCase.json().ledgers).toHaveLength(1);
    expect(byCase.json().totalKsh).toBe(3_360_000);
  });

  // The balances at a past day are a month's closing balance plus the entries of the day's month
  // (ledgers.repository.ts, ADR 053): every day gives what was held at its end.
  it('gives what each case held at the end of any past day, early or late in the journal', async () => {
    const { user, theCase } = await freshClient('Akinyi', 'Odhiambo-Wekesa');
    const moves: [string, 'receipt' | 'payment', number, string | null][] = [
      ['2026-01-12', 'receipt', 400_000, null],
      ['2026-03-05', 'payment', 150_000, null],
      ['2026-06-01', 'receipt', 900_000, theCase.id],
      ['2026-09-14', 'payment', 900_000, theCase.id],
      ['2026-10-02', 'receipt', 60_000, theCase.id],
    ];
    for (const [date, kind, amountKsh, caseId] of moves) {
      await recorded({
        kind,
        clientId: user.id,
        ...(caseId ? { caseId } : {}),
        accountId: clientAccount.id,
        amountKsh,
        reference: `EFT ${date}`,
        narrative: kind === 'receipt' ? 'Deposit on account' : 'Paid on the client’s instructions',
        date,
      });
    }
    const heldAt = async (day: string) => {
      const response = await call(
        adminToken,
        'GET',
        `/api/client-money/ledgers?clientId=${user.id}&asOf=${day}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as {
        totalKsh: number;
        ledgers: { caseId: string | null; caseNumber: string | null; balanceKsh: number }[];
      };
      return [body.totalKsh, body.ledgers.map((row) => [row.caseNumber, row.balanceKsh])];
    };
    const onCase = theCase.caseNumber;
    expect(await heldAt('2026-01-11')).toEqual([0, []]);
    expect(await heldAt('2026-01-12')).toEqual([400_000, [[null, 400_000]]]);
    expect(await heldAt('2026-03-05')).toEqual([250_000, [[null, 250_000]]]);
    expect(await heldAt('2026-06-01')).toEqual([
      1_150_000,
      [
        [onCase, 900_000],
        [null, 250_000],
      ],
    ]);
    expect(await heldAt('2026-09-14')).toEqual([250_000, [[null, 250_000]]]);
    expect(await heldAt('2026-10-02')).toEqual([
      310_000,
      [
        [onCase, 60_000],
        [null, 250_000],
      ],
    ]);
    const byCase = await call(
      advocateToken,
      'GET',
      `/api/client-money/ledgers?caseId=${theCase.id}&asOf=2026-09-30`,
    );
    expect(byCase.json()).toMatchObject({ totalKsh: 0, ledgers: [] });
  });

  it('shows a client their own ledger only: another’s is not found', async () => {
    await receive(15_000, otherClient);
    const own = await call(otherToken, 'GET', `/api/client-money/ledgers/${otherClient.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().balanceKsh).toBe(15_000);
    const another = await call(otherToken, 'GET', `/api/client-money/ledgers/${client.id}`);
    expect(another.statusCode).toBe(404);
    const list = await call(otherToken, 'GET', '/api/client-money/ledgers');
    expect(list.statusCode).toBe(200);
    expect(
      list.json().ledgers.every((row: { clientId: string }) => row.clientId === otherClient.id),
    ).toBe(true);
    expect(list.json().totalKsh).toBe(15_000);
  });

  it('is in the client’s “Download my data”, and staff have no such section', async () => {
    const file = await call(otherToken, 'GET', '/api/profile/export');
    expect(file.statusCode, file.body).toBe(200);
    const section = file.json().clientMoney as {
      balanceKsh: number;
      entries: { kind: string; amountKsh: number; clientId: string }[];
    };
    expect(section.balanceKsh).toBe(15_000);
    expect(section.entries).toEqual([
      expect.objectContaining({ kind: 'receipt', amountKsh: 15_000, clientId: otherClient.id }),
    ]);
    const html = await call(otherToken, 'GET', '/api/profile/export?format=html');
    expect(html.body).toContain('Money we hold for you');
    const staff = await call(advocateToken, 'GET', '/api/profile/export');
    expect(staff.json()).not.toHaveProperty('clientMoney');
  });
});
