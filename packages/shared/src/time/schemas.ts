import { z } from 'zod';
import { boundedDay } from '../common/date-fields';
import { requiredText, uuidField } from '../common/fields';
import {
  BILLING_GROUPINGS,
  EXPENSE_KINDS,
  EXPENSE_PAID_FROM,
  FEE_ARRANGEMENT_KINDS,
  TIME_ENTRY_MAX_MINUTES,
} from './rules';
import { TIME_TEXTS as T } from './texts';

/** Where an entry or expense is in billing: not yet, on a draft fee note, or on an issued one. */
export const BILLING_STATES = ['unbilled', 'drafted', 'billed'] as const;

const shillings = (message: string, min: number) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(100_000_000, { error: message });

/** One time entry as staff see it (never a client: what they see is the issued fee note). */
export const timeEntrySchema = z.object({
  id: z.string(),
  caseId: z.string(),
  caseNumber: z.string(),
  clientId: z.string(),
  userId: z.string(),
  userName: z.string(),
  date: z.string(),
  /** Whole units of 6 minutes. */
  minutes: z.number(),
  activity: z.string(),
  narrative: z.string(),
  billable: z.boolean(),
  rateKsh: z.number(),
  valueKsh: z.number(),
  billing: z.enum(BILLING_STATES),
  feeNoteId: z.string().nullable(),
  /** A write-down: what the fee note bills, and why. */
  billedKsh: z.number().nullable(),
  writeDownReason: z.string().nullable(),
  createdAt: z.string(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const timeEntryListSchema = z.object({ entries: z.array(timeEntrySchema) });

export const listTimeEntriesQuerySchema = z.object({
  caseId: uuidField(T.caseNotFound).optional(),
  /** Someone else's entries: only for those who see everyone's (time:manage). */
  userId: uuidField(T.entryNotFound).optional(),
});

/** POST /api/time-entries, PUT /api/time-entries/{id}: minutes are rounded up to 6-minute units. */
export const timeEntryInputSchema = z.object({
  caseId: uuidField(T.caseRequired),
  date: boundedDay(T.dateRequired),
  minutes: z
    .number({ error: T.minutesInvalid })
    .int({ error: T.minutesInvalid })
    .min(1, { error: T.minutesInvalid })
    .max(TIME_ENTRY_MAX_MINUTES, { error: T.minutesInvalid }),
  activity: requiredText(T.activityRequired, 60),
  narrative: requiredText(T.narrativeRequired, 2000, { multiline: true, printable: true }),
  billable: z.boolean().default(true),
  /** This entry's own rate; none: the case's agreed rate, else the person's default. */
  rateKsh: shillings(T.rateInvalid, 0).optional(),
});
export type TimeEntryInput = z.output<typeof timeEntryInputSchema>;

export const timerSchema = z.object({
  caseId: z.string(),
  caseNumber: z.string(),
  startedAt: z.string(),
  /** When the current run began; null while paused. */
  runningSince: z.string().nullable(),
  /** Seconds timed so far, up to the answer. */
  elapsedSeconds: z.number(),
  paused: z.boolean(),
});
export type Timer = z.infer<typeof timerSchema>;

export const timerAnswerSchema = z.object({
  timer: timerSchema.nullable(),
  /** Stop: the entry filed. */
  entry: timeEntrySchema.optional(),
});
export type TimerAnswer = z.infer<typeof timerAnswerSchema>;

/** POST /api/timer: start one on a case, pause, resume, or stop and file it as a time entry. */
export const timerActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('start'), caseId: uuidField(T.timerCaseRequired) }),
    z.object({ action: z.literal('pause') }),
    z.object({ action: z.literal('resume') }),
    z.object({
      action: z.literal('stop'),
      activity: requiredText(T.activityRequired, 60).optional(),
      narrative: requiredText(T.narrativeRequired, 2000, {
        multiline: true,
        printable: true,
      }).optional(),
      billable: z.boolean().default(true),
    }),
  ],
  { error: T.timerCaseRequired },
);
export type TimerActionValues = z.output<typeof timerActionSchema>;

export const expenseSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  caseNumber: z.string(),
  clientId: z.string(),
  userId: z.string(),
  date: z.string(),
  kind: z.enum(EXPENSE_KINDS),
  amountKsh: z.number(),
  payee: z.string(),
  paidFrom: z.enum(EXPENSE_PAID_FROM),
  receiptName: z.string().nullable(),
  billing: z.enum(BILLING_STATES),
  feeNoteId: z.string().nullable(),
  createdAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

