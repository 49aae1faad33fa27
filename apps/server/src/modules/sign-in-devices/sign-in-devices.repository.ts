import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { secureAccountTokens, signInDevices, type SignInDeviceRow } from '../../db/schema';

/**
 * Records a sign-in from a device (its key and label): a new row, or the known row's last time
 * and address. `isNew` tells which; `hadOthers` whether the account knew another device already
 * (asked only for a new one: a first sign-in alerts nobody). Two sign-ins from one new device at
 * once meet on the unique index: one inserts, the other updates.
 */
export async function recordDevice(
  tx: Executor,
  values: { userId: string; deviceKey: string; label: string; ip: string | null; now: Date },
): Promise<{ id: string; isNew: boolean; hadOthers: boolean; previousSignInAt: Date | null }> {
  const [row] = await tx
    .insert(signInDevices)
    .values({
      userId: values.userId,
      deviceKey: values.deviceKey,
      label: values.label,
      firstSeenAt: values.now,
      lastSeenAt: values.now,
      lastIp: values.ip,
    })
    .onConflictDoUpdate({
      target: [signInDevices.userId, signInDevices.deviceKey],
      set: { lastSeenAt: values.now, lastIp: values.ip, label: values.label },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated (PostgreSQL's MVCC).
    .returning({ id: signInDevices.id, isNew: sql<boolean>`(xmax = 0)` });
  const { id, isNew } = row!;
  if (!isNew) return { id, isNew, hadOthers: true, previousSignInAt: null };
  // Every earlier sign-in was from another device: the latest of them is the one before this.
  const [other] = await tx
    .select({ lastSeenAt: signInDevices.lastSeenAt })
    .from(signInDevices)
    .where(and(eq(signInDevices.userId, values.userId), ne(signInDevices.id, id)))
    .orderBy(desc(signInDevices.lastSeenAt))
    .limit(1);
  return { id, isNew, hadOthers: other !== undefined, previousSignInAt: other?.lastSeenAt ?? null };
}

/** The account's devices, the most recently seen first. */
export async function listDevices(db: Executor, userId: string): Promise<SignInDeviceRow[]> {
  return db
    .select()
    .from(signInDevices)
    .where(eq(signInDevices.userId, userId))
    .orderBy(desc(signInDevices.lastSeenAt), desc(signInDevices.firstSeenAt));
}

export async function insertSecureAccountToken(
  tx: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date; vouchedAt: Date | null },
): Promise<void> {
  await tx.insert(secureAccountTokens).values(values);
}

/**
 * The sign-in the owner can vouch for, from the account's alerts still kept (a week and a day):
 * the earliest of their sign-ins before the alerted one. Undefined when no alert was sent (no
 * sign-in from a new device to doubt); null when an alert's is not known (everything goes).
 */
export async function vouchedSignInAt(
  tx: Executor,
  userId: string,
): Promise<Date | null | undefined> {
  const rows = await tx
    .select({ vouchedAt: secureAccountTokens.vouchedAt })
    .from(secureAccountTokens)
    .where(eq(secureAccountTokens.userId, userId));
  if (rows.length === 0) return undefined;
  if (rows.some((row) => row.vouchedAt === null)) return null;
  return new Date(Math.min(...rows.map((row) => row.vouchedAt!.getTime())));
}

/**
 * Spends an unused, unexpired "secure your account" link and returns its account, in one
 * statement: two requests with one link cannot both succeed.
 */
export async function consumeSecureAccountToken(
  tx: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ userId: string } | undefined> {
  const [row] = await tx
    .update(secureAccountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(secureAccountTokens.tokenHash, tokenHash),
        isNull(secureAccountTokens.usedAt),
        gt(secureAccountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: secureAccountTokens.userId });
  return row;
}
