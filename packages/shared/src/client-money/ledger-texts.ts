/**
 * The words of a client's ledger read a page at a time (ADR 053), and of a confirmed M-Pesa
 * deposit the journal refused: beside texts.ts, which is long enough already.
 */

/** A page of a ledger: at most this many entries (GET …/ledgers/{clientId}?limit=). */
export const LEDGER_PAGE_LIMITS = { pageMax: 500, screenPage: 100 } as const;

export const CLIENT_LEDGER_PAGE_TEXTS = {
  limitInvalid: `Limit must be a whole number from 1 to ${LEDGER_PAGE_LIMITS.pageMax}`,
  cursorInvalid:
    'That place in the ledger is not one of this client’s entries: reload the ledger and try again',
  showEarlier: 'Show earlier entries',
  loadingEarlier: 'Loading earlier entries…',
  earlierFailed: 'Earlier entries could not be loaded. Try again.',
  broughtForward: (amount: string) => `Brought forward from earlier entries: ${amount}`,
} as const;

/**
 * The advocates' bell when M-Pesa confirmed a deposit but the journal refused its receipt (ADR 053):
 * the money is in the M-Pesa account and on no client's ledger until someone acts.
 */
export const MPESA_DEPOSIT_REFUSED_TEXTS = {
  title: 'An M-Pesa deposit could not be recorded',
  message: (amount: string, client: string, mpesaCode: string, why: string) =>
    `M-Pesa confirmed a deposit of ${amount} from ${client} (${mpesaCode}), but it could not be recorded as a receipt into client money: ${why} It will be tried again every few minutes; until then it is on no ledger. Fix the cause, or record the receipt by hand from the M-Pesa statement.`,
  /** Why, in words, by the database's refusal (db-refusals.ts) or the service's own message. */
  whyUnknown: 'the journal refused it.',
} as const;
