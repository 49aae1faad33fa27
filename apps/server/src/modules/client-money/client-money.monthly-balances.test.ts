import { describe, expect, it } from 'vitest';
import {
  advocateToken,
  call,
  clientAccount,
  ctx,
  freshClient,
  issuedFeeNote,
  monthlyBalancesBesideJournal,
  officeAccount,
  previousMonth,
  recorded,
  useClientMoneyTestContext,
} from './client-money-test-kit';

/**
 * The monthly balances the database keeps per client ledger (migration 0044, ADR 053) agree with
 * the journal after every kind of entry, an entry dated in an earlier month among them, and the
 * balances at a past day read from them are what the entries say. The M-Pesa deposit's receipt
 * is checked in client-money.mpesa-deposits.test.ts.
 */

useClientMoneyTestContext();

const agrees = async () => {
  const { stored, summed } = await monthlyBalancesBesideJournal(ctx.database);
  expect(stored.length).toBeGreaterThan(0);
  expect(stored).toEqual(summed);
};

const heldAt = async (clientId: string, day: string) => {
  const response = await call(
    advocateToken,
    'GET',
    `/api/client-money/ledgers?clientId=${clientId}&asOf=${day}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { totalKsh: number }).totalKsh;
};

describe('the monthly balances of the client ledgers', () => {
  it('equal the journal’s sums after a receipt, payment, transfer, refund and reversal, in any month', async () => {
    const { user, theCase } = await freshClient('Nduta', 'Kamau-Wanjiku');
    const lastMonth = previousMonth();
    const entry = (values: Record<string, unknown>) =>
      recorded({ clientId: user.id, accountId: clientAccount.id, ...values });

    await entry({
      kind: 'receipt',
      amountKsh: 500_000,
      reference: 'EFT 1001',
      narrative: 'Deposit towards the purchase price',
    });
    await agrees();
    // Dated last month after this month's receipt: this month's closing moves with it.
    await entry({
      kind: 'receipt',
      caseId: theCase.id,
      amountKsh: 200_000,
      reference: 'EFT 1002',
      narrative: 'Deposit for the stamp duty',
      date: `${lastMonth}-10`,
    });
    await agrees();
    expect(await heldAt(user.id, `${lastMonth}-09`)).toBe(0);
    expect(await heldAt(user.id, `${lastMonth}-28`)).toBe(200_000);

    const payment = await entry({
      kind: 'payment',
      caseId: theCase.id,
      amountKsh: 80_000,
      reference: 'CHQ 2001',
      narrative: 'Stamp duty paid to the Kenya Revenue Authority',
      date: `${lastMonth}-20`,
    });
    await agrees();
    expect(await heldAt(user.id, `${lastMonth}-19`)).toBe(200_000);
    expect(await heldAt(user.id, `${lastMonth}-28`)).toBe(120_000);

    const note = await issuedFeeNote(user, 50_000);
    await entry({
      kind: 'transfer_to_office',
      officeAccountId: officeAccount.id,
      feeNoteId: note.id,
      amountKsh: 40_000,
      reference: 'TRF/2026/301',
      narrative: 'Our fees, from the deposit held',
    });
    await agrees();
    await entry({
      kind: 'refund',
      amountKsh: 60_000,
      reference: 'EFT 3001',
      narrative: 'Part of the deposit returned to the client',
    });
    await agrees();
    await recorded({
      kind: 'reversal',
      reversesId: payment.id,
      reason: 'The cheque was never presented',
    });
    await agrees();

    // 500,000 − 40,000 − 60,000 on no case; 200,000 − 80,000 + 80,000 on the case.
    expect(await heldAt(user.id, `${lastMonth}-28`)).toBe(120_000);
    const ledger = await call(advocateToken, 'GET', `/api/client-money/ledgers/${user.id}`);
    expect(ledger.json().balanceKsh).toBe(600_000);
  });
});
