import { z } from 'zod';
import { boundedDay } from '../common/date-fields';
import { requiredText, uuidField } from '../common/fields';
import { emptyAsUndefined, optionalPositiveInt, queryDate } from '../common/list-query';
import { CLIENT_LEDGER_PAGE_TEXTS as LP, LEDGER_PAGE_LIMITS } from './ledger-texts';
import {
  CLIENT_MONEY_ENTRY_KINDS,
  CLIENT_MONEY_LIMITS as L,
  MONEY_ACCOUNT_KINDS,
  PRACTICE_YEAR_CSV_PARTS,
  PRACTICE_YEAR_MIN,
  type ClientMoneyEntryKind,
} from './rules';
import { CLIENT_MONEY_PACK_TEXTS as PACK } from './practice-year-texts';
import { CLIENT_MONEY_MESSAGES as M, MPESA_DEPOSIT_TEXTS as D } from './texts';

/** The `/api/client-money` contract (ADR 045). */

const shillings = (min: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(L.amountMaxKsh, { error: message });

const optionalId = (message: string) =>
  z.preprocess(emptyAsUndefined, uuidField(message).optional());

/** POST /api/client-money/accounts */
export const createMoneyAccountSchema = z.object({
  name: requiredText(M.accountNameRequired, L.nameMax, { printable: true }),
  kind: z.enum(MONEY_ACCOUNT_KINDS, { error: M.accountKindRequired }),
  institution: requiredText(M.institutionRequired, L.institutionMax, { printable: true }),
  number: requiredText(M.accountNumberRequired, L.accountNumberMax, { printable: true }),
  openingBalanceKsh: shillings(0, M.openingBalanceInvalid(L.amountMaxKsh)),
  openingDate: z
    .string({ error: M.openingDateRequired })
    .min(1, { error: M.openingDateRequired })
    .pipe(boundedDay(M.openingDateRequired)),
});
export type CreateMoneyAccountInput = z.input<typeof createMoneyAccountSchema>;
export type CreateMoneyAccountValues = z.output<typeof createMoneyAccountSchema>;

export const moneyAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(MONEY_ACCOUNT_KINDS),
  institution: z.string(),
  number: z.string(),
  openingBalanceKsh: z.number().int(),
  openingDate: z.string(),
  createdAt: z.string(),
});
export type MoneyAccount = z.infer<typeof moneyAccountSchema>;

export const moneyAccountListSchema = z.object({ accounts: z.array(moneyAccountSchema) });
export const moneyAccountCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  account: moneyAccountSchema,
});

/** What each kind of entry needs beside its kind and date (a reversal takes the rest from its entry). */
const NEEDS: Record<ClientMoneyEntryKind, readonly (keyof typeof REQUIRED_MESSAGE)[]> = {
  receipt: ['clientId', 'accountId', 'amountKsh', 'reference', 'narrative'],
  payment: ['clientId', 'accountId', 'amountKsh', 'reference', 'narrative'],
  refund: ['clientId', 'accountId', 'amountKsh', 'reference', 'narrative'],
  transfer_to_office: [
    'clientId',
    'accountId',
    'officeAccountId',
    'feeNoteId',
    'amountKsh',
    'reference',
    'narrative',
  ],
  reversal: ['reversesId', 'reason'],
};
const REQUIRED_MESSAGE = {
  clientId: M.clientRequired,
  accountId: M.accountRequired,
  officeAccountId: M.officeAccountRequired,
  feeNoteId: M.feeNoteRequired,
  amountKsh: M.amountInvalid(L.amountMaxKsh),
  reference: M.referenceRequired,
  narrative: M.narrativeRequired,
  reversesId: M.reversesRequired,
  reason: M.reasonRequired,
} as const;

