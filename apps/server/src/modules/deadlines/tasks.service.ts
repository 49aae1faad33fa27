import { can, isStaffAccount, nairobiToday, seesAsClient } from '@firm/shared';
import { shiftDays } from '@firm/shared/deadlines/day-count';
import { TASK_LIST_LIMIT } from '@firm/shared/deadlines/task-rules';
import type {
  ListTasksQuery,
  Task,
  TaskInput,
  TaskUpdate,
} from '@firm/shared/deadlines/task-schemas';
import { TASK_TEXTS as T } from '@firm/shared/deadlines/texts';
import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { tasks, type TaskRow, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit, type AuditAction } from '../audit/audit-log.repository';
import {
  assigneeIdsOf,
  findCaseForTask,
  listTaskRecords,
  lockTask,
  setAssignees,
  usersByIds,
  type TaskFilters,
  type TaskRecord,
} from './tasks.repository';

/**
 * Tasks and deadlines (ADR 051). Staff who may open case files (`cases:view`) see every task and,
 * with `tasks:manage`, add and change them; a task is assigned only to such staff. A client sees
 * the tasks marked for them on their own cases and nothing else (another's is not found), and
 * never a deadline. Days are Nairobi's.
 */

export const taskNotFound = () => AppError.notFound(T.taskNotFound);
const invalid = (field: string, message: string) =>
  AppError.badRequest(message, { [field]: message });

/** A task as `viewer` reads it. */
export function asTask(record: TaskRecord): Task {
  return {
    id: record.id,
    caseId: record.caseId,
    caseNumber: record.caseNumber,
    caseTitle: record.caseTitle,
    title: record.title,
    notes: record.notes,
    dueDate: record.dueDate,
    dueTime: record.dueTime,
    priority: record.priority,
    status: record.status,
    kind: record.kind,
    visibleToClient: record.visibleToClient,
    assignees: record.assignees,
    doneAt: record.doneAt ? record.doneAt.toISOString() : null,
    doneByName: record.doneByName,
    deadline:
      record.kind === 'deadline'
        ? {
            causeKind: record.causeKind ?? '',
            causeDate: record.causeDate ?? '',
            rule: record.rule ?? '',
            source: record.source ?? '',
          }
        : null,
    createdAt: record.createdAt.toISOString(),
  };
}

/** The Nairobi days a `due` filter covers: "week" is the seven days after today (dueBucketOf). */
function dueFilters(due: ListTasksQuery['due'], today: string): Partial<TaskFilters> {
  if (due === 'overdue') return { dueBefore: today, openOnly: true };
  if (due === 'today') return { dueOn: today, openOnly: true };
  if (due === 'week') return { dueAfter: today, dueUntil: shiftDays(today, 7), openOnly: true };
  return {};
}

