import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { firmSettings, users, type FirmSettingsRow } from '../../db/schema';

export type StoredFirmSettings = FirmSettingsRow & { updatedByName: string | null };

/** The saved settings (the single row), with who saved them; undefined: never saved. */
export async function findFirmSettings(db: Executor): Promise<StoredFirmSettings | undefined> {
  const [row] = await db
    .select({
      row: firmSettings,
      updatedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(firmSettings)
    .leftJoin(users, eq(users.id, firmSettings.updatedById))
    .where(eq(firmSettings.id, 1));
  return row ? { ...row.row, updatedByName: row.updatedByName } : undefined;
}

/** The saved settings, locked until the transaction ends (two advocates saving take turns). */
export async function lockFirmSettings(tx: Executor): Promise<FirmSettingsRow | undefined> {
  const [row] = await tx.select().from(firmSettings).where(eq(firmSettings.id, 1)).for('update');
  return row;
}

export async function saveFirmSettings(
  tx: Executor,
  settings: Record<string, unknown>,
  updatedById: string,
  savedSections: string[],
): Promise<void> {
  await tx
    .insert(firmSettings)
    .values({ id: 1, settings, updatedById, updatedAt: new Date(), savedSections })
    .onConflictDoUpdate({
      target: firmSettings.id,
      set: { settings, updatedById, updatedAt: new Date(), savedSections },
    });
}
