import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { limitationPeriods, type LimitationPeriodRow } from '../../db/schema';
import type { LimitationPeriodsInput } from '@firm/shared/deadlines/schemas';

/** The table in the order System Settings shows it. */
export async function listLimitationPeriods(db: Executor): Promise<LimitationPeriodRow[]> {
  return db
    .select()
    .from(limitationPeriods)
    .orderBy(asc(limitationPeriods.position), asc(limitationPeriods.kind));
}

/**
 * Replaces the table in one transaction: the rows are locked first, so two advocates saving take
 * turns and the second's list is the one kept whole (never a mix of both).
 */
export async function replaceLimitationPeriods(
  tx: Executor,
  input: LimitationPeriodsInput,
  updatedById: string,
): Promise<LimitationPeriodRow[]> {
  await tx.execute(sql`lock table ${limitationPeriods} in share row exclusive mode`);
  const before = await listLimitationPeriods(tx);
  await tx.delete(limitationPeriods);
  await tx.insert(limitationPeriods).values(
    input.periods.map((period, index) => ({
      ...period,
      notice: period.notice || null,
      position: index + 1,
      updatedById,
      updatedAt: new Date(),
    })),
  );
  return before;
}
