import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { calendarFeeds } from '../../db/schema';

/**
 * A calendar feed's address is a credential of its own (ADR 025): whatever takes an account back
 * from someone else (securing it, a reset by email, a deactivation and reactivation) revokes it
 * here, in its own transaction. Answers whether there was one; the owner makes a new one.
 */
export async function revokeCalendarFeedOf(tx: Executor, userId: string): Promise<boolean> {
  const gone = await tx
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .returning({ userId: calendarFeeds.userId });
  return gone.length > 0;
}