/** POST /api/client-money/entries: one journal entry. */
export const recordClientMoneyEntrySchema = z
  .object({
    kind: z.enum(CLIENT_MONEY_ENTRY_KINDS, { error: M.kindRequired }),
    date: z
      .string({ error: M.dateRequired })
      .min(1, { error: M.dateRequired })
      .pipe(boundedDay(M.dateRequired)),
    clientId: optionalId(M.clientNotFound),
    caseId: z.preprocess(emptyAsUndefined, uuidField(M.caseNotTheClients).nullable().optional()),
    accountId: optionalId(M.accountNotFound),
    officeAccountId: optionalId(M.accountNotFound),
    feeNoteId: optionalId(M.feeNoteNotFound),
    reversesId: optionalId(M.entryNotFound),
    amountKsh: shillings(1, M.amountInvalid(L.amountMaxKsh)).optional(),
    reference: z.preprocess(
      emptyAsUndefined,
      requiredText(M.referenceRequired, L.referenceMax, { printable: true }).optional(),
    ),
    narrative: z.preprocess(
      emptyAsUndefined,
      requiredText(M.narrativeRequired, L.narrativeMax, {
        multiline: true,
        printable: true,
      }).optional(),
    ),
    reason: z.preprocess(
      emptyAsUndefined,
      requiredText(M.reasonRequired, L.reasonMax, { multiline: true, printable: true }).optional(),
    ),
  })
  .superRefine((body, ctx) => {
    for (const field of NEEDS[body.kind]) {
      if (body[field] === undefined) {
        ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE[field], path: [field] });
      }
    }
  });
export type RecordClientMoneyEntryInput = z.input<typeof recordClientMoneyEntrySchema>;
export type RecordClientMoneyEntryValues = z.output<typeof recordClientMoneyEntrySchema>;

export const clientMoneyEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(CLIENT_MONEY_ENTRY_KINDS),
  /** CR/<year>/<4+ digits>: a receipt into a client account; null for any other kind. */
  receiptNumber: z.string().nullable(),
  date: z.string(),
  clientId: z.string(),
  caseId: z.string().nullable(),
  caseNumber: z.string().nullable(),
  accountId: z.string(),
  accountName: z.string(),
  officeAccountId: z.string().nullable(),
  amountKsh: z.number().int(),
  /** What it did to the client's ledger: money in positive, money out negative. */
  ledgerEffectKsh: z.number().int(),
  reference: z.string(),
  narrative: z.string(),
  feeNoteId: z.string().nullable(),
  feeNoteNumber: z.string().nullable(),
  reversesId: z.string().nullable(),
  reversedById: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type ClientMoneyEntry = z.infer<typeof clientMoneyEntrySchema>;

export const clientMoneyEntryRecordedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  entry: clientMoneyEntrySchema,
  /** What is held for the client afterwards, and on the entry's case (or on no case). */
  balanceKsh: z.number().int(),
  caseBalanceKsh: z.number().int(),
});

/** GET /api/client-money/ledgers: balances held, now or at the end of a past day. */
export const listLedgersQuerySchema = z.object({
  clientId: optionalId(M.clientNotFound),
  caseId: optionalId(M.caseNotTheClients),
  asOf: queryDate,
});
export type ListLedgersQuery = z.infer<typeof listLedgersQuerySchema>;

const caseBalanceSchema = z.object({
  /** null: money held for the client on no case. */
  caseId: z.string().nullable(),
  caseNumber: z.string().nullable(),
  caseTitle: z.string().nullable(),
  balanceKsh: z.number().int(),
});

export const ledgerBalancesSchema = z.object({
  asOf: z.string(),
  ledgers: z.array(caseBalanceSchema.extend({ clientId: z.string(), clientName: z.string() })),
  totalKsh: z.number().int(),
});
export type LedgerBalances = z.infer<typeof ledgerBalancesSchema>;

export const ledgerParamsSchema = z.object({ clientId: uuidField(M.clientNotFound) });

/** An entry's receipt: a malformed id is an entry not found, as a well-formed unknown one. */
export const clientMoneyEntryParamsSchema = z.object({ id: uuidField(M.entryNotFound) });

/**
 * GET /api/client-money/ledgers/{clientId}?limit=&before=&caseId=: with no `limit`, every entry;
 * with one, the newest `limit` entries (before the entry `before`, when given), oldest first as
 * ever, each with its running balance (ADR 053). `caseId`: that case's entries only, the running
 * balance counted over them.
 */
export const ledgerQuerySchema = z.object({
  limit: optionalPositiveInt(LEDGER_PAGE_LIMITS.pageMax, LP.limitInvalid),
  before: z.preprocess(emptyAsUndefined, uuidField(LP.cursorInvalid).optional()),
  caseId: optionalId(M.caseNotTheClients),
});
export type LedgerQuery = z.input<typeof ledgerQuerySchema>;
export type LedgerQueryValues = z.output<typeof ledgerQuerySchema>;

