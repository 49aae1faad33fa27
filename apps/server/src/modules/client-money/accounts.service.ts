import {
  CLIENT_MONEY_MESSAGES as M,
  type CreateMoneyAccountValues,
  type MoneyAccount,
} from '@firm/shared';
import type { MoneyAccountRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import type { ClientMoneyDeps } from './client-money-deps';
import { insertAccount, listAccountRows } from './journal.repository';

/** The firm's office and client accounts (ADR 045), listed in System Settings. */

const accountOf = (row: MoneyAccountRow): MoneyAccount => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  institution: row.institution,
  number: row.number,
  openingBalanceKsh: row.openingBalanceKsh,
  openingDate: row.openingDate,
  createdAt: row.createdAt.toISOString(),
});

/** GET /api/client-money/accounts: those who record client money choose among them. */
export async function listAccounts(deps: ClientMoneyDeps, user: UserRow) {
  assertCan(user, 'client-money:record');
  return { accounts: (await listAccountRows(deps.db)).map(accountOf) };
}

/** POST /api/client-money/accounts */
export async function createAccount(
  deps: ClientMoneyDeps,
  user: UserRow,
  input: CreateMoneyAccountValues,
  meta: RequestMeta,
): Promise<MoneyAccount> {
  assertCan(user, 'client-money:accounts');
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertAccount(tx, { ...input, createdById: user.id });
    if (!created) {
      throw AppError.conflict(M.accountNumberTaken, 'ACCOUNT_NUMBER_TAKEN');
    }
    await writeAudit(tx, {
      actorId: user.id,
      action: 'money_account.created',
      ip: meta.ip,
      details: {
        accountId: created.id,
        kind: created.kind,
        name: created.name,
        institution: created.institution,
        number: created.number,
        openingBalanceKsh: created.openingBalanceKsh,
        openingDate: created.openingDate,
      },
    });
    return created;
  });
  return accountOf(row);
}
