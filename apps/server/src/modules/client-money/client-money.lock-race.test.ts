import type { MoneyAccount, Reconciliation } from '@firm/shared';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { multipartForm } from '../../../test/messages';
import type { TestContext } from '../../../test/helpers';
import { useTwoInstances } from '../../../test/two-instances';
import type { App } from '../../app';
import { refusedBy } from './db-refusals';
import {
  advocateToken,
  client,
  ctx,
  newClientAccount,
  previousMonth,
  recorded,
  record,
  statementCsv,
  uploadStatement,
  useClientMoneyTestContext,
} from './client-money-test-kit';

/**
 * A month's lock and an entry dated in that month, at once (ADR 045): the lock takes the account's
 * row FOR UPDATE before it reads the figures, and the entry's trigger takes it FOR KEY SHARE, so
 * one goes first. Either the entry is refused (409, the month locked), or it is recorded first and
 * the lock's figures hold it; never an entry in a locked month that its figures lack. On PGlite and
 * PostgreSQL in one process, and on PostgreSQL across two.
 */

const month = previousMonth();
const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
const bankDay = (n: number) =>
  `${String(n).padStart(2, '0')}/${month.slice(5)}/${month.slice(0, 4)}`;
const STATEMENT = statementCsv([
  `${bankDay(2)},RTGS IN FT26306KX9Q2,FT26306KX9Q2,"10,000",,"10,000"`,
]);

