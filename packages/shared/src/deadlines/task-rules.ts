// Plain values: the server's schema, the screens and the zod schemas read the same lists (ADR 051).
import { CASE_PRIORITIES } from '../cases/rules';

/** A task's life: to do, in progress, then done or cancelled (either may be reopened). */
export const TASK_STATUSES = ['to_do', 'in_progress', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The statuses of a task still to be done: the ones "My work" lists as overdue, today, this week. */
export const OPEN_TASK_STATUSES = ['to_do', 'in_progress'] as const satisfies readonly TaskStatus[];

/** The same four priorities a case has. */
export const TASK_PRIORITIES = CASE_PRIORITIES;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** A deadline is a task of kind `deadline`: it keeps how its day was worked out (ADR 051). */
export const TASK_KINDS = ['task', 'deadline'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** "My work"'s groups of due days, in Nairobi days (day-count.ts `dueBucketOf`). */
export const TASK_DUE_FILTERS = ['overdue', 'today', 'week'] as const;
export type TaskDueFilter = (typeof TASK_DUE_FILTERS)[number];

export const TASK_TITLE_MAX = 200;
export const TASK_NOTES_MAX = 4000;
/** More would be a meeting, not a task. */
export const TASK_ASSIGNEES_MAX = 20;
/** At most this many tasks in one answer. */
export const TASK_LIST_LIMIT = 500;
