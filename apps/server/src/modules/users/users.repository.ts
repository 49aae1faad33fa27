import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Role } from '@firm/shared';
import type { Executor } from '../../db/client';
import { users, type NewUserRow, type UserRow } from '../../db/schema';

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(db: Executor, values: NewUserRow): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  return row!;
}

export async function updateUser(
  db: Executor,
  id: string,
  patch: Partial<NewUserRow>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row;
}

/**
 * Fixes when a staff account must have a second factor, unless a date is already set (the grace
 * counts from the first sign-in without one, ADR 037). Answers the row as it now stands.
 */
export async function markTwoFactorDue(
  db: Executor,
  id: string,
  dueAt: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ twoFactorDueAt: dueAt })
    .where(and(eq(users.id, id), sql`${users.twoFactorDueAt} is null`))
    .returning();
  return row;
}

/** Nothing is due once the account has a second factor. */
export async function clearTwoFactorDue(db: Executor, id: string): Promise<void> {
  await db
    .update(users)
    .set({ twoFactorDueAt: null })
    .where(and(eq(users.id, id), sql`${users.twoFactorDueAt} is not null`));
}

/** Locks the account's row until the transaction ends: changes to it then take turns. */
export async function lockUserRow(tx: Executor, id: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

export async function advocateExists(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'advocate'))
    .limit(1);
  return row !== undefined;
}

/** What sign-in needs of an account, read in the same statement that claims the attempt. */
export interface SignInCandidate {
  id: string;
  email: string;
  passwordHash: string;
  role: UserRow['role'];
  isActive: boolean;
  verificationStatus: UserRow['verificationStatus'];
  lockedUntil: Date | null;
}

export type SignInClaim =
  /** The attempt may check the password; `locksNow` when it is the last one before the lock. */
  | { user: SignInCandidate; claimed: true; locksNow: boolean }
  /** The account is locked: the password must not be checked. */
  | { user: SignInCandidate; claimed: false };

