import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';

export type LinkKind = 'reset' | 'invitation';

export async function insertResetToken(
  db: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date; kind?: LinkKind },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/**
 * How many reset links were sent to this user since `since` (a cap against mail bombing).
 * Invitations, sent by the firm, do not count against it.
 */
export async function countRecentResetTokens(
  db: Executor,
  userId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.kind, 'reset'),
        gt(passwordResetTokens.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Marks an unused, unexpired token of `kind` as used and returns its user, in one statement: two
 * requests racing with the same link cannot both succeed. A reset link does not open the
 * invitation page's sign-in, nor an invitation the reset page.
 */
export async function consumeResetToken(
  db: Executor,
  tokenHash: string,
  now: Date,
  kind: LinkKind = 'reset',
): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        eq(passwordResetTokens.kind, kind),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row;
}

/**
 * Once the password is replaced, every other link sent to that user (reset or invitation) is
 * spent too; `kind` limits it to one kind (a resent invitation replaces the one before).
 */
export async function spendUserResetTokens(
  db: Executor,
  userId: string,
  kind?: LinkKind,
): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        kind ? eq(passwordResetTokens.kind, kind) : undefined,
      ),
    );
}
