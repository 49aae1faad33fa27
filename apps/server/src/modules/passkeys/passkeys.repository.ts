import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passkeyRegistrations, passkeys, signInChallenges, type PasskeyRow } from '../../db/schema';

/** Passkeys and their pending WebAuthn challenges (ADR 037, "Passkeys"). */

export async function listPasskeysOf(db: Executor, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeys(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** The account's passkeys, locked until the transaction ends (removals take turns). */
export async function lockPasskeysOf(tx: Executor, userId: string): Promise<PasskeyRow[]> {
  return tx
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt))
    .for('update');
}

/** One of the account's passkeys by the credential id the browser gave. */
export async function findPasskeyOf(
  db: Executor,
  userId: string,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)))
    .limit(1);
  return row;
}

export async function insertPasskey(
  db: Executor,
  values: typeof passkeys.$inferInsert,
): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(values).returning();
  return row!;
}

/** Renames one of the account's passkeys; undefined when it has none of that id. */
export async function renamePasskeyOf(
  db: Executor,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function deletePasskeyOf(
  db: Executor,
  userId: string,
  id: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

/**
 * A sign-in with `passkey` whose signature count is now `counter`: true once. The count only moves
 * forward (an authenticator that keeps none says 0 each time); two requests with one answer, or a
 * cloned authenticator behind the real one, find it moved and are refused.
 */
export async function recordPasskeyUse(
  db: Executor,
  passkey: PasskeyRow,
  counter: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.id, passkey.id),
        counter === 0
          ? eq(passkeys.counter, 0)
          : and(eq(passkeys.counter, passkey.counter), lt(passkeys.counter, counter)),
      ),
    )
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** The challenge of a passkey being added, replacing one asked for before. */
export async function saveRegistrationChallenge(
  db: Executor,
  userId: string,
  challenge: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  // Those left by people who never answered go with the next one asked for, anyone's.
  await db.delete(passkeyRegistrations).where(lt(passkeyRegistrations.expiresAt, now));
  await db
    .insert(passkeyRegistrations)
    .values({ userId, challenge, expiresAt })
    .onConflictDoUpdate({
      target: passkeyRegistrations.userId,
      set: { challenge, expiresAt, createdAt: now },
    });
}

/** Spends the account's registration challenge: its value once, if it has not expired. */
export async function takeRegistrationChallenge(
  db: Executor,
  userId: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .delete(passkeyRegistrations)
    .where(eq(passkeyRegistrations.userId, userId))
    .returning();
  return row && row.expiresAt > now ? row.challenge : null;
}

/** The account of a live sign-in challenge, or undefined when it has ended. */
export async function liveSignInChallengeUser(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.userId;
}

/**
 * Saves the WebAuthn challenge on a live sign-in challenge; its account's id, or undefined when
 * the challenge has ended.
 */
export async function saveSignInWebauthnChallenge(
  db: Executor,
  tokenHash: string,
  challenge: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(signInChallenges)
    .set({ webauthnChallenge: challenge })
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, now),
      ),
    )
    .returning({ userId: signInChallenges.userId });
  return row?.userId;
}

export async function clearSignInWebauthnChallenge(db: Executor, id: string): Promise<void> {
  await db
    .update(signInChallenges)
    .set({ webauthnChallenge: null })
    .where(eq(signInChallenges.id, id));
}
