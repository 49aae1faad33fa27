import { successMessageSchema } from '../auth/schemas';
import { defineContract } from '../common/contract';
import { DEADLINES_ENDPOINTS } from './endpoints';
import { limitationPeriodsInputSchema, limitationPeriodsSchema } from './schemas';
import {
  caseParamsSchema,
  firmHolidayInputSchema,
  firmHolidayListSchema,
  firmHolidayParamsSchema,
  firmHolidaySchema,
  limitationInputSchema,
  limitationResultSchema,
  listTasksQuerySchema,
  taskInputSchema,
  taskListSchema,
  taskParamsSchema,
  taskSchema,
  taskUpdateSchema,
} from './task-schemas';

/** Deadlines: each endpoint's params, query, body and answer (ADR 044). */
export const deadlinesContract = defineContract(DEADLINES_ENDPOINTS, {
  listLimitationPeriods: {
    summary: 'The firm’s table of limitation periods, each with the section it comes from',
    response: limitationPeriodsSchema,
  },
  saveLimitationPeriods: {
    summary: 'Replace the table of limitation periods (advocates); audited with what changed',
    body: limitationPeriodsInputSchema,
    response: limitationPeriodsSchema,
  },
  listTasks: {
    summary:
      'Tasks and deadlines the caller may see, soonest due first; `assignee=me`, `due` in Nairobi days',
    query: listTasksQuerySchema,
    response: taskListSchema,
  },
  createTask: {
    summary: 'Add a task, on a case or not, assigned to staff who may open the case',
    body: taskInputSchema,
    response: taskSchema,
    status: 201,
  },
  getTask: {
    summary: 'One task (a client: only one shared on their own case)',
    params: taskParamsSchema,
    response: taskSchema,
  },
  updateTask: {
    summary: 'Change a task or deadline, its status and who it is assigned to',
    params: taskParamsSchema,
    body: taskUpdateSchema,
    response: taskSchema,
  },
  deleteTask: {
    summary: 'Remove a task or deadline',
    params: taskParamsSchema,
    response: successMessageSchema,
  },
  computeLimitation: {
    summary:
      'Work out the last day to file from the firm’s limitation periods and add it as a deadline for the case’s advocate',
    params: caseParamsSchema,
    body: limitationInputSchema,
    response: limitationResultSchema,
  },
  listHolidays: {
    summary: 'The public holidays the firm added, gazetted at short notice',
    response: firmHolidayListSchema,
  },
  addHoliday: {
    summary: 'Add a gazetted public holiday the holiday calendar does not yet know (staff)',
    body: firmHolidayInputSchema,
    response: firmHolidaySchema,
    status: 201,
  },
  removeHoliday: {
    summary: 'Remove a public holiday the firm added (advocates)',
    params: firmHolidayParamsSchema,
    response: successMessageSchema,
  },
});

export type DeadlinesContract = typeof deadlinesContract;
