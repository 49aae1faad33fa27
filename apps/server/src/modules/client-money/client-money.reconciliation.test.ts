import { execFileSync } from 'node:child_process';
import {
  CLIENT_MONEY_MESSAGES as M,
  describeAuditEntry,
  formatMonthTitle,
  formatNairobiDay,
  type MoneyAccount,
  type Reconciliation,
} from '@firm/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clientMoneyStatementLines } from '../../db/schema';
import {
  adminToken,
  advocate,
  advocateToken,
  call,
  client,
  clientAccount,
  ctx,
  newClientAccount,
  officeAccount,
  otherClient,
  plotCase,
  previousMonth,
  record,
  recorded,
  statementCsv,
  today,
  uploadStatement,
  useClientMoneyTestContext,
} from './client-money-test-kit';

/**
 * A client account's month reconciled through the API (ADR 046, docs/client-money-statements.md):
 * the statement imported, what the import left matched by hand or recorded as entries, the three
 * figures read until they agree, the month locked, and the reconciliation printed.
 */
useClientMoneyTestContext();

const month = previousMonth();
const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
/** The same day as the bank writes it: 02/11/2026. */
const bankDay = (n: number) =>
  `${String(n).padStart(2, '0')}/${month.slice(5)}/${month.slice(0, 4)}`;
const title = formatMonthTitle(month);
const RTGS_IN = 'RTGS IN KIPROTICH CHEBET-KORIR FT26306KX9Q2';

