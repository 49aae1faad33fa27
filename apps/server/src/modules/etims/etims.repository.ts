import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { etimsDevices } from '../../db/schema';

export type EtimsDeviceRow = typeof etimsDevices.$inferSelect;

export async function findEtimsDevice(
  db: Executor,
  branchId: string,
): Promise<EtimsDeviceRow | null> {
  const [row] = await db.select().from(etimsDevices).where(eq(etimsDevices.branchId, branchId));
  return row ?? null;
}

/** What `selectInitOsdcInfo` answered, kept (the key sealed); the last error cleared. */
export async function saveEtimsInitialisation(
  db: Executor,
  values: {
    branchId: string;
    deviceSerial: string;
    sdcId: string;
    mrcNo: string;
    sealedCmcKey: string;
    initialisedAt: Date;
  },
): Promise<EtimsDeviceRow> {
  const initialised = {
    deviceSerial: values.deviceSerial,
    sdcId: values.sdcId,
    mrcNo: values.mrcNo,
    sealedCmcKey: values.sealedCmcKey,
    initialisedAt: values.initialisedAt,
    lastError: null,
    lastErrorAt: null,
  };
  const [row] = await db
    .insert(etimsDevices)
    .values({ branchId: values.branchId, ...initialised })
    .onConflictDoUpdate({ target: etimsDevices.branchId, set: initialised })
    .returning();
  return row!;
}

/** Why the last initialisation failed; an initialised device keeps its key and stays usable. */
export async function saveEtimsError(
  db: Executor,
  values: { branchId: string; deviceSerial: string; error: string; at: Date },
): Promise<void> {
  await db
    .insert(etimsDevices)
    .values({
      branchId: values.branchId,
      deviceSerial: values.deviceSerial,
      lastError: values.error,
      lastErrorAt: values.at,
    })
    .onConflictDoUpdate({
      target: etimsDevices.branchId,
      set: { lastError: values.error, lastErrorAt: values.at },
    });
}

/** Forgets a key that no longer opens (the server's key changed): the device is set up again. */
export async function forgetEtimsKey(db: Executor, branchId: string): Promise<void> {
  await db
    .update(etimsDevices)
    .set({ sealedCmcKey: null, sdcId: null, mrcNo: null, initialisedAt: null })
    .where(eq(etimsDevices.branchId, branchId));
}
