import { CLIENT_LEDGER_PAGE_TEXTS as LP, type ClientLedger } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import {
  advocateToken,
  call,
  clientAccount,
  clientToken,
  client,
  freshClient,
  otherClient,
  otherToken,
  receive,
  recorded,
  useClientMoneyTestContext,
} from './client-money-test-kit';

/**
 * A client's ledger read a page at a time (ADR 053): the newest entries first, each page oldest
 * first with the running balance the database counted, the balance brought forward, and the
 * place to ask for the earlier page; with no `limit`, every entry as before.
 */

useClientMoneyTestContext();

const ledger = async (clientId: string, query = '', token = advocateToken) => {
  const response = await call(token, 'GET', `/api/client-money/ledgers/${clientId}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ClientLedger;
};

/** Seven movements, two on the case, dated over three months, recorded out of date order. */
async function sevenMovements() {
  const { user, theCase } = await freshClient('Chebet', 'Langat-Sang');
  const entry = (values: Record<string, unknown>) =>
    recorded({ clientId: user.id, accountId: clientAccount.id, ...values });
  const receipt = (amountKsh: number, date: string, caseId?: string) =>
    entry({
      kind: 'receipt',
      amountKsh,
      date,
      ...(caseId ? { caseId } : {}),
      reference: `EFT ${date} ${amountKsh}`,
      narrative: 'Deposit on account',
    });
  await receipt(100_000, '2026-08-03');
  await receipt(50_000, '2026-10-05');
  await receipt(70_000, '2026-08-20', theCase.id);
  await entry({
    kind: 'payment',
    amountKsh: 30_000,
    date: '2026-09-01',
    reference: 'CHQ 7001',
    narrative: 'Search fees at the Lands Registry',
  });
  await receipt(10_000, '2026-09-15');
  await entry({
    kind: 'payment',
    amountKsh: 20_000,
    date: '2026-10-06',
    caseId: theCase.id,
    reference: 'CHQ 7002',
    narrative: 'Valuation fee',
  });
  await receipt(5_000, '2026-10-07');
  return { user, theCase };
}

describe('a client’s ledger a page at a time', () => {
  it('pages back from the newest entry with the same running balances as the whole ledger', async () => {
    const { user } = await sevenMovements();
    const whole = await ledger(user.id);
    expect(whole.entries.map((e) => e.date)).toEqual([
      '2026-08-03',
      '2026-08-20',
      '2026-09-01',
      '2026-09-15',
      '2026-10-05',
      '2026-10-06',
      '2026-10-07',
    ]);
    expect(whole.entries.map((e) => e.runningBalanceKsh)).toEqual([
      100_000, 170_000, 140_000, 150_000, 200_000, 180_000, 185_000,
    ]);
    expect(whole).toMatchObject({ broughtForwardKsh: 0, nextBefore: null, balanceKsh: 185_000 });

    const newest = await ledger(user.id, '?limit=3');
    expect(newest.entries).toEqual(whole.entries.slice(4));
    expect(newest.broughtForwardKsh).toBe(150_000);
    expect(newest.nextBefore).toBe(whole.entries[4]!.id);
    expect(newest.balanceKsh).toBe(185_000);

    const middle = await ledger(user.id, `?limit=3&before=${newest.nextBefore}`);
    expect(middle.entries).toEqual(whole.entries.slice(1, 4));
    expect(middle.broughtForwardKsh).toBe(100_000);
    expect(middle.nextBefore).toBe(whole.entries[1]!.id);

    const first = await ledger(user.id, `?limit=3&before=${middle.nextBefore}`);
    expect(first.entries).toEqual(whole.entries.slice(0, 1));
    expect(first).toMatchObject({ broughtForwardKsh: 0, nextBefore: null });

    // A page that ends exactly at the first entry says there is nothing earlier.
    const exact = await ledger(user.id, `?limit=4&before=${newest.nextBefore}`);
    expect(exact.entries).toEqual(whole.entries.slice(0, 4));
    expect(exact.nextBefore).toBeNull();
  });

  it('counts a case’s running balance over that case’s entries only', async () => {
    const { user, theCase } = await sevenMovements();
    const onCase = await ledger(user.id, `?caseId=${theCase.id}&limit=1`);
    expect(onCase.entries.map((e) => [e.date, e.runningBalanceKsh])).toEqual([
      ['2026-10-06', 50_000],
    ]);
    expect(onCase.broughtForwardKsh).toBe(70_000);
    const earlier = await ledger(
      user.id,
      `?caseId=${theCase.id}&limit=1&before=${onCase.nextBefore}`,
    );
    expect(earlier.entries.map((e) => [e.date, e.runningBalanceKsh])).toEqual([
      ['2026-08-20', 70_000],
    ]);
    expect(earlier.nextBefore).toBeNull();
  });

  it('gives a client their own pages only, and refuses a bad limit or place with the field named', async () => {
    await receive(12_000, client);
    const own = await ledger(client.id, '?limit=1', clientToken);
    expect(own.entries).toHaveLength(1);
    const another = await call(otherToken, 'GET', `/api/client-money/ledgers/${client.id}?limit=1`);
    expect(another.statusCode).toBe(404);

    const refused = async (query: string, field: string, message: string) => {
      const response = await call(
        advocateToken,
        'GET',
        `/api/client-money/ledgers/${client.id}${query}`,
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors[field]).toBe(message);
      expect(response.body).not.toMatch(/select|client_money|at .*\.ts/i);
    };
    await refused('?limit=0', 'limit', LP.limitInvalid);
    await refused('?limit=501', 'limit', LP.limitInvalid);
    await refused('?limit=ten', 'limit', LP.limitInvalid);
    await refused('?before=not-an-entry', 'before', LP.cursorInvalid);
    // Another client's entry is no place in this ledger.
    const theirs = await receive(3_000, otherClient);
    await refused(`?limit=5&before=${theirs.id}`, 'before', LP.cursorInvalid);
  });
});