export const expenseListSchema = z.object({ expenses: z.array(expenseSchema) });

export const listExpensesQuerySchema = z.object({
  caseId: uuidField(T.caseNotFound).optional(),
});

/** An expense's fields: JSON on PUT, the multipart form's fields (beside the receipt) on POST. */
export const expenseInputSchema = z.object({
  caseId: uuidField(T.caseRequired),
  date: boundedDay(T.dateRequired),
  kind: z.enum(EXPENSE_KINDS, { error: T.kindRequired }),
  amountKsh: z.coerce.number({ error: T.amountInvalid }).pipe(shillings(T.amountInvalid, 1)),
  payee: requiredText(T.payeeRequired, 200, { printable: true }),
  paidFrom: z.enum(EXPENSE_PAID_FROM, { error: T.paidFromRequired }),
});
export type ExpenseInput = z.output<typeof expenseInputSchema>;

export const feeArrangementSchema = z.object({
  caseId: z.string(),
  kind: z.enum(FEE_ARRANGEMENT_KINDS),
  agreedOn: z.string(),
  hourlyRateKsh: z.number().nullable(),
  fixedFeeKsh: z.number().nullable(),
  stages: z.string().nullable(),
});
export type FeeArrangement = z.infer<typeof feeArrangementSchema>;

export const feeArrangementAnswerSchema = z.object({
  arrangement: feeArrangementSchema.nullable(),
});

export const feeArrangementInputSchema = z
  .object({
    kind: z.enum(FEE_ARRANGEMENT_KINDS, { error: T.arrangementKindRequired }),
    agreedOn: boundedDay(T.dateRequired),
    hourlyRateKsh: shillings(T.rateInvalid, 0).nullable().optional(),
    fixedFeeKsh: shillings(T.fixedFeeRequired, 0).nullable().optional(),
    stages: requiredText(T.fixedFeeRequired, 2000, { multiline: true }).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind !== 'hourly' && value.fixedFeeKsh == null) {
      ctx.addIssue({ code: 'custom', path: ['fixedFeeKsh'], message: T.fixedFeeRequired });
    }
  });
export type FeeArrangementInput = z.output<typeof feeArrangementInputSchema>;

export const timeRateSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.string(),
  hourlyRateKsh: z.number().nullable(),
});
export type TimeRate = z.infer<typeof timeRateSchema>;
export const timeRatesSchema = z.object({ rates: z.array(timeRateSchema) });
export const timeRateInputSchema = z.object({ hourlyRateKsh: shillings(T.rateInvalid, 0) });

export const timeActivitiesSchema = z.object({ activities: z.array(z.string()) });

export const unbilledQuerySchema = z.object({
  caseId: uuidField(T.caseNotFound).optional(),
  clientId: uuidField(T.caseNotFound).optional(),
});

const unbilledTotalsSchema = z.object({
  minutes: z.number(),
  valueKsh: z.number(),
  expensesKsh: z.number(),
  /** The oldest unbilled entry's or expense's day; null: nothing unbilled. */
  oldestDate: z.string().nullable(),
});

export const unbilledSchema = z.object({
  totals: unbilledTotalsSchema,
  cases: z.array(
    unbilledTotalsSchema.extend({
      caseId: z.string(),
      caseNumber: z.string(),
      clientId: z.string(),
      clientName: z.string(),
    }),
  ),
  entries: z.array(timeEntrySchema),
  expenses: z.array(expenseSchema),
});
export type Unbilled = z.infer<typeof unbilledSchema>;

/** POST /api/fee-notes/from-unbilled: "Bill this" drafts a fee note from the chosen work. */
export const billUnbilledSchema = z.object({
  entryIds: z.array(uuidField(T.entriesNotUnbilled)).max(500).default([]),
  expenseIds: z.array(uuidField(T.entriesNotUnbilled)).max(500).default([]),
  grouping: z.enum(BILLING_GROUPINGS, { error: T.entriesRequired }).default('entry'),
  /** Billing an entry for less than its value: what is billed, and why (kept on the entry). */
  writeDowns: z
    .array(
      z.object({
        entryId: uuidField(T.entriesNotUnbilled),
        billedKsh: shillings(T.writeDownTooLarge, 0),
        reason: requiredText(T.writeDownReasonRequired, 500),
      }),
    )
    .max(500)
    .default([]),
  dueDate: boundedDay(T.dateRequired).optional(),
});
export type BillUnbilledValues = z.output<typeof billUnbilledSchema>;
