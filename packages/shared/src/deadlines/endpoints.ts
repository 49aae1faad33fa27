import { defineEndpoints } from '../common/endpoints';

/** Deadlines, tasks and limitation periods (ADR 051): where each endpoint is; shapes in contract.ts. */
export const DEADLINES_ENDPOINTS = defineEndpoints({
  listLimitationPeriods: { method: 'GET', path: '/settings/limitation-periods' },
  saveLimitationPeriods: { method: 'PUT', path: '/settings/limitation-periods' },
  listTasks: { method: 'GET', path: '/tasks' },
  createTask: { method: 'POST', path: '/tasks' },
  getTask: { method: 'GET', path: '/tasks/:id' },
  updateTask: { method: 'PUT', path: '/tasks/:id' },
  deleteTask: { method: 'DELETE', path: '/tasks/:id' },
  computeLimitation: { method: 'POST', path: '/cases/:id/limitation' },
  listHolidays: { method: 'GET', path: '/settings/holidays' },
  addHoliday: { method: 'POST', path: '/settings/holidays' },
  removeHoliday: { method: 'DELETE', path: '/settings/holidays/:day' },
});
