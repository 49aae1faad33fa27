import { CASE_MESSAGES, PROFILE_MESSAGES, isClientAccount } from '@firm/shared';
import type { Task, TaskList } from '@firm/shared/deadlines/task-schemas';
import { HOLIDAY_TEXTS, TASK_TEXTS } from '@firm/shared/deadlines/texts';
import { expect } from 'vitest';
import { firmHolidays } from '../../db/schema';
import {
  clientFor,
  describeAccessMatrix,
  type Caller,
  type MatrixEndpoint,
} from '../../../test/access-matrix';
import { seedCase } from '../../../test/cases';
import type { TestContext } from '../../../test/helpers';
import { seedTask } from './tasks-test-kit';

/**
 * Who may call the tasks, limitation and holiday endpoints (ADR 051), for every kind of caller:
 * tasks are read as case files are (`cases:view`; a client only those shared on their own cases)
 * and changed with `tasks:manage`; every member of staff adds a holiday, advocates remove one.
 */

let seq = 0;
const unique = (prefix: string) => `${prefix}-${(seq += 1)}@tasks-matrix.test`;

/** A case of the caller's own (a client) or of a fresh client, with a task shared on it. */
async function sharedTask(ctx: TestContext, caller: Caller) {
  const theCase = await seedCase(ctx, await clientFor(ctx, caller, unique('client')));
  return seedTask(ctx, { caseId: theCase.id, visibleToClient: true });
}

const staffAssignee = (caller: Caller) => (caller.user ? [caller.user.id] : []);
const taskBody = (caller: Caller) => ({
  title: 'Serve the plaint',
  dueDate: '2030-02-01',
  assigneeIds: staffAssignee(caller),
});

const view = { action: 'cases:view', deniedMessage: CASE_MESSAGES.viewDenied } as const;
const manage = { action: 'tasks:manage', deniedMessage: TASK_TEXTS.manageDenied } as const;
const holidays = { action: 'holidays:add', deniedMessage: HOLIDAY_TEXTS.addDenied } as const;

let holidayDay = 0;
/** A February day of 2031 or later with no public holiday, one per call. */
const freshDay = (year: number) => {
  holidayDay += 1;
  return `${year + Math.floor(holidayDay / 27)}-02-${String((holidayDay % 27) + 1).padStart(2, '0')}`;
};

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET /tasks': {
    ...view,
    allowed: 200,
    request: async (ctx, caller) => {
      await sharedTask(ctx, caller);
      return { method: 'GET', url: '/api/tasks' };
    },
    check: (body) => expect((body as TaskList).tasks.length).toBeGreaterThan(0),
  },
  'POST /tasks': {
    ...manage,
    allowed: 201,
    request: (_ctx, caller) => ({ method: 'POST', url: '/api/tasks', payload: taskBody(caller) }),
    check: (body) => expect((body as Task).title).toBe('Serve the plaint'),
  },
  'GET /tasks/{id}': {
    ...view,
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'GET',
      url: `/api/tasks/${(await sharedTask(ctx, caller)).id}`,
    }),
    check: (body, caller) => {
      expect((body as Task).visibleToClient).toBe(true);
      if (caller.actor && isClientAccount(caller.actor)) expect((body as Task).deadline).toBeNull();
    },
  },
  'PUT /tasks/{id}': {
    ...manage,
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'PUT',
      url: `/api/tasks/${(await seedTask(ctx)).id}`,
      payload: { ...taskBody(caller), status: 'done' },
    }),
    check: (body) => expect((body as Task).status).toBe('done'),
  },
  'DELETE /tasks/{id}': {
    ...manage,
    allowed: 200,
    request: async (ctx) => ({ method: 'DELETE', url: `/api/tasks/${(await seedTask(ctx)).id}` }),
  },
  'POST /cases/{id}/limitation': {
    ...manage,
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'POST',
      url: `/api/cases/${(await seedCase(ctx, await clientFor(ctx, caller, unique('client')))).id}/limitation`,
      payload: { causeKind: 'contract', causeDate: '2021-03-15' },
    }),
    check: (body) => expect((body as { lastDay: string }).lastDay).toBe('2027-03-15'),
  },
  'GET /settings/holidays': {
    ...holidays,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/settings/holidays' }),
  },
  'POST /settings/holidays': {
    ...holidays,
    allowed: 201,
    request: () => ({
      method: 'POST',
      url: '/api/settings/holidays',
      payload: { day: freshDay(2031), name: 'Census Day' },
    }),
  },
  'DELETE /settings/holidays/{day}': {
    action: 'settings:view',
    deniedMessage: PROFILE_MESSAGES.settingsAccessDenied,
    allowed: 200,
    request: async (ctx) => {
      const day = freshDay(2041);
      await ctx.database.db.insert(firmHolidays).values({ day, name: 'Census Day' });
      return { method: 'DELETE', url: `/api/settings/holidays/${day}` };
    },
  },
};

describeAccessMatrix(
  '/api/tasks, /api/cases/{id}/limitation and /api/settings/holidays',
  ENDPOINTS,
);
