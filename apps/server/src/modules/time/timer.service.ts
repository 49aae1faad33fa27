import {
  DEFAULT_TIME_ACTIVITIES,
  TIME_ENTRY_MAX_MINUTES,
  TIME_TEXTS as T,
  type TimerActionValues,
  type TimerAnswer,
} from '@firm/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cases, timers, type TimerRow, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { nowOf, type TimeDeps } from './time-deps';
import { insertEntry, todayOf } from './time-entries.service';
import { findCase, findEntry } from './time.repository';

/**
 * A person's one timer (ADR 050), kept on the server: a reload, a second tab or a phone that
 * slept asks GET /api/timer and finds it. The row's key is the person, so two tabs starting at
 * once make one timer and the second is told it runs (409).
 */

const secondsBetween = (from: Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

function elapsedOf(timer: TimerRow, now: Date): number {
  return timer.elapsedSeconds + (timer.runningSince ? secondsBetween(timer.runningSince, now) : 0);
}

async function answerOf(
  db: Executor,
  timer: TimerRow | undefined,
  now: Date,
): Promise<TimerAnswer> {
  if (!timer) return { timer: null };
  const [row] = await db
    .select({ caseNumber: cases.caseNumber })
    .from(cases)
    .where(eq(cases.id, timer.caseId));
  return {
    timer: {
      caseId: timer.caseId,
      caseNumber: row?.caseNumber ?? '',
      startedAt: timer.startedAt.toISOString(),
      runningSince: timer.runningSince?.toISOString() ?? null,
      elapsedSeconds: elapsedOf(timer, now),
      paused: timer.runningSince === null,
    },
  };
}

async function lockTimer(tx: Executor, userId: string): Promise<TimerRow | undefined> {
  const [row] = await tx.select().from(timers).where(eq(timers.userId, userId)).for('update');
  return row;
}

export async function readTimer(deps: TimeDeps, user: UserRow): Promise<TimerAnswer> {
  assertCan(user, 'time:record');
  const [row] = await deps.db.select().from(timers).where(eq(timers.userId, user.id));
  return answerOf(deps.db, row, nowOf(deps));
}

export async function actOnTimer(
  deps: TimeDeps,
  user: UserRow,
  body: TimerActionValues,
  meta: RequestMeta,
): Promise<TimerAnswer> {
  assertCan(user, 'time:record');
  const now = nowOf(deps);
  if (body.action === 'start') {
    if (!(await findCase(deps.db, body.caseId))) {
      throw AppError.badRequest(T.caseNotFound, { caseId: T.caseNotFound });
    }
    // The primary key decides between two tabs: one insert wins, the other finds it there.
    const [started] = await deps.db
      .insert(timers)
      .values({ userId: user.id, caseId: body.caseId, runningSince: now, startedAt: now })
      .onConflictDoNothing({ target: timers.userId })
      .returning();
    if (!started) throw AppError.conflict(T.timerRunning, 'CONFLICT');
    return answerOf(deps.db, started, now);
  }
  let entryId: string | undefined;
  const answer = await deps.db.transaction(async (tx) => {
    const timer = await lockTimer(tx, user.id);
    if (!timer) throw AppError.conflict(T.noTimer, 'CONFLICT');
    if (body.action === 'pause') {
      if (!timer.runningSince) throw AppError.conflict(T.timerPaused, 'CONFLICT');
      const [paused] = await tx
        .update(timers)
        .set({ runningSince: null, elapsedSeconds: elapsedOf(timer, now) })
        .where(eq(timers.userId, user.id))
        .returning();
      return answerOf(tx, paused, now);
    }
    if (body.action === 'resume') {
      if (timer.runningSince) throw AppError.conflict(T.timerNotPaused, 'CONFLICT');
      const [resumed] = await tx
        .update(timers)
        .set({ runningSince: now })
        .where(eq(timers.userId, user.id))
        .returning();
      return answerOf(tx, resumed, now);
    }
    // Stop: the time so far, rounded up to 6-minute units, filed as an entry on the timer's case.
    const minutes = Math.min(TIME_ENTRY_MAX_MINUTES, Math.ceil(elapsedOf(timer, now) / 60));
    entryId = await insertEntry(
      tx,
      user,
      {
        caseId: timer.caseId,
        date: todayOf(deps),
        minutes: Math.max(1, minutes),
        activity: body.activity ?? DEFAULT_TIME_ACTIVITIES[0],
        narrative: body.narrative ?? T.timerNarrative,
        billable: body.billable,
      },
      meta,
    );
    await tx.delete(timers).where(eq(timers.userId, user.id));
    return { timer: null } satisfies TimerAnswer;
  });
  if (!entryId) return answer;
  return { timer: null, entry: (await findEntry(deps.db, entryId))! };
}

export async function discardTimer(deps: TimeDeps, user: UserRow): Promise<TimerAnswer> {
  assertCan(user, 'time:record');
  const gone = await deps.db.delete(timers).where(eq(timers.userId, user.id)).returning();
  if (gone.length === 0) throw AppError.conflict(T.noTimer, 'CONFLICT');
  return { timer: null };
}
