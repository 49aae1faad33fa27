import { CASE_MESSAGES, can, nairobiToday } from '@firm/shared';
import { limitationLastDay } from '@firm/shared/deadlines/limitation-periods';
import type { LimitationInput, LimitationResult } from '@firm/shared/deadlines/task-schemas';
import { LIMITATION_TEXTS, TASK_TEXTS as T } from '@firm/shared/deadlines/texts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { limitationPeriods, tasks, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/route-kit';
import { holidayCheck } from './firm-holidays.repository';
import { findCaseForTask, setAssignees, usersByIds } from './tasks.repository';
import { auditTask, getTask } from './tasks.service';

const invalid = (field: string, message: string) =>
  AppError.badRequest(message, { [field]: message });

/**
 * POST /api/cases/{id}/limitation (ADR 051): the last day to file, counted by s.57 from the firm's
 * table and the public holidays (the library's and the firm's), added as a deadline for the case's
 * advocate; with no one assigned to the case (or one who may no longer open it), for the caller.
 * The answer is guidance the advocate confirms; the deadline is never the client's to see.
 */
export async function computeLimitation(
  db: Db,
  user: UserRow,
  caseId: string,
  input: LimitationInput,
  meta: RequestMeta,
  now = new Date(),
): Promise<LimitationResult> {
  const theCase = await findCaseForTask(db, caseId);
  if (!theCase) throw AppError.notFound(CASE_MESSAGES.caseNotFound, 'CASE_NOT_FOUND');
  const [period] = await db
    .select()
    .from(limitationPeriods)
    .where(eq(limitationPeriods.kind, input.causeKind));
  if (!period) throw invalid('causeKind', T.causeKindUnknown);
  if (input.causeDate > nairobiToday(now)) throw invalid('causeDate', T.causeDateFuture);

  const answer = limitationLastDay(
    { ...period, unit: period.unit as 'days' | 'months' | 'years' },
    input.causeDate,
    await holidayCheck(db),
  );
  const [advocate] = theCase.assigneeId ? await usersByIds(db, [theCase.assigneeId]) : [];
  const assigneeId = advocate && can(advocate, 'cases:view') ? advocate.id : user.id;

  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tasks)
      .values({
        caseId,
        title: T.deadlineTitle(period.label),
        notes: answer.notice ?? '',
        dueDate: answer.lastDay,
        priority: 'urgent',
        kind: 'deadline',
        visibleToClient: false,
        causeKind: period.kind,
        causeDate: input.causeDate,
        rule: answer.rule,
        source: answer.source,
        createdById: user.id,
      })
      .returning();
    await setAssignees(tx, row!.id, [assigneeId]);
    await auditTask(tx, user, 'task.deadline_added', row!, theCase, meta, {
      causeKind: period.kind,
      causeDate: input.causeDate,
      lastDay: answer.lastDay,
      assigneeIds: [assigneeId],
    });
    return row!.id;
  });
  return {
    ...answer,
    guidance: LIMITATION_TEXTS.guidance,
    task: await getTask(db, user, id),
  };
}
