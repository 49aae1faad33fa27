import {
  TIME_TEXTS as T,
  isStaffAccount,
  type FeeArrangement,
  type FeeArrangementInput,
} from '@firm/shared';
import { asc, eq, ne } from 'drizzle-orm';
import { caseFeeArrangements, timeRates, users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import { nowOf, type TimeDeps } from './time-deps';
import { activityNames, findCase } from './time.repository';

/**
 * The rates and lists time is valued by (ADR 050): each person's default hourly rate, a case's
 * fee arrangement (its agreed rate overrides the person's), and the activities list.
 */

export async function listActivities(deps: TimeDeps, user: UserRow) {
  assertCan(user, 'time:record');
  return { activities: await activityNames(deps.db) };
}

export async function listRates(deps: TimeDeps, user: UserRow) {
  assertCan(user, 'time:manage');
  const rows = await deps.db
    .select({
      userId: users.id,
      name: users.firstName,
      lastName: users.lastName,
      role: users.role,
      hourlyRateKsh: timeRates.hourlyRateKsh,
    })
    .from(users)
    .leftJoin(timeRates, eq(timeRates.userId, users.id))
    .where(ne(users.role, 'client'))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return {
    rates: rows.map((row) => ({
      userId: row.userId,
      name: `${row.name} ${row.lastName}`,
      role: row.role,
      hourlyRateKsh: row.hourlyRateKsh,
    })),
  };
}

export async function setRate(deps: TimeDeps, user: UserRow, userId: string, rate: number) {
  assertCan(user, 'time:manage');
  const [person] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!person || !isStaffAccount(person)) throw AppError.notFound(T.entryNotFound);
  await deps.db
    .insert(timeRates)
    .values({ userId, hourlyRateKsh: rate })
    .onConflictDoUpdate({
      target: timeRates.userId,
      set: { hourlyRateKsh: rate, updatedAt: nowOf(deps) },
    });
  return {
    userId,
    name: `${person.firstName} ${person.lastName}`,
    role: person.role,
    hourlyRateKsh: rate,
  };
}

const caseNotFound = () => AppError.notFound(T.caseNotFound);

export async function getFeeArrangement(
  deps: TimeDeps,
  user: UserRow,
  caseId: string,
): Promise<{ arrangement: FeeArrangement | null }> {
  assertCan(user, 'time:record');
  if (!(await findCase(deps.db, caseId))) throw caseNotFound();
  const [row] = await deps.db
    .select()
    .from(caseFeeArrangements)
    .where(eq(caseFeeArrangements.caseId, caseId));
  return { arrangement: row ? arrangementView(row) : null };
}

const arrangementView = (row: typeof caseFeeArrangements.$inferSelect): FeeArrangement => ({
  caseId: row.caseId,
  kind: row.kind,
  agreedOn: row.agreedOn,
  hourlyRateKsh: row.hourlyRateKsh,
  fixedFeeKsh: row.fixedFeeKsh,
  stages: row.stages,
});

/** Recorded by those who bill (time:manage); entries already made keep the rate they had. */
export async function setFeeArrangement(
  deps: TimeDeps,
  user: UserRow,
  caseId: string,
  input: FeeArrangementInput,
): Promise<{ arrangement: FeeArrangement }> {
  assertCan(user, 'time:manage');
  if (!(await findCase(deps.db, caseId))) throw caseNotFound();
  const hourly = input.kind === 'hourly';
  const values = {
    kind: input.kind,
    agreedOn: input.agreedOn,
    hourlyRateKsh: input.hourlyRateKsh ?? null,
    fixedFeeKsh: hourly ? null : (input.fixedFeeKsh ?? null),
    stages: input.kind === 'stages' ? (input.stages ?? null) : null,
  };
  const [row] = await deps.db
    .insert(caseFeeArrangements)
    .values({ caseId, ...values })
    .onConflictDoUpdate({
      target: caseFeeArrangements.caseId,
      set: { ...values, updatedAt: nowOf(deps) },
    })
    .returning();
  return { arrangement: arrangementView(row!) };
}