const reconciliationOf = async (accountId: string, token = advocateToken) => {
  const response = await call(
    token,
    'GET',
    `/api/client-money/reconciliations?accountId=${accountId}&month=${month}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Reconciliation;
};
const matchLine = (lineId: string, entryId: unknown) =>
  call(advocateToken, 'POST', `/api/client-money/statements/lines/${lineId}/match`, { entryId });
const unmatchLine = (lineId: string) =>
  call(advocateToken, 'DELETE', `/api/client-money/statements/lines/${lineId}/match`);
const recordLine = (lineId: string, body: Record<string, unknown>) =>
  call(advocateToken, 'POST', `/api/client-money/statements/lines/${lineId}/entry`, body);
const lock = (accountId: string, which = month, token = advocateToken) =>
  call(token, 'POST', `/api/client-money/reconciliations/${accountId}/${which}/lock`);

describe('reconciling a month by hand, then locking it', () => {
  let account: MoneyAccount;
  let lines: { id: string; description: string }[];
  const line = (description: string) => lines.find((each) => each.description === description)!;
  let purchase: string;
  let courtFees: string;

  beforeAll(async () => {
    account = await newClientAccount(day(1));
    const entry = (body: Record<string, unknown>) =>
      recorded({ clientId: client.id, caseId: plotCase.id, accountId: account.id, ...body });
    purchase = (
      await entry({
        kind: 'receipt',
        date: day(2),
        amountKsh: 500_000,
        reference: 'FT26306KX9Q2',
        narrative: 'Deposit towards the purchase price of LR No. 209/13458, Kitengela',
      })
    ).id;
    courtFees = (
      await entry({
        kind: 'payment',
        date: day(5),
        amountKsh: 120_000,
        reference: 'Cheque to the Judiciary',
        narrative: 'Court fees, ELC 118 of 2026, Milimani',
      })
    ).id;
    // Banked on the month's last afternoon: credited next month.
    await entry({
      kind: 'receipt',
      date: day(28),
      amountKsh: 75_000,
      reference: 'BC 771204',
      narrative: 'Bankers’ cheque banked 16:45, credited next month',
    });
    const imported = await uploadStatement(
      advocateToken,
      account.id,
      statementCsv([
        `${bankDay(2)},RTGS IN KIPROTICH CHEBET-KORIR FT26306KX9Q2,FT26306KX9Q2,"500,000.00",,"500,000.00"`,
        `${bankDay(12)},CLEARING CHEQUE PRESENTED,,,"120,000.00","380,000.00"`,
        `${bankDay(12)},LEDGER FEE,,,350.00,"379,650.00"`,
        `${bankDay(20)},MPESA C2B SKU9ZB7Q2M 2547****318,SKU9ZB7Q2M,"23,750.00",,"403,400.00"`,
      ]),
      `equity-client-${month}.csv`,
    );
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().statement.matchedCount).toBe(1);
    lines = await ctx.database.db
      .select()
      .from(clientMoneyStatementLines)
      .where(eq(clientMoneyStatementLines.statementId, imported.json().statement.id as string));
  });

  it('shows the three figures apart, naming what is left, and will not lock', async () => {
    const view = await reconciliationOf(account.id);
    expect(view).toMatchObject({
      accountId: account.id,
      month,
      statement: {
        fileNames: [`equity-client-${month}.csv`],
        closingBalanceKsh: 403_400,
        depositsInTransitKsh: 75_000,
        unpresentedPaymentsKsh: 120_000,
        adjustedBalanceKsh: 358_400,
      },
      cashBookBalanceKsh: 455_000,
      clientLedgersTotalKsh: 455_000,
      reconciled: false,
      lines: { matched: 1, unmatched: 3 },
      lock: null,
    });
    expect(view.unclearedEntries.map((entry) => [entry.reference, entry.amountKsh])).toEqual([
      ['Cheque to the Judiciary', -120_000],
      ['BC 771204', 75_000],
    ]);
    expect(view.differences).toEqual([
      'The adjusted statement balance is KSh 96,600 less than the cash book.',
      '3 statement lines are not in the cash book (KSh 96,600 out): record them in the cash book, or match them by hand.',
    ]);
    const refused = await lock(account.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(M.notReconciled(title, 'KSh 96,600'));
  });

  it('refuses a hand match that cannot be: matched already, amounts that differ, another account’s entry', async () => {
    const presented = line('CLEARING CHEQUE PRESENTED');
    const fee = line('LEDGER FEE');
    const rtgs = line(RTGS_IN);

    const twice = await matchLine(rtgs.id, courtFees);
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().message).toBe(M.lineAlreadyMatched);

    const taken = await matchLine(presented.id, purchase);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().message).toContain(
      'This entry is already matched to the statement line of',
    );

    const differ = await matchLine(fee.id, courtFees);
    expect(differ.statusCode, differ.body).toBe(409);
    expect(differ.json().message).toBe(M.amountsDiffer('KSh 350 out', 'KSh 120,000 out'));

    const elsewhere = await recorded({
      kind: 'receipt',
      clientId: otherClient.id,
      accountId: clientAccount.id,
      amountKsh: 350,
      reference: 'EQ7XK2P9LM',
      narrative: 'Deposit on account of costs',
    });
    const other = await matchLine(fee.id, elsewhere.id);
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().message).toBe(M.entryOtherAccount);

    const missing = await matchLine(fee.id, '');
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().errors.entryId).toBe(M.entryToMatchRequired);
    const unknownEntry = await matchLine(fee.id, '6f1c1d9e-1d2b-4a8e-9a51-0d5e8c7b9a10');
    expect(unknownEntry.statusCode, unknownEntry.body).toBe(400);
    expect(unknownEntry.json().errors.entryId).toBe(M.entryNotFound);
    const unknownLine = await matchLine('6f1c1d9e-1d2b-4a8e-9a51-0d5e8c7b9a10', courtFees);
    expect(unknownLine.statusCode, unknownLine.body).toBe(404);
    const malformed = await matchLine('not-a-line', courtFees);
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(malformed.json().errors).toEqual({ id: M.lineNotFound });
    expect((await unmatchLine(fee.id)).statusCode).toBe(409);
  });

  it('matches the presented cheque by hand, and unmatches and rematches the automatic match', async () => {
    const matched = await matchLine(line('CLEARING CHEQUE PRESENTED').id, courtFees);
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json()).toMatchObject({
      message: M.lineMatched,
      line: { entryId: courtFees, matchedBy: 'hand', matchReason: 'Matched by hand' },
    });

    const undone = await unmatchLine(line(RTGS_IN).id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().line).toMatchObject({ entryId: null, matchedBy: null });
    expect((await reconciliationOf(account.id)).lines).toEqual({ matched: 1, unmatched: 3 });
    expect((await matchLine(line(RTGS_IN).id, purchase)).statusCode).toBe(200);

    const audit = (
      await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'client_money.line_matched'))
    ).find((row) => (row.details as { entryId: string }).entryId === courtFees);
    const sentence = describeAuditEntry({
      action: audit!.action,
      actor: { id: advocate.id, name: 'Achieng Mwamba', email: advocate.email },
      target: null,
      details: audit!.details as Record<string, unknown>,
    });
    expect(sentence.text).toBe(
      `Achieng Mwamba matched the statement line of ${formatNairobiDay(day(12))} (KSh 120,000 out) of the client account “Equity Bank Client Account (Kimathi Street)” to an entry (ref. Cheque to the Judiciary)`,
    );
  });

  it('records the bank fee and the unknown deposit as entries, matched to their lines', async () => {
    const bad = await recordLine(line('LEDGER FEE').id, { clientId: 'nobody' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors.clientId).toBe(M.clientRequired);

    const fee = await recordLine(line('LEDGER FEE').id, {
      clientId: client.id,
      caseId: plotCase.id,
      narrative: 'Bank ledger fee on the purchase deposit',
    });
    expect(fee.statusCode, fee.body).toBe(201);
    expect(fee.json()).toMatchObject({
      message: M.lineRecorded,
      line: { matchedBy: 'hand', matchReason: 'Recorded from the statement line' },
    });
    const again = await recordLine(line('LEDGER FEE').id, { clientId: client.id });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(M.lineAlreadyMatched);

    const deposit = await recordLine(line('MPESA C2B SKU9ZB7Q2M 2547****318').id, {
      clientId: otherClient.id,
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const ledger = await call(advocateToken, 'GET', `/api/client-money/ledgers/${otherClient.id}`);
    expect(ledger.json().entries).toContainEqual(
      expect.objectContaining({
        kind: 'receipt',
        date: day(20),
        amountKsh: 23_750,
        reference: 'SKU9ZB7Q2M',
        narrative: 'MPESA C2B SKU9ZB7Q2M 2547****318',
      }),
    );
  });

  it('agrees to the shilling, locks, and then refuses entries and matching in the month', async () => {
    const view = await reconciliationOf(account.id);
    expect(view).toMatchObject({
      statement: { closingBalanceKsh: 403_400, adjustedBalanceKsh: 478_400 },
      cashBookBalanceKsh: 478_400,
      clientLedgersTotalKsh: 478_400,
      reconciled: true,
      differences: [],
      lines: { matched: 4, unmatched: 0 },
    });
    expect((await lock(account.id, month, adminToken)).statusCode).toBe(403);

    const locked = await lock(account.id);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().message).toBe(M.monthLockedNow(title));
    expect(locked.json().reconciliation.lock).toMatchObject({ lockedBy: 'Test advocate' });

    const twice = await lock(account.id);
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().message).toContain(`${title} is already locked (by Test advocate on`);

    const late = await record({
      kind: 'receipt',
      date: day(15),
      clientId: client.id,
      accountId: account.id,
      amountKsh: 10_000,
      reference: 'SKV1QX81ZA',
      narrative: 'Deposit on account of costs',
    });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'CLIENT_MONEY_MONTH_LOCKED',
      message: M.monthLocked(title),
    });
    const unmatch = await unmatchLine(line('LEDGER FEE').id);
    expect(unmatch.statusCode, unmatch.body).toBe(409);
    expect(unmatch.json().message).toBe(M.lineMonthLocked(title));
    // Days of the locked month the first statement did not reach: a statement of them would
    // move its figures.
    const more = await uploadStatement(
      advocateToken,
      account.id,
      statementCsv([`${bankDay(29)},CASH DEPOSIT,,"5,000",,"408,400"`]),
    );
    expect(more.statusCode, more.body).toBe(409);
    expect(more.json().message).toBe(M.statementInLockedMonth(title));

    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client_money.month_locked'));
    const sentence = describeAuditEntry({
      action: audit!.action,
      actor: { id: advocate.id, name: 'Achieng Mwamba', email: advocate.email },
      target: null,
      details: audit!.details as Record<string, unknown>,
    });
    expect(sentence.text).toBe(
      `Achieng Mwamba reconciled and locked ${title} of the client account “Equity Bank Client Account (Kimathi Street)” at KSh 478,400`,
    );
  });

  it('prints the reconciliation: the three figures, what is uncleared, each client’s ledger', async () => {
    const response = await call(
      advocateToken,
      'GET',
      `/api/client-money/reconciliations/${account.id}/${month}/pdf`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Client-account-reconciliation-${month}.pdf"`,
    );
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
      input: response.rawPayload,
    })
      .toString()
      .replace(/\s+/g, ' ');
    for (const words of [
      'RECONCILIATION',
      title,
      'Equity Bank Client Account (Kimathi Street) (Equity',
      'Statement balance at the month’s end KSh 403,400',
      'Add: deposits not yet credited KSh 75,000',
      'Adjusted statement balance KSh 478,400',
      'Cash book balance KSh 478,400',
      'Client ledgers, added up KSh 478,400',
      'RECONCILED',
      'Reconciled and locked by Test advocate on',
      'Money received: Kiprotich Chebet-Korir, Bankers’ BC 771204 75,000',
      'Every statement line is in the cash book.',
      `Kiprotich Chebet-Korir ${plotCase.caseNumber} 454,650`,
      'Wairimu Njoroge No case 23,750',
      'Total 478,400',
    ]) {
      expect(text).toContain(words);
    }
  });
});

