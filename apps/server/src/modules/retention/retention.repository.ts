import { lte, or } from 'drizzle-orm';
import { lockForTransaction } from '../../db/advisory-locks';
import type { Executor } from '../../db/client';
import { contactMessages, passwordResetTokens, sessions } from '../../db/schema';

/** Serialises purges of several processes sharing one PostgreSQL: the second finds nothing left. */
export async function lockRetentionPurge(tx: Executor): Promise<void> {
  await lockForTransaction(tx, 'retentionPurge');
}

/**
 * Deletes contact messages received at or before `createdBefore`; returns how many.
 *
 * Every message qualifies today: nothing links a message to instructions yet. A message that leads
 * to instructions becomes part of the client file (kept seven years after the matter closes, as the
 * privacy policy says), so once cases exist this WHERE clause must exclude messages a case points
 * to, e.g. `and not exists (select 1 from cases where cases.contact_message_id = contact_messages.id)`.
 * Booking requests, when they exist, get the same rule here.
 */
export async function deleteContactMessagesCreatedBefore(
  db: Executor,
  createdBefore: Date,
): Promise<number> {
  const rows = await db
    .delete(contactMessages)
    .where(lte(contactMessages.createdAt, createdBefore))
    .returning({ id: contactMessages.id });
  return rows.length;
}

/** Deletes sessions that expired, or were revoked, at or before `endedBefore`; returns how many. */
export async function deleteSessionsEndedBefore(db: Executor, endedBefore: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, endedBefore), lte(sessions.revokedAt, endedBefore)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Deletes reset links that expired, or were used, at or before `endedBefore`; returns how many. */
export async function deleteResetTokensEndedBefore(
  db: Executor,
  endedBefore: Date,
): Promise<number> {
  const rows = await db
    .delete(passwordResetTokens)
    .where(
      or(
        lte(passwordResetTokens.expiresAt, endedBefore),
        lte(passwordResetTokens.usedAt, endedBefore),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return rows.length;
}