describe('a lock and an entry of the same month at once, in one process', () => {
  useClientMoneyTestContext();

  it('either refuses the entry, or holds it in the locked figures', async () => {
    for (let round = 0; round < 3; round += 1) {
      const account = await newClientAccount(day(1));
      await recorded({
        kind: 'receipt',
        date: day(2),
        clientId: client.id,
        accountId: account.id,
        amountKsh: 10_000,
        reference: 'FT26306KX9Q2',
        narrative: 'Deposit on account of costs',
      });
      expect((await uploadStatement(advocateToken, account.id, STATEMENT)).statusCode).toBe(201);
      const [locked, entry] = await Promise.all([
        ctx.app.inject({
          method: 'POST',
          url: `/api/client-money/reconciliations/${account.id}/${month}/lock`,
          headers: bearer(advocateToken),
        }),
        record({
          kind: 'receipt',
          date: day(20),
          clientId: client.id,
          accountId: account.id,
          amountKsh: 7_500,
          reference: 'BC 771204',
          narrative: 'Bankers’ cheque banked late in the month',
        }),
      ]);
      expect(locked.statusCode, locked.body).toBe(200);
      expect([201, 409]).toContain(entry.statusCode);
      if (entry.statusCode === 409) expect(entry.json().code).toBe('CLIENT_MONEY_MONTH_LOCKED');
      const figures = locked.json().reconciliation as Reconciliation;
      const held = entry.statusCode === 201 ? 17_500 : 10_000;
      expect(figures).toMatchObject({ cashBookBalanceKsh: held, reconciled: true });
      const now = await ctx.app.inject({
        method: 'GET',
        url: `/api/client-money/reconciliations?accountId=${account.id}&month=${month}`,
        headers: bearer(advocateToken),
      });
      expect(now.json()).toMatchObject({ cashBookBalanceKsh: held, reconciled: true });
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
let seq = 0;

describe.runIf(serverUrl)('a lock and an entry of the same month on two server processes', () => {
  const { apps, contextOf } = useTwoInstances(serverUrl!, 'client_money_lock', {
    messageNotices: false,
  });

  async function reconcilableAccount(context: TestContext, a: App) {
    const advocate = await seedUser(context, {
      role: 'advocate',
      email: `advocate-${(seq += 1)}@client-money-lock-race.test`,
    });
    const staff = bearer(await sessionFor(context, advocate));
    const owner = await seedUser(context, {
      role: 'client',
      email: `client-${(seq += 1)}@client-money-lock-race.test`,
      firstName: 'Omari',
      lastName: 'Said-Mohamed',
    });
    const opened = await a.inject({
      method: 'POST',
      url: '/api/client-money/accounts',
      headers: staff,
      payload: {
        name: 'NCBA Client Account',
        kind: 'client',
        institution: 'NCBA Bank, Nyali',
        number: `77001${String(seq).padStart(5, '0')}`,
        openingBalanceKsh: 0,
        openingDate: day(1),
      },
    });
    const account = opened.json().account as MoneyAccount;
    const entry = (date: string, amountKsh: number): InjectOptions => ({
      method: 'POST',
      url: '/api/client-money/entries',
      headers: staff,
      payload: {
        kind: 'receipt',
        date,
        clientId: owner.id,
        accountId: account.id,
        amountKsh,
        reference: 'FT26306KX9Q2',
        narrative: 'Deposit on account of costs',
      },
    });
    expect((await a.inject(entry(day(2), 10_000))).statusCode).toBe(201);
    const form = multipartForm(
      [['accountId', account.id]],
      [{ name: 'statement.csv', bytes: Buffer.from(STATEMENT), type: 'text/csv' }],
    );
    const imported = await a.inject({
      method: 'POST',
      url: '/api/client-money/statements',
      headers: { ...staff, ...form.headers },
      payload: form.payload,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const lock: InjectOptions = {
      method: 'POST',
      url: `/api/client-money/reconciliations/${account.id}/${month}/lock`,
      headers: staff,
    };
    return { account, owner, entry, lock };
  }

  /** Pays KSh 5,000 out of the account, dated `date`, by hand; then sleeps in its transaction. */
  const rawPayment = (
    database: (typeof apps)[number]['database'],
    ids: { accountId: string; clientId: string },
    date: string,
    pause: number,
  ) =>
    database.db.transaction(async (tx) => {
      const id = crypto.randomUUID();
      await tx.execute(
        sql`insert into client_money_entries (id, kind, entry_date, client_id, account_id, amount_ksh, reference, narrative)
            values (${id}, 'payment', ${date}, ${ids.clientId}, ${ids.accountId}, 5000, 'CHQ 000981', 'Court fees')`,
      );
      await tx.execute(
        sql`insert into client_money_lines (entry_id, posts_to, account_id, account_kind, amount_ksh)
            values (${id}, 'account', ${ids.accountId}, 'client', -5000)`,
      );
      await tx.execute(
        sql`insert into client_money_lines (entry_id, posts_to, client_id, amount_ksh)
            values (${id}, 'client_ledger', ${ids.clientId}, 5000)`,
      );
      await tx.execute(sql`select pg_sleep(${pause})`);
    });

  it('through the API: one goes first, and the locked figures hold every entry of the month', async () => {
    const [a, b] = [apps[0]!.app, apps[1]!.app];
    const { entry, lock } = await reconcilableAccount(contextOf(0), a);
    const [locked, late] = await Promise.all([a.inject(lock), b.inject(entry(day(20), 7_500))]);
    expect(locked.statusCode, locked.body).toBe(200);
    expect([201, 409]).toContain(late.statusCode);
    const held = late.statusCode === 201 ? 17_500 : 10_000;
    expect(locked.json().reconciliation.cashBookBalanceKsh).toBe(held);
    const again = await b.inject(entry(day(21), 1_000));
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe('CLIENT_MONEY_MONTH_LOCKED');
  });

  it('in the database: an entry waits for the lock’s transaction and is refused', async () => {
    const { account, owner, lock } = await reconcilableAccount(contextOf(0), apps[0]!.app);
    // The lock's own order by hand: the account's row FOR UPDATE, the lock row, then a pause.
    const locking = apps[0]!.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from money_accounts where id = ${account.id} for update`);
      await tx.execute(
        sql`insert into client_money_month_locks (account_id, month) values (${account.id}, ${month})`,
      );
      await tx.execute(sql`select pg_sleep(0.5)`);
    });
    const entering = new Promise((resolve) => setTimeout(resolve, 100)).then(() =>
      rawPayment(apps[1]!.database, { accountId: account.id, clientId: owner.id }, day(20), 0),
    );
    const [first, second] = await Promise.allSettled([locking, entering]);
    expect(first.status).toBe('fulfilled');
    expect(second.status).toBe('rejected');
    expect(refusedBy((second as PromiseRejectedResult).reason)).toBe('client_money_month_locked');
    // The API's lock now finds the month locked.
    expect((await apps[1]!.app.inject(lock)).statusCode).toBe(409);
  });

  it('in the database: the lock waits for an entry being recorded, and its figures hold it', async () => {
    const { account, owner, lock } = await reconcilableAccount(contextOf(0), apps[0]!.app);
    const entering = rawPayment(
      apps[0]!.database,
      { accountId: account.id, clientId: owner.id },
      day(20),
      0.5,
    );
    const locking = new Promise((resolve) => setTimeout(resolve, 100)).then(() =>
      apps[1]!.app.inject(lock),
    );
    const [, locked] = await Promise.all([entering, locking]);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().reconciliation).toMatchObject({
      cashBookBalanceKsh: 5_000,
      reconciled: true,
    });
  });
});
