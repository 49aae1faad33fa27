import { and, eq, sql } from 'drizzle-orm';
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

export async function advocateExists(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'advocate'))
    .limit(1);
  return row !== undefined;
}

/** Adds one failed sign-in; returns the new count. */
export async function incrementFailedLogins(db: Executor, id: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
    .where(eq(users.id, id))
    .returning({ count: users.failedLoginCount });
  return row?.count ?? 0;
}

export async function lockUser(db: Executor, id: string, until: Date): Promise<void> {
  await db
    .update(users)
    .set({ lockedUntil: until, failedLoginCount: 0 })
    .where(and(eq(users.id, id)));
}

/** True when the error is a unique-constraint violation (a taken email), whatever the driver. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}
