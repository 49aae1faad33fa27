import type { SmsKind } from '@firm/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { smsPreferences } from '../../db/schema';

/** The kinds a person chose (switched on or off); a kind without a row is at its default. */
export async function smsPreferenceRows(db: Executor, userId: string) {
  return db
    .select({
      kind: smsPreferences.kind,
      enabled: smsPreferences.enabled,
      updatedAt: smsPreferences.updatedAt,
    })
    .from(smsPreferences)
    .where(eq(smsPreferences.userId, userId));
}

/**
 * Saves a person's choices. `updatedAt` moves only when a choice changes, so a row switched on
 * keeps the moment the person agreed to that text (ADR 033), however often they save.
 */
export async function saveSmsPreferences(
  db: Executor,
  userId: string,
  changes: { kind: SmsKind; enabled: boolean }[],
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insert(smsPreferences)
    .values(changes.map((change) => ({ userId, ...change, updatedAt: now })))
    .onConflictDoUpdate({
      target: [smsPreferences.userId, smsPreferences.kind],
      set: {
        enabled: sql`excluded.enabled`,
        updatedAt: sql`case when ${smsPreferences.enabled} = excluded.enabled then ${smsPreferences.updatedAt} else excluded.updated_at end`,
      },
    });
}
