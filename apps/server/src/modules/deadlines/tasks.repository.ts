import { aliasedTable, and, asc, eq, gt, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { OPEN_TASK_STATUSES, type TaskStatus } from '@firm/shared/deadlines/task-rules';
import type { Executor } from '../../db/client';
import { cases, taskAssignees, tasks, users, type TaskRow, type UserRow } from '../../db/schema';

const doneBy = aliasedTable(users, 'done_by');

/** A task row with its case's number, title and client, and who marked it done. */
export interface TaskRecord extends TaskRow {
  caseNumber: string | null;
  caseTitle: string | null;
  clientId: string | null;
  doneByName: string | null;
  assignees: { id: string; name: string }[];
}

export interface TaskFilters {
  /** A client: only tasks shared on their own cases (the scope is in the WHERE clause). */
  clientId?: string;
  caseId?: string;
  assigneeId?: string;
  /** Nairobi days: due before `dueBefore`, on `dueOn`, or after `dueAfter` up to `dueUntil`. */
  dueBefore?: string;
  dueOn?: string;
  dueAfter?: string;
  dueUntil?: string;
  /** Only tasks still to be done. */
  openOnly?: boolean;
  status?: TaskStatus;
  id?: string;
  limit: number;
}

/** Tasks matching `filters`, soonest due first (a time of day before "some time that day"). */
export async function listTaskRecords(db: Executor, filters: TaskFilters): Promise<TaskRecord[]> {
  const where: (SQL | undefined)[] = [
    filters.id ? eq(tasks.id, filters.id) : undefined,
    filters.clientId
      ? and(
          eq(cases.clientId, filters.clientId),
          eq(tasks.visibleToClient, true),
          eq(tasks.kind, 'task'),
        )
      : undefined,
    filters.caseId ? eq(tasks.caseId, filters.caseId) : undefined,
    filters.assigneeId
      ? inArray(
          tasks.id,
          db
            .select({ id: taskAssignees.taskId })
            .from(taskAssignees)
            .where(eq(taskAssignees.userId, filters.assigneeId)),
        )
      : undefined,
    filters.dueBefore ? lt(tasks.dueDate, filters.dueBefore) : undefined,
    filters.dueOn ? eq(tasks.dueDate, filters.dueOn) : undefined,
    filters.dueAfter ? gt(tasks.dueDate, filters.dueAfter) : undefined,
    filters.dueUntil ? lte(tasks.dueDate, filters.dueUntil) : undefined,
    filters.openOnly ? inArray(tasks.status, [...OPEN_TASK_STATUSES]) : undefined,
    filters.status ? eq(tasks.status, filters.status) : undefined,
  ];
  const rows = await db
    .select({
      task: tasks,
      caseNumber: cases.caseNumber,
      caseTitle: cases.title,
      clientId: cases.clientId,
      doneByName: sql<string | null>`${doneBy.firstName} || ' ' || ${doneBy.lastName}`,
    })
    .from(tasks)
    .leftJoin(cases, eq(cases.id, tasks.caseId))
    .leftJoin(doneBy, eq(doneBy.id, tasks.doneById))
    .where(and(...where))
    .orderBy(
      asc(tasks.dueDate),
      sql`${tasks.dueTime} asc nulls last`,
      asc(tasks.createdAt),
      asc(tasks.id),
    )
    .limit(filters.limit);
  const assignees = await assigneesOf(
    db,
    rows.map((row) => row.task.id),
  );
  return rows.map((row) => ({
    ...row.task,
    caseNumber: row.caseNumber,
    caseTitle: row.caseTitle,
    clientId: row.clientId,
    doneByName: row.doneByName,
    assignees: assignees.get(row.task.id) ?? [],
  }));
}

async function assigneesOf(db: Executor, taskIds: string[]) {
  const byTask = new Map<string, { id: string; name: string }[]>();
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .select({
      taskId: taskAssignees.taskId,
      id: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(taskAssignees)
    .innerJoin(users, eq(users.id, taskAssignees.userId))
    .where(inArray(taskAssignees.taskId, taskIds))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  for (const row of rows) {
    const list = byTask.get(row.taskId) ?? [];
    list.push({ id: row.id, name: row.name });
    byTask.set(row.taskId, list);
  }
  return byTask;
}

/** The task, locked for a change in `tx`. */
export async function lockTask(tx: Executor, id: string): Promise<TaskRow | undefined> {
  const [row] = await tx.select().from(tasks).where(eq(tasks.id, id)).for('update');
  return row;
}

export async function assigneeIdsOf(db: Executor, taskId: string): Promise<string[]> {
  const rows = await db
    .select({ id: taskAssignees.userId })
    .from(taskAssignees)
    .where(eq(taskAssignees.taskId, taskId))
    .orderBy(asc(taskAssignees.userId));
  return rows.map((row) => row.id);
}

/** Replaces who a task is assigned to. */
export async function setAssignees(tx: Executor, taskId: string, userIds: string[]) {
  await tx.delete(taskAssignees).where(eq(taskAssignees.taskId, taskId));
  if (userIds.length > 0) {
    await tx.insert(taskAssignees).values(userIds.map((userId) => ({ taskId, userId })));
  }
}

/** The case a task is on (its number and client, for the audit row and the client's scope). */
export async function findCaseForTask(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: cases.id,
      caseNumber: cases.caseNumber,
      clientId: cases.clientId,
      assigneeId: cases.assigneeId,
    })
    .from(cases)
    .where(eq(cases.id, id));
  return row;
}

/** The accounts named, to check each may open case files. */
export async function usersByIds(db: Executor, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}
