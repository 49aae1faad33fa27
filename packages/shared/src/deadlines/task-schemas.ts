import { z } from 'zod';
import { isCalendarDay } from '../common/calendar-days';
import { boundedDay } from '../common/date-fields';
import { requiredText, textRule, uuidField } from '../common/fields';
import { emptyAsUndefined, queryEnum } from '../common/list-query';
import { VALIDATION } from '../common/texts';
import {
  TASK_ASSIGNEES_MAX,
  TASK_DUE_FILTERS,
  TASK_KINDS,
  TASK_NOTES_MAX,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TITLE_MAX,
} from './task-rules';
import { HOLIDAY_TEXTS as H, TASK_TEXTS as T } from './texts';

/** A task as its reader sees it (ADR 051); a client reads only those shared on their own cases. */
export const taskSchema = z.object({
  id: z.string(),
  caseId: z.string().nullable(),
  caseNumber: z.string().nullable(),
  caseTitle: z.string().nullable(),
  title: z.string(),
  notes: z.string(),
  dueDate: z.string(),
  dueTime: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  kind: z.enum(TASK_KINDS),
  visibleToClient: z.boolean(),
  assignees: z.array(z.object({ id: z.string(), name: z.string() })),
  doneAt: z.string().nullable(),
  doneByName: z.string().nullable(),
  /** How a deadline's day was worked out; null on an ordinary task. */
  deadline: z
    .object({ causeKind: z.string(), causeDate: z.string(), rule: z.string(), source: z.string() })
    .nullable(),
  createdAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskListSchema = z.object({ tasks: z.array(taskSchema) });
export type TaskList = z.infer<typeof taskListSchema>;

/** GET /api/tasks: every filter optional; `due` in Nairobi days, open tasks only. */
export const listTasksQuerySchema = z.object({
  caseId: z.preprocess(emptyAsUndefined, uuidField(T.caseNotFound).optional()),
  /** `me`, or a member of staff's id. */
  assignee: z.preprocess(
    emptyAsUndefined,
    z
      .string({ error: T.assigneeFilterInvalid })
      .regex(/^(me|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, {
        error: T.assigneeFilterInvalid,
      })
      .optional(),
  ),
  due: z.preprocess(
    emptyAsUndefined,
    z.enum(TASK_DUE_FILTERS, { error: T.dueFilterInvalid }).optional(),
  ),
  status: queryEnum(TASK_STATUSES, 'Status'),
});
export type ListTasksQuery = z.output<typeof listTasksQuerySchema>;

const assigneeIds = z
  .array(uuidField(T.assigneeCannotOpenCase), { error: T.assigneesRequired })
  .min(1, { error: T.assigneesRequired })
  .max(TASK_ASSIGNEES_MAX, { error: T.assigneesRequired })
  .refine((ids) => new Set(ids).size === ids.length, { error: T.assigneesRepeated });

/** POST /api/tasks. */
export const taskInputSchema = z.object({
  caseId: uuidField(T.caseNotFound).nullable().default(null),
  title: requiredText(T.titleRequired, TASK_TITLE_MAX),
  notes: z
    .string()
    .trim()
    .max(TASK_NOTES_MAX, { error: VALIDATION.tooLong(TASK_NOTES_MAX) })
    .superRefine(textRule('multiline'))
    .default(''),
  dueDate: boundedDay(T.dueDateRequired),
  dueTime: z
    .string({ error: T.dueTimeInvalid })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: T.dueTimeInvalid })
    .nullable()
    .default(null),
  assigneeIds,
  priority: z.enum(TASK_PRIORITIES, { error: T.priorityRequired }).default('medium'),
  visibleToClient: z.boolean({ error: T.visibleNeedsCase }).default(false),
});
export type TaskInput = z.output<typeof taskInputSchema>;

/** PUT /api/tasks/{id}: the whole task again, with its status. */
export const taskUpdateSchema = taskInputSchema.extend({
  status: z.enum(TASK_STATUSES, { error: T.statusRequired }),
});
export type TaskUpdate = z.output<typeof taskUpdateSchema>;

export const taskParamsSchema = z.object({ id: uuidField(T.taskNotFound) });

/** POST /api/cases/{id}/limitation. */
export const limitationInputSchema = z.object({
  causeKind: z
    .string({ error: T.causeKindUnknown })
    .regex(/^[a-z][a-z0-9_]{0,39}$/, { error: T.causeKindUnknown }),
  causeDate: boundedDay(T.causeDateRequired),
});
export type LimitationInput = z.output<typeof limitationInputSchema>;

export const caseParamsSchema = z.object({ id: uuidField(T.caseNotFound) });

/** The last day, how it was worked out, and the deadline created for the case's advocate. */
export const limitationResultSchema = z.object({
  lastDay: z.string(),
  rule: z.string(),
  source: z.string(),
  notice: z.string().nullable(),
  guidance: z.string(),
  task: taskSchema,
});
export type LimitationResult = z.infer<typeof limitationResultSchema>;

/** One public holiday the firm added. */
export const firmHolidaySchema = z.object({
  day: z.string(),
  name: z.string(),
  addedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type FirmHoliday = z.infer<typeof firmHolidaySchema>;
export const firmHolidayListSchema = z.object({ holidays: z.array(firmHolidaySchema) });

/** POST /api/settings/holidays. */
export const firmHolidayInputSchema = z.object({
  day: boundedDay(H.dayRequired),
  name: requiredText(H.nameRequired, 120),
});
export type FirmHolidayInput = z.output<typeof firmHolidayInputSchema>;

export const firmHolidayParamsSchema = z.object({
  day: z.string().refine(isCalendarDay, { error: H.notFound }),
});
