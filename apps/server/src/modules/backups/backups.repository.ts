import type { BackupTrigger } from '@firm/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { backupOnce, backupRuns, users, type BackupRunRow } from '../../db/schema';

/** A run with the name of the person who pressed Back up now. */
export type BackupRunWithName = BackupRunRow & { requestedByName: string | null };

const withName = {
  run: backupRuns,
  requestedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
};
const named = (row: { run: BackupRunRow; requestedByName: string | null }): BackupRunWithName => ({
  ...row.run,
  requestedByName: row.requestedByName,
});

/** The running row, if any, locked until the transaction ends. */
export async function lockRunningRun(tx: Executor): Promise<BackupRunRow | undefined> {
  const [row] = await tx
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.status, 'running'))
    .for('update');
  return row;
}

/** Marks the running row `id` failed with `error`, once (a finished run is left alone). */
export async function failRunningRun(tx: Executor, id: string, error: string) {
  const [row] = await tx
    .update(backupRuns)
    .set({ status: 'failed', finishedAt: sql`now()`, error, progress: null })
    .where(and(eq(backupRuns.id, id), eq(backupRuns.status, 'running')))
    .returning();
  return row;
}

/**
 * Inserts the new running row: the claim. Null when another is running (the partial unique
 * index refuses a second, in any process).
 */
export async function insertRunningRun(
  tx: Executor,
  run: {
    trigger: BackupTrigger;
    fileName: string;
    claimedBy: string;
    leaseMs: number;
    requestedById: string | null;
  },
): Promise<BackupRunRow | null> {
  const [row] = await tx
    .insert(backupRuns)
    .values({
      trigger: run.trigger,
      status: 'running',
      fileName: run.fileName,
      claimedBy: run.claimedBy,
      leaseUntil: sql`now() + ${`${run.leaseMs} milliseconds`}::interval`,
      requestedById: run.requestedById,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** A run refused before it began (no passphrase): recorded as failed, with no file. */
export async function insertRefusedRun(
  tx: Executor,
  run: { trigger: BackupTrigger; claimedBy: string; error: string; requestedById: string | null },
): Promise<BackupRunRow> {
  const [row] = await tx
    .insert(backupRuns)
    .values({
      trigger: run.trigger,
      status: 'failed',
      finishedAt: sql`now()`,
      error: run.error,
      claimedBy: run.claimedBy,
      leaseUntil: sql`now()`,
      requestedById: run.requestedById,
    })
    .returning();
  return row!;
}

/** Renews a running run's lease (and its progress); false: it is no longer running. */
export async function renewLease(
  db: Executor,
  id: string,
  leaseMs: number,
  progress: BackupRunRow['progress'],
): Promise<boolean> {
  const rows = await db
    .update(backupRuns)
    .set({
      leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      ...(progress ? { progress } : {}),
    })
    .where(and(eq(backupRuns.id, id), eq(backupRuns.status, 'running')))
    .returning({ id: backupRuns.id });
  return rows.length > 0;
}

/** Records a run's success; undefined when it was no longer running (marked failed meanwhile). */
export async function succeedRun(tx: Executor, id: string, sizeBytes: number) {
  const [row] = await tx
    .update(backupRuns)
    .set({ status: 'succeeded', finishedAt: sql`now()`, sizeBytes, progress: null })
    .where(and(eq(backupRuns.id, id), eq(backupRuns.status, 'running')))
    .returning();
  return row;
}

/** Whether a lapsed lease: the database's clock decides, the same for every process. */
export async function leaseLapsed(tx: Executor, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ lapsed: sql<boolean>`${backupRuns.leaseUntil} < now()` })
    .from(backupRuns)
    .where(eq(backupRuns.id, id));
  return row?.lapsed ?? false;
}

export async function findRun(db: Executor, id: string): Promise<BackupRunWithName | undefined> {
  const [row] = await db
    .select(withName)
    .from(backupRuns)
    .leftJoin(users, eq(users.id, backupRuns.requestedById))
    .where(eq(backupRuns.id, id));
  return row ? named(row) : undefined;
}

/** The newest runs first. */
export async function recentRuns(db: Executor, limit: number): Promise<BackupRunWithName[]> {
  const rows = await db
    .select(withName)
    .from(backupRuns)
    .leftJoin(users, eq(users.id, backupRuns.requestedById))
    .orderBy(desc(backupRuns.startedAt))
    .limit(limit);
  return rows.map(named);
}

/** The last run that succeeded: its finish is the age of the firm's newest good copy. */
export async function lastSucceededRun(db: Executor): Promise<BackupRunWithName | undefined> {
  const [row] = await db
    .select(withName)
    .from(backupRuns)
    .leftJoin(users, eq(users.id, backupRuns.requestedById))
    .where(eq(backupRuns.status, 'succeeded'))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  return row ? named(row) : undefined;
}

/** The first run ever started (the overdue check's reference before any success). */
export async function firstRunStartedAt(db: Executor): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: backupRuns.startedAt })
    .from(backupRuns)
    .orderBy(backupRuns.startedAt)
    .limit(1);
  return row?.at;
}

/** Claims what must happen once (a night's run, an incident told): true for the one claimant. */
export async function claimOnce(tx: Executor, key: string): Promise<boolean> {
  const rows = await tx
    .insert(backupOnce)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: backupOnce.key });
  return rows.length > 0;
}
