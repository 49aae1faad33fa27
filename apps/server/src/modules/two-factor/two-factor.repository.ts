import { and, eq, gt, isNotNull, isNull, lt, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  passkeyRegistrations,
  passkeys,
  recoveryCodes,
  signInChallenges,
  totpSecrets,
  type SignInChallengeRow,
  type TotpSecretRow,
} from '../../db/schema';

/** Authenticator keys, recovery codes and sign-in challenges (ADR 037). */

export async function findTotpSecret(
  db: Executor,
  userId: string,
): Promise<TotpSecretRow | undefined> {
  const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId)).limit(1);
  return row;
}

/** A new key being set up (replacing one not yet confirmed). */
export async function saveUnconfirmedSecret(
  db: Executor,
  userId: string,
  sealedSecret: string,
): Promise<void> {
  await db
    .insert(totpSecrets)
    .values({ userId, sealedSecret })
    .onConflictDoUpdate({
      target: totpSecrets.userId,
      set: { sealedSecret, createdAt: new Date(), lastUsedStep: null },
      where: isNull(totpSecrets.confirmedAt),
    });
}

/**
 * Spends the code of `step`: true once, for a key confirmed (or being confirmed, `confirm`), when
 * no code of this step or a later one was accepted before. Two requests racing with one code: one
 * wins.
 */
export async function claimTotpStep(
  db: Executor,
  userId: string,
  step: number,
  options: { confirm?: Date } = {},
): Promise<boolean> {
  const rows = await db
    .update(totpSecrets)
    .set({
      lastUsedStep: step,
      ...(options.confirm ? { confirmedAt: options.confirm } : {}),
    })
    .where(
      and(
        eq(totpSecrets.userId, userId),
        options.confirm ? isNull(totpSecrets.confirmedAt) : isNotNull(totpSecrets.confirmedAt),
        or(isNull(totpSecrets.lastUsedStep), lt(totpSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpSecrets.userId });
  return rows.length === 1;
}

/** Every second factor of the account: the authenticator, passkeys and recovery codes. */
export async function deleteSecondFactor(db: Executor, userId: string): Promise<void> {
  await deleteTotpSecret(db, userId);
  await deleteRecoveryCodes(db, userId);
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await db.delete(passkeyRegistrations).where(eq(passkeyRegistrations.userId, userId));
}

export async function deleteTotpSecret(db: Executor, userId: string): Promise<void> {
  await db.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
}

export async function deleteRecoveryCodes(db: Executor, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  hashes: readonly string[],
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends a recovery code: true once. */
export async function spendRecoveryCode(
  db: Executor,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function unusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertChallenge(
  db: Executor,
  values: typeof signInChallenges.$inferInsert,
): Promise<void> {
  await db.insert(signInChallenges).values(values);
}

/** The live challenge of this token, locked until the transaction ends (tries take turns). */
export async function lockLiveChallenge(
  tx: Executor,
  tokenHash: string,
  now: Date,
): Promise<SignInChallengeRow | undefined> {
  const [row] = await tx
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, now),
      ),
    )
    .limit(1)
    .for('update');
  return row;
}

export async function countChallengeFailure(tx: Executor, id: string): Promise<number> {
  const [row] = await tx
    .update(signInChallenges)
    .set({ failures: sql`${signInChallenges.failures} + 1` })
    .where(eq(signInChallenges.id, id))
    .returning({ failures: signInChallenges.failures });
  return row?.failures ?? 0;
}

/** Ends a challenge: signed in, or too many wrong codes. */
export async function endChallenge(tx: Executor, id: string, now: Date): Promise<void> {
  await tx.update(signInChallenges).set({ usedAt: now }).where(eq(signInChallenges.id, id));
}

/**
 * Second factors added after `after` (all of them when null) go (secure-account cleanup, ADR 037):
 * the authenticator set up or confirmed since, passkeys and recovery codes made since, and any
 * passkey being added. Answers what went.
 */
export async function deleteSecondFactorsAddedAfter(
  tx: Executor,
  userId: string,
  after: Date | null,
): Promise<{ totp: boolean; passkeys: number; recoveryCodes: number }> {
  const since = <T extends AnyColumn>(column: T) => (after ? gt(column, after) : undefined);
  const totp = await tx
    .delete(totpSecrets)
    .where(
      and(
        eq(totpSecrets.userId, userId),
        after
          ? or(gt(totpSecrets.createdAt, after), gt(totpSecrets.confirmedAt, after))
          : undefined,
      ),
    )
    .returning({ confirmedAt: totpSecrets.confirmedAt });
  const keys = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), since(passkeys.createdAt)))
    .returning({ id: passkeys.id });
  await tx.delete(passkeyRegistrations).where(eq(passkeyRegistrations.userId, userId));
  const codes = await tx
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), since(recoveryCodes.createdAt)))
    .returning({ id: recoveryCodes.id });
  return {
    totp: totp.some((row) => row.confirmedAt !== null),
    passkeys: keys.length,
    recoveryCodes: codes.length,
  };
}
