import {
  TIME_TEXTS as T,
  can,
  nairobiToday,
  roundToUnits,
  timeValueKsh,
  type TimeEntry,
  type TimeEntryInput,
} from '@firm/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { timeEntries, type TimeEntryRow, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { auditTimeEntry } from './time-audit';
import { nowOf, type TimeDeps } from './time-deps';
import {
  activityNames,
  findCase,
  findEntry,
  listEntries,
  lockEntry,
  rateFor,
} from './time.repository';

/**
 * Time entries (ADR 050): each person records their own on the cases they may open; those with
 * time:manage see everyone's. An entry on a fee note is locked: 409 until the note is cancelled.
 */

export const entryNotFound = () => AppError.notFound(T.entryNotFound);
const caseNotFound = (field = 'caseId') =>
  AppError.badRequest(T.caseNotFound, { [field]: T.caseNotFound });

/** Whether `user` sees other people's time and expenses and bills them. */
export const seesEveryone = (user: UserRow) => can(user, 'time:manage');

export async function listTimeEntries(
  deps: TimeDeps,
  user: UserRow,
  query: { caseId?: string; userId?: string },
): Promise<{ entries: TimeEntry[] }> {
  assertCan(user, 'time:record');
  const userId = seesEveryone(user) ? query.userId : user.id;
  return { entries: await listEntries(deps.db, { caseId: query.caseId, userId }) };
}

/** The columns an entry's form sets: minutes rounded up to units, the value at the rate. */
async function entryColumns(tx: Executor, userId: string, input: TimeEntryInput) {
  if (!(await findCase(tx, input.caseId))) throw caseNotFound();
  if (!(await activityNames(tx)).includes(input.activity)) {
    throw AppError.badRequest(T.activityUnknown, { activity: T.activityUnknown });
  }
  const minutes = roundToUnits(input.minutes);
  const rateKsh = input.rateKsh ?? (await rateFor(tx, input.caseId, userId));
  return {
    caseId: input.caseId,
    workedOn: input.date,
    minutes,
    activity: input.activity,
    narrative: input.narrative,
    billable: input.billable,
    rateKsh,
    valueKsh: timeValueKsh(rateKsh, minutes),
  };
}

/** Files `user`'s entry inside `tx`, audited (the timer's stop files one this way too). */
export async function insertEntry(
  tx: Executor,
  user: UserRow,
  input: TimeEntryInput,
  meta: RequestMeta,
): Promise<string> {
  const [row] = await tx
    .insert(timeEntries)
    .values({ userId: user.id, ...(await entryColumns(tx, user.id, input)) })
    .returning();
  await auditTimeEntry(tx, user, 'time_entry.created', row!, meta);
  return row!.id;
}

export async function createTimeEntry(
  deps: TimeDeps,
  user: UserRow,
  input: TimeEntryInput,
  meta: RequestMeta,
): Promise<TimeEntry> {
  assertCan(user, 'time:record');
  const id = await deps.db.transaction((tx) => insertEntry(tx, user, input, meta));
  return (await findEntry(deps.db, id))!;
}

/** The entry `user` may change, locked: their own, or anyone's with time:manage; never billed. */
async function lockChangeable(tx: Executor, user: UserRow, id: string): Promise<TimeEntryRow> {
  const entry = await lockEntry(tx, id);
  if (!entry || (entry.userId !== user.id && !seesEveryone(user))) throw entryNotFound();
  if (entry.billedAt) throw AppError.conflict(T.billedLocked, 'CONFLICT');
  if (entry.feeNoteId) throw AppError.conflict(T.draftedLocked, 'CONFLICT');
  return entry;
}

export async function updateTimeEntry(
  deps: TimeDeps,
  user: UserRow,
  id: string,
  input: TimeEntryInput,
  meta: RequestMeta,
): Promise<TimeEntry> {
  assertCan(user, 'time:record');
  await deps.db.transaction(async (tx) => {
    const entry = await lockChangeable(tx, user, id);
    // The rate stays as recorded unless the form gives one, or the case moves.
    const keepRate = input.rateKsh === undefined && input.caseId === entry.caseId;
    const columns = await entryColumns(tx, entry.userId, {
      ...input,
      rateKsh: keepRate ? entry.rateKsh : input.rateKsh,
    });
    const [saved] = await tx
      .update(timeEntries)
      .set({ ...columns, updatedAt: nowOf(deps) })
      .where(eq(timeEntries.id, id))
      .returning();
    await auditTimeEntry(tx, user, 'time_entry.updated', saved!, meta);
  });
  return (await findEntry(deps.db, id))!;
}

export async function deleteTimeEntry(
  deps: TimeDeps,
  user: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  assertCan(user, 'time:record');
  await deps.db.transaction(async (tx) => {
    const entry = await lockChangeable(tx, user, id);
    await tx.delete(timeEntries).where(eq(timeEntries.id, id));
    await auditTimeEntry(tx, user, 'time_entry.deleted', entry, meta);
  });
}

/** Today in Nairobi: the day a stopped timer's entry is filed on. */
export const todayOf = (deps: TimeDeps) => nairobiToday(nowOf(deps));
