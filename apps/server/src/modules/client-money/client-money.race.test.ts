import type { ClientMoneyEntry, MoneyAccount } from '@firm/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import type { TestContext } from '../../../test/helpers';
import { useTwoInstances } from '../../../test/two-instances';
import { refusedBy } from './db-refusals';
import {
  freshClient,
  ledgerOf,
  payOut,
  receive,
  useClientMoneyTestContext,
} from './client-money-test-kit';

/**
 * Two members of staff paying out of the same client's money at once, together more than is held
 * (ADR 045): exactly one payment goes through, on PGlite and on PostgreSQL, in one process and in
 * two; and the database alone, without the service's own check, lets only one through.
 */

const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

const outcome = (statuses: number[]) => [...statuses].sort((a, b) => a - b);

describe('two payments out at once in one process', () => {
  useClientMoneyTestContext();

  it('lets exactly one through and leaves the rest held', async () => {
    const { user, theCase } = await freshClient('Muthoni', 'Kariuki-Wambugu');
    await receive(100_000, user, theCase.id);
    const answers = await Promise.all([
      payOut(60_000, user, theCase.id),
      payOut(60_000, user, theCase.id),
    ]);
    expect(outcome(answers.map((answer) => answer.statusCode))).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().code).toBe('CLIENT_MONEY_INSUFFICIENT');
    expect((await ledgerOf(user)).balanceKsh).toBe(40_000);
  });
});

let seq = 0;
const seedAdvocate = (context: TestContext) =>
  seedUser(context, { role: 'advocate', email: `advocate-${(seq += 1)}@client-money-race.test` });

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('two payments out at once on two server processes', () => {
  const { apps, contextOf } = useTwoInstances(serverUrl!, 'client_money', {
    messageNotices: false,
  });

  it('lets exactly one through, through the API and in the database alone', async () => {
    const ctxA = contextOf(0);
    const advocate = await seedAdvocate(ctxA);
    const staff = bearer(await sessionFor(ctxA, advocate));
    const client = await seedUser(ctxA, {
      role: 'client',
      email: 'omari.said-mohamed@mombasa-traders.co.ke',
      firstName: 'Omari',
      lastName: 'Said-Mohamed',
    });
    const [a, b] = [apps[0]!.app, apps[1]!.app];
    const opened = await a.inject({
      method: 'POST',
      url: '/api/client-money/accounts',
      headers: staff,
      payload: {
        name: 'NCBA Client Account',
        kind: 'client',
        institution: 'NCBA Bank, Nyali',
        number: '7700112233',
        openingBalanceKsh: 0,
        openingDate: '2026-01-01',
      },
    });
    const account = opened.json().account as MoneyAccount;
    const entry = (kind: 'receipt' | 'payment', amountKsh: number) => ({
      method: 'POST' as const,
      url: '/api/client-money/entries',
      headers: staff,
      payload: {
        kind,
        date: today(),
        clientId: client.id,
        accountId: account.id,
        amountKsh,
        reference: 'CHQ 000981',
        narrative: 'Settlement paid over to the client',
      },
    });
    const received = await a.inject(entry('receipt', 1_500_000));
    expect(received.statusCode, received.body).toBe(201);

    const answers = await Promise.all([
      a.inject(entry('payment', 1_000_000)),
      b.inject(entry('payment', 1_000_000)),
    ]);
    expect(outcome(answers.map((answer) => answer.statusCode))).toEqual([201, 409]);

    // Without the service: two transactions each post 400,000 out of the 500,000 left; the first
    // holds the balance's row while it sleeps, the second waits for it and is refused.
    const post = (database: (typeof apps)[number]['database'], pause: number) =>
      database.db.transaction(async (tx) => {
        const id = crypto.randomUUID();
        await tx.execute(
          sql`insert into client_money_entries (id, kind, entry_date, client_id, account_id, amount_ksh, reference, narrative)
              values (${id}, 'payment', ${today()}, ${client.id}, ${account.id}, 400000, 'CHQ 000982', 'Balance of the settlement')`,
        );
        await tx.execute(
          sql`insert into client_money_lines (entry_id, posts_to, account_id, account_kind, amount_ksh)
              values (${id}, 'account', ${account.id}, 'client', -400000)`,
        );
        await tx.execute(
          sql`insert into client_money_lines (entry_id, posts_to, client_id, amount_ksh)
              values (${id}, 'client_ledger', ${client.id}, 400000)`,
        );
        await tx.execute(sql`select pg_sleep(${pause})`);
      });
    const results = await Promise.allSettled([
      post(apps[0]!.database, 0.5),
      new Promise((resolve) => setTimeout(resolve, 100)).then(() => post(apps[1]!.database, 0)),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failure = results.find((result) => result.status === 'rejected')!;
    expect(refusedBy((failure as PromiseRejectedResult).reason)).toBe(
      'client_money_balances_not_negative',
    );

    const ledger = await b.inject({
      method: 'GET',
      url: `/api/client-money/ledgers/${client.id}`,
      headers: staff,
    });
    expect(ledger.json().balanceKsh).toBe(100_000);
    expect((ledger.json().entries as ClientMoneyEntry[]).map((each) => each.kind)).toEqual([
      'receipt',
      'payment',
      'payment',
    ]);
  });
});