interface ClaimRow {
  /** Null when no account has this email. */
  id: string | null;
  email: string;
  password_hash: string;
  role: UserRow['role'];
  is_active: boolean;
  verification_status: UserRow['verificationStatus'];
  locked_until: Date | string | null;
  claimed: boolean;
  claimed_locked_until: Date | string | null;
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Claims one sign-in attempt for the account with this email, before its password is checked, in
 * one conditional UPDATE: the row lock makes concurrent claims (in any number of server processes)
 * take turns, and each re-reads the count and lock the previous one wrote. The `maxFailures`-th
 * claim in a row sets the lock itself, so at most `maxFailures` passwords are checked per lock
 * window; a right password then lifts it (`recordSuccessfulSignIn`). Undefined: no such account.
 */
export async function claimSignInAttempt(
  db: Executor,
  email: string,
  options: { now: Date; maxFailures: number; lockUntil: Date },
): Promise<SignInClaim | undefined> {
  const now = options.now.toISOString();
  const lockUntil = options.lockUntil.toISOString();
  const address = email.toLowerCase();
  const result = await db.execute(sql`
    with claimed as (
      update users set
        failed_login_count = case when failed_login_count + 1 >= ${options.maxFailures}
          then 0 else failed_login_count + 1 end,
        locked_until = case when failed_login_count + 1 >= ${options.maxFailures}
          then ${lockUntil}::timestamptz else null end
      where lower(email) = ${address}
        and (locked_until is null or locked_until <= ${now}::timestamptz)
      returning id, locked_until
    )
    select u.id, u.email, u.password_hash, u.role, u.is_active, u.verification_status,
      u.locked_until, c.id is not null as claimed, c.locked_until as claimed_locked_until
    -- A transaction id makes the commit flush the WAL, as the UPDATE above does for a known email:
    -- an unknown one then costs the same, and timing does not tell them apart. The
    -- one-row subquery drives the joins, so it runs whether or not the email has an account.
    from (select pg_current_xact_id() as xact_id) x
      left join users u on lower(u.email) = ${address}
      left join claimed c on c.id = u.id
    limit 1`);
  const row = (result as unknown as { rows: ClaimRow[] }).rows[0];
  if (!row?.id) return undefined;
  const user: SignInCandidate = {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    role: row.role,
    isActive: row.is_active,
    verificationStatus: row.verification_status,
    lockedUntil: toDate(row.locked_until),
  };
  if (!row.claimed) return { user, claimed: false };
  return { user, claimed: true, locksNow: row.claimed_locked_until !== null };
}

/**
 * The right password of an account with a second factor (ADR 037): the attempt it claimed is
 * given back (and a lock that claim set lifted), but the count does not start again: the codes
 * tried next each claim an attempt, and only a right code clears them.
 */
export async function refundSignInAttempt(
  db: Executor,
  id: string,
  options: { maxFailures: number; lockedByThisClaim: boolean },
): Promise<void> {
  await db
    .update(users)
    .set(
      options.lockedByThisClaim
        ? { failedLoginCount: options.maxFailures - 1, lockedUntil: null }
        : { failedLoginCount: sql`greatest(${users.failedLoginCount} - 1, 0)` },
    )
    .where(eq(users.id, id));
}

/** The right password: the count starts again and any lock lifts. */
export async function recordSuccessfulSignIn(
  db: Executor,
  id: string,
  now: Date,
): Promise<UserRow | undefined> {
  return updateUser(db, id, { failedLoginCount: 0, lockedUntil: null, lastLogin: now });
}

/** True when the error is a unique-constraint violation (a taken email), whatever the driver. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** A person's name as the screens show it, in SQL (`users` or an alias of it). */
export const fullName = (table: typeof users) =>
  sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

/**
 * Active advocates and admins, by name: whom a case may be assigned to, and the colleagues New
 * Message may name. At most 200 (a firm's staff).
 */
export async function listActiveStaff(
  db: Executor,
): Promise<{ id: string; name: string; role: UserRow['role'] }[]> {
  return db
    .select({ id: users.id, name: fullName(users), role: users.role })
    .from(users)
    .where(and(eq(users.isActive, true), inArray(users.role, ['advocate', 'admin'])))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(200);
}

/** Active accounts of the given ids and role(s). */
export async function findActiveUsers(
  db: Executor,
  ids: string[],
  roles: ('client' | 'advocate' | 'admin')[],
): Promise<{ id: string; name: string; role: string; email: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: fullName(users), role: users.role, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.isActive, true), inArray(users.role, roles)));
}

export async function recipientAddress(
  db: Executor,
  id: string,
): Promise<{ email: string; role: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.id, id), eq(users.isActive, true)))
    .limit(1);
  return row;
}

export async function userName(db: Executor, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db
    .select({ name: fullName(users) })
    .from(users)
    .where(eq(users.id, id));
  return row?.name ?? null;
}

/** The active client `clientId` and every active advocate and admin. */
export async function activeClientAndStaff(db: Executor, clientId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        or(eq(users.id, clientId), inArray(users.role, ['advocate', 'admin'])),
      ),
    );
}

/** An active account of one of `roles`, or undefined. */
export async function findActiveUser(
  db: Executor,
  id: string,
  roles: readonly Role[],
): Promise<{ id: string; name: string; role: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, name: fullName(users), role: users.role })
    .from(users)
    .where(and(eq(users.id, id), eq(users.isActive, true), inArray(users.role, [...roles])))
    .limit(1);
  return row;
}

/** Active accounts by id (deactivated ones are told nothing). */
export async function activeUsersByIds(
  db: Executor,
  ids: readonly (string | null | undefined)[],
): Promise<UserRow[]> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(inArray(users.id, wanted), eq(users.isActive, true)));
}

/** Every active member of staff (verified advocates and admins); callers filter with `can()`. */
export async function activeStaff(db: Executor): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        or(
          eq(users.role, 'admin'),
          and(eq(users.role, 'advocate'), eq(users.verificationStatus, 'verified')),
        ),
      ),
    );
}
