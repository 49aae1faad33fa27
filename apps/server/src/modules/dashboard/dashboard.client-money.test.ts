import { monthsBefore, type DashboardStats } from '@firm/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clientMoneyMonthLocks, clientMoneyStatements } from '../../db/schema';
import {
  addAccount,
  adminToken,
  advocate,
  advocateToken,
  call,
  ctx,
  freshClient,
  recorded,
  statementCsv,
  today,
  uploadStatement,
  useClientMoneyTestContext,
} from '../client-money/client-money-test-kit';

/**
 * The advocates' dashboard warns of client money (docs/product-rules.md#client-money): a client
 * account's month not locked by the 15th of the next Nairobi month, and balances idle over 12
 * months. Other staff's dashboards carry no such section.
 */

useClientMoneyTestContext();

const day = today();
const monthBack = (months: number) => monthsBefore(day, months).slice(0, 7);
let reconciling: string;
let longHeld: string;

const stats = async (token: string) => {
  const answer = await call(token, 'GET', '/api/dashboard/stats');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as DashboardStats;
};
const receive = (
  account: string,
  clientId: string,
  caseId: string,
  amountKsh: number,
  date: string,
) =>
  recorded({
    kind: 'receipt',
    clientId,
    caseId,
    accountId: account,
    amountKsh,
    date,
    reference: 'RTGS 20251103-8841',
    narrative: 'Balance of the purchase price held pending completion',
  });

describe('GET /api/dashboard/stats: client money warnings', () => {
  beforeAll(async () => {
    reconciling = (
      await addAccount({
        name: 'Stanbic Client Account, Kenyatta Avenue',
        kind: 'client',
        institution: 'Stanbic Bank Kenya',
        number: '0100004455667',
        openingBalanceKsh: 0,
        openingDate: `${monthBack(3)}-28`,
      })
    ).id;
    longHeld = (
      await addAccount({
        name: 'Co-operative Bank Client Account',
        kind: 'client',
        institution: 'Co-operative Bank of Kenya',
        number: '01129876543200',
        openingBalanceKsh: 0,
        openingDate: monthsBefore(day, 36),
      })
    ).id;
    const idle = await freshClient('Nyambura', 'Wanjiru-Gathoni');
    await receive(longHeld, idle.user.id, idle.theCase.id, 1_250_000, monthsBefore(day, 14));
    await recorded({
      kind: 'payment',
      clientId: idle.user.id,
      caseId: idle.theCase.id,
      accountId: longHeld,
      amountKsh: 48_500,
      date: monthsBefore(day, 13),
      reference: 'CHQ 000781',
      narrative: 'Land Control Board consent fee',
    });
    // Moved exactly 12 months ago: not yet over 12 months.
    const recent = await freshClient('Barasa', 'Wekesa-Simiyu');
    await receive(longHeld, recent.user.id, recent.theCase.id, 640_000, monthsBefore(day, 12));
  });

  it('names each month of a client account past the 15th of the next month and not locked', async () => {
    const due = [monthBack(3), monthBack(2), ...(Number(day.slice(8)) > 15 ? [monthBack(1)] : [])];
    const months = async () =>
      (await stats(advocateToken)).clientMoney?.unreconciled
        .filter((row) => row.accountId === reconciling)
        .map((row) => row.month);
    expect(await months()).toEqual(due);
    const [first] = (await stats(advocateToken)).clientMoney!.unreconciled.filter(
      (row) => row.accountId === reconciling,
    );
    expect(first?.accountName).toBe('Stanbic Client Account, Kenyatta Avenue');

    await ctx.database.db
      .insert(clientMoneyMonthLocks)
      .values({ accountId: reconciling, month: monthBack(3), lockedById: advocate.id });
    expect(await months()).toEqual(due.slice(1));
  });

  it('counts the balances idle over 12 months and what they hold', async () => {
    expect((await stats(advocateToken)).clientMoney?.idle).toEqual({
      count: 1,
      heldKsh: 1_201_500,
    });
  });

  it('names each account’s statement lines left unmatched over 7 days after their import', async () => {
    const lines = async () =>
      (await stats(advocateToken)).clientMoney?.unmatchedLines.filter(
        (row) => row.accountId === reconciling,
      );
    const bankDay = (date: string) => `${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
    const first = `${monthBack(2)}-03`;
    const imported = await uploadStatement(
      advocateToken,
      reconciling,
      statementCsv([
        `${bankDay(first)},LEDGER FEE,,,350,-350`,
        `${bankDay(`${monthBack(2)}-09`)},EXCISE DUTY ON CHARGES,,,35,-385`,
      ]),
    );
    expect(imported.statusCode, imported.body).toBe(201);
    // Just imported: the accountant has a week to match them.
    expect(await lines()).toEqual([]);

    await ctx.database.db
      .update(clientMoneyStatements)
      .set({ importedAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(eq(clientMoneyStatements.id, imported.json().statement.id as string));
    expect(await lines()).toEqual([
      {
        accountId: reconciling,
        accountName: 'Stanbic Client Account, Kenyatta Avenue',
        count: 2,
        oldestDate: first,
      },
    ]);
  });

  it('gives an admin who manages cases no client money warnings', async () => {
    expect((await stats(adminToken)).clientMoney).toBeUndefined();
  });
});