/** GET /api/tasks */
export async function listTasks(
  db: Executor,
  user: UserRow,
  query: ListTasksQuery,
  now = new Date(),
): Promise<{ tasks: Task[] }> {
  const assigneeId = query.assignee === 'me' ? user.id : query.assignee;
  const records = await listTaskRecords(db, {
    ...(seesAsClient(user) ? { clientId: user.id } : {}),
    ...(query.caseId ? { caseId: query.caseId } : {}),
    ...(assigneeId ? { assigneeId } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...dueFilters(query.due, nairobiToday(now)),
    limit: TASK_LIST_LIMIT,
  });
  return { tasks: records.map(asTask) };
}

/** One task as `user` may read it, or undefined (a client: only one shared on their own case). */
export async function readTask(db: Executor, user: UserRow, id: string) {
  const [record] = await listTaskRecords(db, {
    id,
    ...(seesAsClient(user) ? { clientId: user.id } : {}),
    limit: 1,
  });
  return record;
}

/** GET /api/tasks/{id} */
export async function getTask(db: Executor, user: UserRow, id: string): Promise<Task> {
  const record = await readTask(db, user, id);
  if (!record) throw taskNotFound();
  return asTask(record);
}

/** Each assignee must be active staff who may open case files (advocates, admins with Open Files). */
export async function checkAssignees(db: Executor, ids: string[]) {
  const found = await usersByIds(db, ids);
  const allowed = found.filter((user) => isStaffAccount(user) && can(user, 'cases:view'));
  if (allowed.length !== ids.length) throw invalid('assigneeIds', T.assigneeCannotOpenCase);
}

/** The case a task is put on, checked; null for a task on no case. */
async function caseOf(db: Executor, input: Pick<TaskInput, 'caseId' | 'visibleToClient'>) {
  if (!input.caseId) {
    if (input.visibleToClient) throw invalid('visibleToClient', T.visibleNeedsCase);
    return null;
  }
  const found = await findCaseForTask(db, input.caseId);
  if (!found) throw invalid('caseId', T.caseNotFound);
  return found;
}

type CaseRef = Awaited<ReturnType<typeof findCaseForTask>> | null;

/** The audit row names the task by its title and its case, and the case's client. */
export async function auditTask(
  tx: Executor,
  actor: UserRow,
  action: Extract<AuditAction, `task.${string}`>,
  task: Pick<TaskRow, 'id' | 'title'>,
  theCase: CaseRef,
  meta: RequestMeta,
  details: Record<string, unknown> = {},
) {
  await writeAudit(tx, {
    actorId: actor.id,
    action,
    targetUserId: theCase?.clientId ?? null,
    ip: meta.ip,
    details: {
      taskId: task.id,
      title: task.title,
      ...(theCase ? { caseId: theCase.id, caseNumber: theCase.caseNumber } : {}),
      ...details,
    },
  });
}

const columnsOf = (input: TaskInput) => ({
  caseId: input.caseId,
  title: input.title,
  notes: input.notes,
  dueDate: input.dueDate,
  dueTime: input.dueTime,
  priority: input.priority,
  visibleToClient: input.visibleToClient,
});

/** POST /api/tasks */
export async function createTask(
  db: Db,
  user: UserRow,
  input: TaskInput,
  meta: RequestMeta,
): Promise<Task> {
  const id = await db.transaction(async (tx) => {
    const theCase = await caseOf(tx, input);
    await checkAssignees(tx, input.assigneeIds);
    const [row] = await tx
      .insert(tasks)
      .values({ ...columnsOf(input), createdById: user.id })
      .returning();
    await setAssignees(tx, row!.id, input.assigneeIds);
    await auditTask(tx, user, 'task.created', row!, theCase, meta, {
      dueDate: input.dueDate,
      assigneeIds: input.assigneeIds,
      visibleToClient: input.visibleToClient,
    });
    return row!.id;
  });
  return getTask(db, user, id);
}

/** PUT /api/tasks/{id}: the whole task again; a deadline stays on its case and off the client's. */
export async function updateTask(
  db: Db,
  user: UserRow,
  id: string,
  input: TaskUpdate,
  meta: RequestMeta,
  now = new Date(),
): Promise<Task> {
  await db.transaction(async (tx) => {
    const before = await lockTask(tx, id);
    if (!before) throw taskNotFound();
    if (before.kind === 'deadline') {
      if (input.visibleToClient) throw invalid('visibleToClient', T.deadlineNeverVisible);
      if (input.caseId !== before.caseId) throw invalid('caseId', T.deadlineCaseFixed);
    }
    const theCase = await caseOf(tx, input);
    await checkAssignees(tx, input.assigneeIds);
    const assigneesBefore = await assigneeIdsOf(tx, id);
    const columns = { ...columnsOf(input), status: input.status };
    const changed: string[] = (Object.keys(columns) as (keyof typeof columns)[]).filter(
      (key) => columns[key] !== before[key],
    );
    if ([...input.assigneeIds].sort().join() !== assigneesBefore.join()) {
      changed.push('assigneeIds');
    }
    const done = input.status === 'done';
    await tx
      .update(tasks)
      .set({
        ...columns,
        // Done keeps who first marked it and when; reopening clears both.
        doneAt: done ? (before.doneAt ?? now) : null,
        doneById: done ? (before.doneAt ? before.doneById : user.id) : null,
        updatedAt: now,
      })
      .where(eq(tasks.id, id));
    await setAssignees(tx, id, input.assigneeIds);
    await auditTask(tx, user, 'task.updated', { id, title: input.title }, theCase, meta, {
      changed,
      ...(changed.includes('status') ? { status: input.status, from: before.status } : {}),
    });
  });
  return getTask(db, user, id);
}

/** DELETE /api/tasks/{id} */
export async function deleteTask(db: Db, user: UserRow, id: string, meta: RequestMeta) {
  await db.transaction(async (tx) => {
    const before = await lockTask(tx, id);
    if (!before) throw taskNotFound();
    const theCase = before.caseId ? await findCaseForTask(tx, before.caseId) : null;
    await tx.delete(tasks).where(eq(tasks.id, id));
    await auditTask(tx, user, 'task.deleted', before, theCase ?? null, meta, {
      kind: before.kind,
      dueDate: before.dueDate,
    });
  });
  return { success: true as const, message: T.deleted };
}
