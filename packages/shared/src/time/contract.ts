import type { z } from 'zod';
import { successMessageSchema } from '../auth/schemas';
import { feeNoteSavedSchema } from '../billing/schemas';
import { defineContract } from '../common/contract';
import { idParamsSchema } from '../common/fields';
import { TIME_ENDPOINTS } from './endpoints';
import {
  billUnbilledSchema,
  expenseInputSchema,
  expenseListSchema,
  expenseSchema,
  feeArrangementAnswerSchema,
  feeArrangementInputSchema,
  listExpensesQuerySchema,
  listTimeEntriesQuerySchema,
  timeActivitiesSchema,
  timeEntryInputSchema,
  timeEntryListSchema,
  timeEntrySchema,
  timeRateInputSchema,
  timeRateSchema,
  timeRatesSchema,
  timerActionSchema,
  timerAnswerSchema,
  unbilledQuerySchema,
  unbilledSchema,
} from './schemas';
import { TIME_TEXTS as T } from './texts';

const entryParams = idParamsSchema(T.entryNotFound);
const expenseParams = idParamsSchema(T.expenseNotFound);
const caseParams = idParamsSchema(T.caseNotFound);

/** Time and expenses: each endpoint's params, body and answer (ADR 044, ADR 050). */
export const timeContract = defineContract(TIME_ENDPOINTS, {
  listTimeEntries: {
    summary: 'Time entries: the caller’s own, or (time:manage) everyone’s, of a case or a person',
    query: listTimeEntriesQuerySchema,
    response: timeEntryListSchema,
  },
  createTimeEntry: {
    summary: 'Record time on a case (minutes rounded up to 6-minute units; the rate as it applies)',
    body: timeEntryInputSchema,
    response: timeEntrySchema,
    status: 201,
  },
  updateTimeEntry: {
    summary: 'Change a time entry (409 once it is on a fee note)',
    params: entryParams,
    body: timeEntryInputSchema,
    response: timeEntrySchema,
  },
  deleteTimeEntry: {
    summary: 'Delete a time entry (409 once it is on a fee note)',
    params: entryParams,
    response: successMessageSchema,
  },
  getTimer: {
    summary: 'The caller’s timer, kept on the server (null: none)',
    response: timerAnswerSchema,
  },
  actOnTimer: {
    summary: 'Start a timer on a case, pause, resume, or stop it and file a time entry',
    body: timerActionSchema,
    response: timerAnswerSchema,
  },
  discardTimer: {
    summary: 'Throw the caller’s timer away without filing it',
    response: timerAnswerSchema,
  },
  listExpenses: {
    summary: 'Expenses (disbursements): the caller’s own, or (time:manage) everyone’s',
    query: listExpensesQuerySchema,
    response: expenseListSchema,
  },
  createExpense: {
    summary: `Record an expense (multipart: its fields and the receipt as "file", checked as documents are)`,
    response: expenseSchema,
    status: 201,
  },
  updateExpense: {
    summary: 'Change an expense (409 once it is on a fee note)',
    params: expenseParams,
    body: expenseInputSchema,
    response: expenseSchema,
  },
  deleteExpense: {
    summary: 'Delete an expense (409 once it is on a fee note)',
    params: expenseParams,
    response: successMessageSchema,
  },
  downloadExpenseReceipt: {
    summary: 'An expense’s receipt (streamed, as an attachment): its recorder, or time:manage',
    params: expenseParams,
    response: 'file',
  },
  listActivities: {
    summary: 'The activities time is filed under, in the firm’s order',
    response: timeActivitiesSchema,
  },
  listRates: {
    summary: 'Each advocate’s and admin’s default hourly rate',
    response: timeRatesSchema,
  },
  setRate: {
    summary: 'Set a person’s default hourly rate',
    params: idParamsSchema(T.entryNotFound),
    body: timeRateInputSchema,
    response: timeRateSchema,
  },
  getFeeArrangement: {
    summary: 'A case’s fee arrangement (null: none recorded, hourly at each person’s rate)',
    params: caseParams,
    response: feeArrangementAnswerSchema,
  },
  setFeeArrangement: {
    summary: 'Record a case’s fee arrangement: hourly (an agreed rate), fixed fee, or stages',
    params: caseParams,
    body: feeArrangementInputSchema,
    response: feeArrangementAnswerSchema,
  },
  listUnbilled: {
    summary: 'Unbilled work of a case, a client or the firm: time, value, expenses, oldest entry',
    query: unbilledQuerySchema,
    response: unbilledSchema,
  },
  billUnbilled: {
    summary: 'Bill this: draft a fee note from chosen entries and expenses',
    body: billUnbilledSchema,
    response: feeNoteSavedSchema,
    status: 201,
  },
});

export type TimeContract = typeof timeContract;
export type TimerBody = z.input<typeof timerActionSchema>;
