import type { ListUsersFilters, Role, UserStats } from '@firm/shared';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countAll, likePattern, offsetOf, rowsAndTotal } from '../../db/list-queries';
import { lockForTransaction } from '../../db/advisory-locks';
import { cases, totpSecrets, users, type UserRow } from '../../db/schema';

/**
 * Which accounts a caller may see and act on. The service decides it from the caller's
 * permissions; every query here puts it in its WHERE clause, so a filter in the request can
 * narrow it but never widen it.
 */
export interface UserScope {
  roles: readonly Role[];
}

/**
 * A user's workload: the cases assigned to them (open or closed), and the distinct clients of
 * those cases. Indexed by cases_assignee_idx.
 */
// Written out: in a query on one table Drizzle leaves columns unqualified, and inside the subquery
// "id" would mean the case's.
const casesAssigned =
  sql<number>`(select count(*) from ${cases} c where c.assignee_id = "users"."id")`.mapWith(Number);
const clientsManaged =
  sql<number>`(select count(distinct c.client_id) from ${cases} c where c.assignee_id = "users"."id")`.mapWith(
    Number,
  );

/** Whether the account signs in with a second factor (ADR 037): an advocate may reset it. */
const twoFactor = sql<boolean>`exists (select 1 from ${totpSecrets} t where t.user_id = "users"."id" and t.confirmed_at is not null)`;

export type ManagedUserRow = UserRow & {
  casesAssigned: number;
  clientsManaged: number;
  twoFactor: boolean;
};

function inScope(scope: UserScope): SQL {
  return inArray(users.role, [...scope.roles]);
}

function filterConditions(scope: UserScope, filters: ListUsersFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inScope(scope)];
  if (filters.role) conditions.push(eq(users.role, filters.role));
  if (filters.status === 'active') conditions.push(eq(users.isActive, true));
  if (filters.status === 'inactive') {
    conditions.push(
      sql`${users.isActive} = false and ${users.verificationStatus} is distinct from 'pending'`,
    );
  }
  if (filters.status === 'pending') conditions.push(eq(users.verificationStatus, 'pending'));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    conditions.push(
      sql`(${users.firstName} ilike ${pattern} or ${users.lastName} ilike ${pattern} or ${users.email} ilike ${pattern} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern})`,
    );
  }
  return and(...conditions);
}

/** One page of the accounts in scope that match the filters, newest first, and how many match. */
export async function listManagedUsers(
  db: Executor,
  scope: UserScope,
  filters: ListUsersFilters,
): Promise<{ rows: ManagedUserRow[]; total: number }> {
  const where = filterConditions(scope, filters);
  const { rows, total } = await rowsAndTotal(
    db
      .select({ user: users, casesAssigned, clientsManaged, twoFactor })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(filters.limit)
      .offset(offsetOf(filters)),
    db.select({ total: countAll() }).from(users).where(where),
  );
  return {
    rows: rows.map((row) => ({
      ...row.user,
      casesAssigned: row.casesAssigned,
      clientsManaged: row.clientsManaged,
      twoFactor: row.twoFactor,
    })),
    total,
  };
}

/** The stat cards of both tabs: counts over everything in scope, whatever the filters. */
export async function managedUserStats(db: Executor, scope: UserScope): Promise<UserStats> {
  const n = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const isPending = sql`${users.verificationStatus} = 'pending'`;
  const isAdmin = sql`${users.role} = 'admin'`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      active: n(sql`${users.isActive}`),
      inactive: n(
        sql`not ${users.isActive} and ${users.verificationStatus} is distinct from 'pending'`,
      ),
      advocates: n(sql`${users.role} = 'advocate'`),
      pendingAdvocates: n(isPending),
      admins: n(isAdmin),
      activeAdmins: n(sql`${isAdmin} and ${users.isActive}`),
      inactiveAdmins: n(sql`${isAdmin} and not ${users.isActive}`),
      clients: n(sql`${users.role} = 'client'`),
      adminCasesAssigned:
        sql<number>`coalesce(sum(${casesAssigned}) filter (where ${isAdmin}), 0)`.mapWith(Number),
    })
    .from(users)
    .where(inScope(scope));
  return row!;
}

/**
 * The account with this id if it is in scope, locked for the rest of the transaction so two
 * changes to one account happen one after the other.
 */
export async function findUserInScopeForUpdate(
  tx: Executor,
  scope: UserScope,
  id: string,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), inScope(scope)))
    .limit(1)
    .for('update');
  return row;
}

/** Serialises the changes that can take an advocate out of service (deactivate, delete). */
export async function lockAdvocateGuard(tx: Executor): Promise<void> {
  await lockForTransaction(tx, 'advocateGuard');
}

/** Active, verified advocates other than `exceptId`: who would still run the firm's accounts. */
export async function countOtherActiveAdvocates(tx: Executor, exceptId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(
      and(
        eq(users.role, 'advocate'),
        eq(users.isActive, true),
        eq(users.verificationStatus, 'verified'),
        sql`${users.id} <> ${exceptId}`,
      ),
    );
  return row?.n ?? 0;
}

/** Removes the account; its sessions and reset links go with it (ON DELETE CASCADE). */
export async function deleteUserRow(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}
