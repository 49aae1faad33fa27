import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refusedBy } from './db-refusals';
import {
  advocate,
  clientAccount,
  ctx,
  freshClient,
  ledgerOf,
  officeAccount,
  receive,
  useClientMoneyTestContext,
} from './client-money-test-kit';

/**
 * The rules the database itself enforces on client money (migration 0039, ADR 045), whatever code
 * writes: each test writes rows by hand, as a bug or a careless script would, and is refused by
 * the named constraint. Run on PGlite and PostgreSQL alike.
 */

useClientMoneyTestContext();

/** Runs `statements` in one transaction; the name of what refused it (none: it committed). */
async function refusal(statements: ReturnType<typeof sql>[]): Promise<string | undefined> {
  try {
    await ctx.database.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
    });
    return undefined;
  } catch (error) {
    return refusedBy(error) ?? String(error);
  }
}

const entryId = () => crypto.randomUUID();

const entry = (id: string, clientId: string, accountId = clientAccount.id, date = '2026-06-30') =>
  sql`insert into client_money_entries (id, kind, entry_date, client_id, account_id, amount_ksh, reference, narrative, receipt_number)
      values (${id}, 'receipt', ${date}, ${clientId}, ${accountId}, 150000, 'EQ7XK2P9LM', 'Deposit', ${`CR/2026/${Math.floor(Math.random() * 90_000) + 10_000}`})`;
const accountLine = (id: string, accountId: string, kind: 'client' | 'office', amount: number) =>
  sql`insert into client_money_lines (entry_id, posts_to, account_id, account_kind, amount_ksh)
      values (${id}, 'account', ${accountId}, ${kind}, ${amount})`;
const ledgerLine = (id: string, clientId: string, amount: number) =>
  sql`insert into client_money_lines (entry_id, posts_to, client_id, amount_ksh)
      values (${id}, 'client_ledger', ${clientId}, ${amount})`;

describe('the journal in the database', () => {
  it('takes a balanced entry and keeps the client’s balance', async () => {
    const { user } = await freshClient('Naliaka', 'Wanyonyi-Simiyu');
    const id = entryId();
    const refused = await refusal([
      entry(id, user.id),
      accountLine(id, clientAccount.id, 'client', 150_000),
      ledgerLine(id, user.id, -150_000),
    ]);
    expect(refused).toBeUndefined();
    expect((await ledgerOf(user)).balanceKsh).toBe(150_000);
  });

  it('refuses, at commit, an entry whose lines do not sum to zero, and one with no lines', async () => {
    const { user } = await freshClient('Omondi', 'Ochieng-Okoth');
    const id = entryId();
    expect(
      await refusal([
        entry(id, user.id),
        accountLine(id, clientAccount.id, 'client', 150_000),
        ledgerLine(id, user.id, -149_999),
      ]),
    ).toBe('client_money_entries_balanced');
    expect(await refusal([entry(entryId(), user.id)])).toBe('client_money_entries_balanced');
    expect((await ledgerOf(user)).balanceKsh).toBe(0);
  });

  it('refuses client money held in an office account, however the lines are written', async () => {
    const { user } = await freshClient('Akinyi', 'Adhiambo-Onyango');
    const id = entryId();
    // Balanced, but the client's money would sit in the office account.
    expect(
      await refusal([
        entry(id, user.id),
        accountLine(id, clientAccount.id, 'client', 150_000),
        accountLine(id, clientAccount.id, 'client', -150_000),
        accountLine(id, officeAccount.id, 'office', 150_000),
        ledgerLine(id, user.id, -150_000),
      ]),
    ).toBe('client_money_held_in_client_accounts');
    // An office account named as a client account.
    const named = entryId();
    expect(
      await refusal([
        entry(named, user.id),
        accountLine(named, officeAccount.id, 'client', 150_000),
      ]),
    ).toBe('client_money_lines_account_fk');
    expect(await refusal([entry(entryId(), user.id, officeAccount.id)])).toBe(
      'client_money_entries_account_fk',
    );
  });

  it('never lets a balance go below zero', async () => {
    const { user } = await freshClient('Jeptoo', 'Kosgei-Rotich');
    await receive(40_000, user);
    const id = entryId();
    expect(
      await refusal([
        sql`insert into client_money_entries (id, kind, entry_date, client_id, account_id, amount_ksh, reference, narrative)
            values (${id}, 'payment', '2026-06-30', ${user.id}, ${clientAccount.id}, 40001, 'CHQ 1', 'Too much')`,
        accountLine(id, clientAccount.id, 'client', -40_001),
        ledgerLine(id, user.id, 40_001),
      ]),
    ).toBe('client_money_balances_not_negative');
    expect((await ledgerOf(user)).balanceKsh).toBe(40_000);
  });

  it('refuses to change or delete an entry or a line', async () => {
    const { user } = await freshClient('Mwende', 'Mutiso-Kyalo');
    const receipt = await receive(60_000, user);
    expect(
      await refusal([
        sql`update client_money_entries set amount_ksh = 6000 where id = ${receipt.id}`,
      ]),
    ).toBe('client_money_immutable');
    expect(await refusal([sql`delete from client_money_entries where id = ${receipt.id}`])).toBe(
      'client_money_immutable',
    );
    expect(
      await refusal([
        sql`update client_money_lines set amount_ksh = -1 where entry_id = ${receipt.id}`,
      ]),
    ).toBe('client_money_immutable');
    expect(
      await refusal([sql`delete from client_money_lines where entry_id = ${receipt.id}`]),
    ).toBe('client_money_immutable');
    // The one change the database makes itself: the recorder's account deleted, its id let go.
    expect(
      await refusal([
        sql`update client_money_entries set recorded_by_id = null where id = ${receipt.id}`,
      ]),
    ).toBeUndefined();
    expect((await ledgerOf(user)).entries[0]).toMatchObject({ amountKsh: 60_000 });
  });

  it('refuses an entry dated in a locked month for either of its accounts', async () => {
    const { user } = await freshClient('Kerubo', 'Moraa-Nyamweya');
    await ctx.database.db.execute(
      sql`insert into client_money_month_locks (account_id, month, locked_by_id) values (${clientAccount.id}, '2026-05', ${advocate.id})`,
    );
    const id = entryId();
    expect(
      await refusal([
        entry(id, user.id, clientAccount.id, '2026-05-31'),
        accountLine(id, clientAccount.id, 'client', 150_000),
        ledgerLine(id, user.id, -150_000),
      ]),
    ).toBe('client_money_month_locked');
  });
});