describe('what the reconciliation endpoints refuse', () => {
  it('answers 400 for a bad month or account, 404 for an unknown one, 409 for a month not over', async () => {
    const bad = await call(
      advocateToken,
      'GET',
      `/api/client-money/reconciliations?accountId=x&month=2026-13`,
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors).toMatchObject({
      accountId: M.accountRequired,
      month: M.monthInvalid,
    });
    const office = await call(
      advocateToken,
      'GET',
      `/api/client-money/reconciliations?accountId=${officeAccount.id}&month=${month}`,
    );
    expect(office.statusCode, office.body).toBe(400);
    const unknown = await call(
      advocateToken,
      'GET',
      `/api/client-money/reconciliations?accountId=6f1c1d9e-1d2b-4a8e-9a51-0d5e8c7b9a10&month=${month}`,
    );
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect((await lock(clientAccount.id, 'November')).statusCode).toBe(400);

    const running = await lock(clientAccount.id, today().slice(0, 7));
    expect(running.statusCode, running.body).toBe(409);
    expect(running.json().message).toBe(M.monthNotOver(formatMonthTitle(today().slice(0, 7))));
  });

  it('will not lock a month no statement reaches into', async () => {
    const account = await newClientAccount(day(1));
    const view = await reconciliationOf(account.id);
    expect(view).toMatchObject({ statement: null, reconciled: false });
    expect(view.differences).toEqual([M.noStatementForMonth(title)]);
    const refused = await lock(account.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(M.noStatementForMonth(title));
  });
});
