import { sql } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * Every PostgreSQL advisory lock of the app, in one place so that no two share an id. Each
 * serialises one thing that several server processes sharing a database must do one at a time.
 */
export const ADVISORY_LOCKS = {
  /** Migrations at start-up (session-level, db/client.ts). */
  migrations: 7_204_311,
  /** Advocate registration: only one can be the first. */
  registration: 7_204_312,
  /** Changes that can take an advocate out of service (deactivate, delete). */
  advocateGuard: 7_204_313,
  /** The retention purge: the second process finds nothing left. */
  retentionPurge: 7_204_314,
  /** One advocate's diary (with the advocate's id as the second key): bookings into it queue. */
  advocateDiary: 7_204_315,
  /**
   * Visitor bookings, firm-wide: the caps per email, per phone and per day are counted and kept
   * one booking at a time (ADR 022).
   */
  visitorBookings: 7_204_341,
  /** One client's appointments (the client's id as the second key): no two overlap. */
  clientDiary: 7_204_342,
  // 7_204_343 was the job queue's queue creation, which pg-boss 12 serialises itself (ADR 042).
  /**
   * Starting the job queue (lib/job-queue.ts, session-level): its first start makes its tables,
   * which two processes doing at once would race on.
   */
  jobQueueStart: 7_204_344,
  /**
   * One client's M-Pesa deposits (the client's id as the second key): the one-push-at-a-time and
   * per-day limits are counted and kept one push at a time (ADR 045).
   */
  clientMpesaDeposits: 7_204_345,
} as const;
export type AdvisoryLock = keyof typeof ADVISORY_LOCKS;

/** Takes `lock` until the end of the transaction `tx`. */
export async function lockForTransaction(tx: Executor, lock: AdvisoryLock): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS[lock]})`);
}

/**
 * Takes `lock` for one record (`key`, e.g. an advocate's id) until the end of the transaction:
 * PostgreSQL's two-key form, the record's id hashed into the second key. Two records may share a
 * hash; that only makes them queue behind each other now and then.
 */
export async function lockRecordForTransaction(
  tx: Executor,
  lock: AdvisoryLock,
  key: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS[lock]}, hashtext(${key}))`);
}
