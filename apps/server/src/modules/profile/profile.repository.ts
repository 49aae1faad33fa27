import { and, desc, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  auditLog,
  contactMessages,
  dataRequests,
  emailChangeTokens,
  sessions,
  type DataRequestRow,
  type EmailChangeTokenRow,
} from '../../db/schema';

/** The person's sessions that can still be used, most recently used first. */
export async function listLiveSessions(db: Executor, userId: string, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

// ---------------------------------------------------------------------------------------------
// Email change links

/** Spends every unused link of the user (a new request replaces older ones). */
export async function spendEmailChangeTokens(db: Executor, userId: string): Promise<void> {
  await db
    .update(emailChangeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)));
}

/** Links issued for `userId` since `since`, used or not (the hourly cap counts them all). */
export async function countEmailChangeTokensSince(
  db: Executor,
  userId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(emailChangeTokens)
    .where(and(eq(emailChangeTokens.userId, userId), gte(emailChangeTokens.createdAt, since)));
  return row?.count ?? 0;
}

export async function insertEmailChangeToken(
  db: Executor,
  values: { userId: string; newEmail: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailChangeTokens).values(values);
}

/** The unused, unexpired link for the user, if any: the address waiting to be confirmed. */
export async function findPendingEmailChange(
  db: Executor,
  userId: string,
  now: Date,
): Promise<EmailChangeTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.userId, userId),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(emailChangeTokens.createdAt))
    .limit(1);
  return row;
}

/**
 * Marks a live link used and returns it, in one statement: two requests with the same link cannot
 * both succeed.
 */
export async function claimEmailChangeToken(
  tx: Executor,
  tokenHash: string,
  now: Date,
): Promise<EmailChangeTokenRow | undefined> {
  const [row] = await tx
    .update(emailChangeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailChangeTokens.tokenHash, tokenHash),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Data-protection requests

export async function listOwnDataRequests(db: Executor, userId: string): Promise<DataRequestRow[]> {
  return db
    .select()
    .from(dataRequests)
    .where(eq(dataRequests.userId, userId))
    .orderBy(desc(dataRequests.createdAt));
}

export async function insertDataRequest(
  db: Executor,
  values: typeof dataRequests.$inferInsert,
): Promise<DataRequestRow> {
  const [row] = await db.insert(dataRequests).values(values).returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------
// What the export reads

export async function auditRowsAbout(db: Executor, userId: string) {
  return db
    .select({
      action: auditLog.action,
      createdAt: auditLog.createdAt,
      ip: auditLog.ip,
      details: auditLog.details,
      byYou: sql<boolean>`${auditLog.actorId} = ${userId}`,
      aboutYou: sql<boolean>`${auditLog.targetUserId} = ${userId}`,
    })
    .from(auditLog)
    .where(or(eq(auditLog.actorId, userId), eq(auditLog.targetUserId, userId)))
    .orderBy(auditLog.createdAt);
}

export async function allSessionsOf(db: Executor, userId: string) {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(sessions.createdAt);
}

export async function contactMessagesFrom(db: Executor, email: string) {
  return db
    .select()
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) = ${email.toLowerCase()}`)
    .orderBy(contactMessages.createdAt);
}
