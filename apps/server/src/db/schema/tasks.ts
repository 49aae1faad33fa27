import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TaskKind, TaskPriority, TaskStatus } from '@firm/shared/deadlines/task-rules';
import { cases } from './cases';
import { users } from './users';

/**
 * Tasks and deadlines (ADR 051, migration 0050): a deadline is a task of kind `deadline` that keeps
 * how it was worked out (cause kind and date, rule, source) and is never the client's to see.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid().primaryKey().defaultRandom(),
    caseId: uuid().references(() => cases.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    notes: text().notNull().default(''),
    dueDate: date({ mode: 'string' }).notNull(),
    /** Nairobi wall-clock time, HH:MM, or none: due some time that day. */
    dueTime: text(),
    priority: text().$type<TaskPriority>().notNull().default('medium'),
    status: text().$type<TaskStatus>().notNull().default('to_do'),
    doneById: uuid().references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp({ withTimezone: true }),
    kind: text().$type<TaskKind>().notNull().default('task'),
    visibleToClient: boolean().notNull().default(false),
    causeKind: text(),
    causeDate: date({ mode: 'string' }),
    rule: text(),
    source: text(),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tasks_case_idx').on(table.caseId),
    index('tasks_due_idx').on(table.dueDate),
    check('tasks_title_check', sql`length(btrim(${table.title})) between 1 and 200`),
    check(
      'tasks_due_time_check',
      sql`${table.dueTime} is null or ${table.dueTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    check('tasks_priority_check', sql`${table.priority} in ('low', 'medium', 'high', 'urgent')`),
    check(
      'tasks_status_check',
      sql`${table.status} in ('to_do', 'in_progress', 'done', 'cancelled')`,
    ),
    check('tasks_done_check', sql`(${table.status} = 'done') = (${table.doneAt} is not null)`),
    check('tasks_kind_check', sql`${table.kind} in ('task', 'deadline')`),
    check(
      'tasks_client_case_check',
      sql`not ${table.visibleToClient} or ${table.caseId} is not null`,
    ),
    check(
      'tasks_deadline_check',
      sql`(${table.kind} = 'deadline') = (${table.causeKind} is not null and ${table.causeDate} is not null and ${table.rule} is not null and ${table.source} is not null)`,
    ),
    check(
      'tasks_deadline_private_check',
      sql`${table.kind} = 'task' or (not ${table.visibleToClient} and ${table.caseId} is not null)`,
    ),
  ],
);

export type TaskRow = typeof tasks.$inferSelect;

/** Who a task is assigned to: staff who may open its case (checked by the service). */
export const taskAssignees = pgTable(
  'task_assignees',
  {
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.userId] }),
    index('task_assignees_user_idx').on(table.userId),
  ],
);