/** GET /api/client-money/ledgers/{clientId}: movements, oldest first, with the running total. */
export const clientLedgerSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  balanceKsh: z.number().int(),
  cases: z.array(caseBalanceSchema),
  entries: z.array(clientMoneyEntrySchema.extend({ runningBalanceKsh: z.number().int() })),
  /** The running balance before the first entry given (0 when the answer starts at the first). */
  broughtForwardKsh: z.number().int(),
  /** Pass as `before` for the earlier page; null when the answer reaches the first entry. */
  nextBefore: z.string().nullable(),
  /**
   * Whether the client may pay a deposit by M-Pesa from the portal: M-Pesa is set up and the firm
   * has a client account at M-Pesa for its paybill or till (ADR 045, "M-Pesa deposits").
   */
  mpesaDeposits: z.boolean(),
});
export type ClientLedger = z.infer<typeof clientLedgerSchema>;

/** GET /api/client-money/mpesa-deposits/{id}: a deposit paid by M-Pesa, followed until it settles. */
export const mpesaDepositParamsSchema = z.object({ id: uuidField(D.depositNotFound) });

/**
 * A deposit's push as the payer follows it, in the shape the Pay with M-Pesa dialog reads (a
 * payment's): `receiptNumber` is the client-money receipt (CR/…) once Safaricom confirmed it.
 */
export const mpesaDepositSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  amountKsh: z.number().int(),
  caseId: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  entryId: z.string().nullable(),
  mpesa: z.object({
    phone: z.string(),
    receiptNumber: z.string().nullable(),
    resultCode: z.number().int().nullable(),
    /** What to tell the payer, in plain words, once it has failed. */
    failureText: z.string().nullable(),
  }),
  createdAt: z.string(),
});
export type MpesaDeposit = z.infer<typeof mpesaDepositSchema>;

/** A statement line as the reconciliation shows it (docs/client-money-statements.md). */
export const statementLineSchema = z.object({
  id: z.string(),
  /** The file's line, as a spreadsheet numbers its rows. */
  lineNumber: z.number().int(),
  date: z.string(),
  time: z.string().nullable(),
  description: z.string(),
  reference: z.string(),
  /** Positive for money in, negative for money out. */
  amountKsh: z.number().int(),
  balanceKsh: z.number().int().nullable(),
  otherParty: z.string().nullable(),
  entryId: z.string().nullable(),
  matchedBy: z.enum(['auto', 'hand']).nullable(),
  matchReason: z.string().nullable(),
});
export type StatementLineView = z.infer<typeof statementLineSchema>;

/** POST /api/client-money/statements: what was kept and how much of it the import matched. */
export const statementImportedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  statement: z.object({
    id: z.string(),
    accountId: z.string(),
    format: z.enum(['generic', 'mpesa']),
    fileName: z.string(),
    firstDate: z.string(),
    lastDate: z.string(),
    openingBalanceKsh: z.number().int(),
    closingBalanceKsh: z.number().int(),
    lineCount: z.number().int(),
    matchedCount: z.number().int(),
    /** M-Pesa lines left out (not completed), each in words. */
    skipped: z.array(z.string()),
    unmatchedLines: z.array(statementLineSchema),
  }),
});
export type StatementImported = z.infer<typeof statementImportedSchema>;

/** A statement line's routes: a malformed id is a line not found, as a well-formed unknown one. */
export const statementLineParamsSchema = z.object({ id: uuidField(M.lineNotFound) });

/** POST /api/client-money/statements/lines/{id}/match: the entry the line is, matched by hand. */
export const matchStatementLineSchema = z.object({
  entryId: z.preprocess(emptyAsUndefined, uuidField(M.entryToMatchRequired)),
});
export type MatchStatementLineInput = z.input<typeof matchStatementLineSchema>;

/**
 * POST /api/client-money/statements/lines/{id}/entry: a line the cash book lacks (a bank charge,
 * a deposit nobody recorded) recorded as an entry: a receipt for money in, a payment for money
 * out, dated and sized as the line, for the client (and case) named here.
 */
