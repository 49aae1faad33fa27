import { defineEndpoints } from '../common/endpoints';

/** Time and expenses (ADR 050): where each endpoint is; shapes in contract.ts. */
export const TIME_ENDPOINTS = defineEndpoints({
  listTimeEntries: { method: 'GET', path: '/time-entries' },
  createTimeEntry: { method: 'POST', path: '/time-entries' },
  updateTimeEntry: { method: 'PUT', path: '/time-entries/:id' },
  deleteTimeEntry: { method: 'DELETE', path: '/time-entries/:id' },
  getTimer: { method: 'GET', path: '/timer' },
  actOnTimer: { method: 'POST', path: '/timer' },
  discardTimer: { method: 'DELETE', path: '/timer' },
  listExpenses: { method: 'GET', path: '/expenses' },
  createExpense: { method: 'POST', path: '/expenses' },
  updateExpense: { method: 'PUT', path: '/expenses/:id' },
  deleteExpense: { method: 'DELETE', path: '/expenses/:id' },
  downloadExpenseReceipt: { method: 'GET', path: '/expenses/:id/receipt' },
  listActivities: { method: 'GET', path: '/time-activities' },
  listRates: { method: 'GET', path: '/time-rates' },
  setRate: { method: 'PUT', path: '/time-rates/:id' },
  getFeeArrangement: { method: 'GET', path: '/cases/:id/fee-arrangement' },
  setFeeArrangement: { method: 'PUT', path: '/cases/:id/fee-arrangement' },
  listUnbilled: { method: 'GET', path: '/unbilled' },
  billUnbilled: { method: 'POST', path: '/fee-notes/from-unbilled' },
});