export const recordStatementLineSchema = z.object({
  clientId: z.preprocess(emptyAsUndefined, uuidField(M.clientRequired)),
  caseId: z.preprocess(emptyAsUndefined, uuidField(M.caseNotTheClients).nullable().optional()),
  /** What the money is for; the line's description when left out. */
  narrative: z.preprocess(
    emptyAsUndefined,
    requiredText(M.narrativeRequired, L.narrativeMax, {
      multiline: true,
      printable: true,
    }).optional(),
  ),
});
export type RecordStatementLineInput = z.input<typeof recordStatementLineSchema>;

export const statementLineMatchedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  line: statementLineSchema,
});
export type StatementLineMatched = z.infer<typeof statementLineMatchedSchema>;

const monthField = z
  .string({ error: M.monthInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: M.monthInvalid });

/** GET /api/client-money/reconciliations?accountId=&month=YYYY-MM */
export const reconciliationQuerySchema = z.object({
  accountId: z.preprocess(emptyAsUndefined, uuidField(M.accountRequired)),
  month: z.preprocess(emptyAsUndefined, monthField),
});
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

/** The lock and the PDF: a malformed account is one not found; a month not a month, a 400. */
export const reconciliationParamsSchema = z.object({
  accountId: uuidField(M.accountNotFound),
  month: monthField,
});

/** An entry in the cash book by the month's end and on no statement line by then. */
export const unclearedEntrySchema = z.object({
  id: z.string(),
  date: z.string(),
  kind: z.enum(CLIENT_MONEY_ENTRY_KINDS),
  clientName: z.string(),
  /** Positive for money in, negative for money out. */
  amountKsh: z.number().int(),
  reference: z.string(),
  narrative: z.string(),
});
export type UnclearedEntry = z.infer<typeof unclearedEntrySchema>;

/** GET /api/client-money/reconciliations: the three-way view (docs/client-money-statements.md). */
export const reconciliationSchema = z.object({
  accountId: z.string(),
  accountName: z.string(),
  month: z.string(),
  /** The month's last day. */
  monthEnd: z.string(),
  /** The statement's balance at the month's end; null until a statement reaching into it is imported. */
  statement: z
    .object({
      fileNames: z.array(z.string()),
      closingBalanceKsh: z.number().int(),
      depositsInTransitKsh: z.number().int(),
      unpresentedPaymentsKsh: z.number().int(),
      adjustedBalanceKsh: z.number().int(),
    })
    .nullable(),
  cashBookBalanceKsh: z.number().int(),
  clientLedgersTotalKsh: z.number().int(),
  /** The three agree to the shilling and every line to the month's end is matched. */
  reconciled: z.boolean(),
  /** Each difference in a sentence; empty once reconciled. */
  differences: z.array(z.string()),
  lines: z.object({ matched: z.number().int(), unmatched: z.number().int() }),
  unmatchedLines: z.array(statementLineSchema),
  unclearedEntries: z.array(unclearedEntrySchema),
  lock: z.object({ lockedAt: z.string(), lockedBy: z.string().nullable() }).nullable(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const monthLockedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  reconciliation: reconciliationSchema,
});
/**
 * The practice-year pack (ADR 045): `year` a calendar year from PRACTICE_YEAR_MIN (the service
 * refuses one not yet begun, which only the clock knows).
 */
const practiceYearField = z
  .string({ error: PACK.yearInvalid })
  .regex(/^\d{4}$/, { error: PACK.yearInvalid })
  .transform(Number)
  .refine((year) => year >= PRACTICE_YEAR_MIN, { error: PACK.yearInvalid });

/** GET /api/client-money/practice-years/{year}/pack.pdf */
export const practiceYearParamsSchema = z.object({ year: practiceYearField });

/** GET /api/client-money/practice-years/{year}/{part}: journal.csv, ledgers.csv … */
export const practiceYearCsvParamsSchema = z.object({
  year: practiceYearField,
  part: z.enum(PRACTICE_YEAR_CSV_PARTS, { error: PACK.partInvalid }),
});

/** balances.csv's day (the end of it); 31 December of the year when left out. */
export const practiceYearCsvQuerySchema = z.object({
  asOf: z.preprocess(emptyAsUndefined, boundedDay(PACK.asOfInvalid).optional()),
});
export type PracticeYearCsvQuery = z.infer<typeof practiceYearCsvQuerySchema>;
