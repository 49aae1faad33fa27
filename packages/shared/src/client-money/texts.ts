import { groupThousands } from '../common/numbers';
import type { ClientMoneyEntryKind, MoneyAccountKind } from './rules';

/**
 * What the client money endpoints say (docs/texts.md, ADR 045). Amounts come in already written
 * ("KSh 12,500", formatKsh). The refusals name what to do next.
 */

export const MONEY_ACCOUNT_KIND_LABELS: Record<MoneyAccountKind, string> = {
  office: 'Office account',
  client: 'Client account',
};

export const CLIENT_MONEY_ENTRY_KIND_LABELS: Record<ClientMoneyEntryKind, string> = {
  receipt: 'Money received',
  payment: 'Paid out for the client',
  transfer_to_office: 'Transferred to office account',
  refund: 'Refunded to the client',
  reversal: 'Reversal',
};

export const CLIENT_MONEY_MESSAGES = {
  viewDenied: 'Only advocates, admins who manage cases, and the client can see client money',
  recordDenied:
    'Only advocates and admins who manage cases can record client money received or paid out',
  transferDenied: 'Only an advocate can transfer client money to an office account',
  reverseDenied: 'Only an advocate can reverse a client money entry',
  accountsDenied: 'Only an advocate can add the firm’s bank and M-Pesa accounts',
  accountCreated: 'Account added',
  reconcileDenied: 'Only an advocate can import statements and reconcile the client account',
  statementImported: 'Statement imported',
  statementFileRequired: 'Choose the statement’s CSV file',
  statementAccountFirst:
    'Send the account (field “accountId”) before the file, so the statement can be checked as it arrives',
  statementNotText:
    'This file is not a CSV statement: it is not text (UTF-8). Export the statement from the bank or M-Pesa portal as CSV and choose that file.',
  statementTooLarge: (mb: number) =>
    `The statement is larger than ${mb} MB. Export one month at a time and import each.`,
  statementUnreadable: (count: number) =>
    `The statement was not imported: ${count === 1 ? 'one problem' : `${count} problems`} to correct first`,
  statementNotAClientAccount: 'Statements are imported for the firm’s client accounts only',
  statementBeforeOpening: (opening: string) =>
    `The statement has lines dated before the account’s opening date (${opening}); its records start there. Export the statement from that day on.`,
  /** The statement already imported whose days the new one shares. */
  statementOverlaps: (fileName: string, first: string, last: string) =>
    `A statement of this account for ${first} to ${last} (${fileName}) has already been imported, and this one shares some of its days. Import only the days after it, or the lines would be counted twice.`,
  statementOverlapsRace:
    'Another statement of this account sharing some of these days has just been imported. Look at the account’s statements before importing again.',
  entryRecorded: 'Entry recorded',
  accountNameRequired: 'Name the account (e.g. “KCB client account”)',
  accountKindRequired: 'Choose office account or client account',
  institutionRequired: 'Name the bank or say M-Pesa',
  accountNumberRequired: 'Give the account, paybill or till number',
  accountNumberTaken: 'The firm already has an account with this number at this bank',
  openingBalanceInvalid: (max: number) =>
    `The opening balance is a whole number of shillings from 0 to ${groupThousands(max)}`,
  openingDateRequired: 'Give the date of the opening balance (YYYY-MM-DD)',
  kindRequired: 'Choose what kind of entry this is',
  clientRequired: 'Choose the client whose money this is',
  clientNotFound: 'Client not found',
  caseNotTheClients: 'Choose one of this client’s cases, or none',
  accountRequired: 'Choose the client account',
  accountNotFound: 'Account not found',
  notAClientAccount:
    'Client money is kept in a client account: choose one of the firm’s client accounts',
  officeAccountRequired: 'Choose the office account the money goes to',
  notAnOfficeAccount: 'A transfer to office goes to one of the firm’s office accounts',
  amountInvalid: (max: number) =>
    `The amount is a whole number of shillings from 1 to ${groupThousands(max)}`,
  dateRequired: 'Give the date of the entry (YYYY-MM-DD)',
  dateInFuture: 'An entry cannot be dated after today',
  dateBeforeOpening: (opening: string) =>
    `This account’s records start on ${opening}: date the entry on or after it`,
  referenceRequired: 'Give the reference (cheque number, bank or M-Pesa code)',
  narrativeRequired: 'Say what the money is for',
  feeNoteRequired: 'Choose the fee note this transfer settles',
  feeNoteNotFound: 'Fee note not found',
  feeNoteNotTheClients: 'This fee note is for another client',
  feeNoteNotPayable: 'This fee note is not awaiting payment',
  overFeeNoteBalance: (balance: string) =>
    `This fee note has only ${balance} left to pay: transfer at most that`,
  reversesRequired: 'Choose the entry to reverse',
  reasonRequired: 'Say why the entry is reversed',
  entryNotFound: 'Entry not found',
  receiptNotFound: 'Receipt not found',
  reversalBeforeEntry: (day: string) =>
    `The entry reversed is dated ${day}: date the reversal on or after it`,
  alreadyReversed: 'This entry has already been reversed',
  reversalNotReversed: 'A reversal cannot itself be reversed: record a new entry instead',
  transferNotReversible:
    'A transfer to office settled a fee note: record a refund or a new receipt instead',
  /** Who holds too little: the client, or the client on the named case. */
  insufficient: (held: string, where: string) =>
    `Only ${held} is held for the client${where}: the entry would take the ledger below zero`,
  insufficientRace:
    'Another entry moved this client’s money meanwhile and there is no longer enough held: look at the ledger and try again',
  onTheCase: (caseNumber: string) => ` on case ${caseNumber}`,
  notOnACase: ' on no case',
  monthLocked: (month: string) =>
    `${month} is reconciled and locked for this account: date the entry in an open month`,
  unbalanced: 'The entry does not balance; nothing was recorded',
  // Reconciliation (docs/client-money-statements.md): matching by hand and the month's lock.
  lineNotFound: 'Statement line not found',
  entryToMatchRequired: 'Choose the entry this statement line is',
  lineMatched: 'Statement line matched',
  lineUnmatched: 'Statement line unmatched',
  lineRecorded: 'Statement line recorded as an entry and matched to it',
  lineAlreadyMatched: 'This statement line is already matched to an entry: unmatch it first',
  lineNotMatched: 'This statement line is not matched to an entry',
  entryAlreadyMatched: (day: string) =>
    `This entry is already matched to the statement line of ${day}: unmatch that line first`,
  entryOtherAccount: 'This entry is in another account: choose one of this account’s entries',
  amountsDiffer: (line: string, entry: string) =>
    `The amounts differ: the statement line is ${line} and the entry ${entry}. Match it to an entry of the same amount, or record the line as an entry.`,
  /** A line of a locked month is neither matched nor unmatched: the month's figures are final. */
  lineMonthLocked: (month: string) =>
    `${month} is reconciled and locked for this account: its statement lines stay as they are`,
  monthInvalid: 'Give the month as YYYY-MM',
  statementInLockedMonth: (month: string) =>
    `The statement has lines in ${month}, which is reconciled and locked for this account: import only the days after it`,
  monthLockedNow: (month: string) => `${month} reconciled and locked`,
  alreadyLocked: (month: string, by: string, on: string) =>
    `${month} is already locked (by ${by} on ${on})`,
  noStatementForMonth: (month: string) =>
    `No statement reaching into ${month} has been imported for this account: import it first`,
  /** `amount` already written: how far the three figures are apart. */
  notReconciled: (month: string, amount: string) =>
    `${month} cannot be locked: the statement, the cash book and the client ledgers differ by ${amount}. Match or record what is left first.`,
  linesLeftUnmatched: (month: string, count: number) =>
    `${month} cannot be locked: ${count === 1 ? 'one statement line is' : `${count} statement lines are`} not matched yet, though the figures agree. Match ${count === 1 ? 'it' : 'them'} first.`,
  monthNotOver: (month: string) =>
    `${month} is not over yet: lock it from the first day of the next month`,
  beforeOpening: (opening: string) => `This account’s records start on ${opening}`,
} as const;

/**
 * A deposit paid by M-Pesa from the portal (ADR 045, "M-Pesa deposits"): the API's answers, the
 * receipt it posts, and what the client is told once Safaricom confirms it.
 */
export const MPESA_DEPOSIT_TEXTS = {
  /** 409: the firm has no client account at M-Pesa for its paybill or till (MPESA_SHORTCODE). */
  noMpesaAccount:
    'The firm has not set up an M-Pesa client account for deposits yet. Please call the firm to pay a deposit.',
  depositNotFound: 'Deposit not found',
  /** The pushes one client may ask for in a day are used up (ADR 034, "How many prompts"). */
  capReached:
    'We cannot send more M-Pesa requests for deposits today. Please try again tomorrow, or call the firm.',
  caseNotYours: 'Choose one of your cases, or none',
  /** The receipt's narrative in the journal. */
  narrative: 'Deposit paid by M-Pesa from the portal',
  /** A payment made at the paybill with the client's reference or a case number (ADR 047). */
  paybillNarrative: 'Paid by M-Pesa at the paybill',
  /** The client's bell, email and text once the receipt is posted. */
  noticeTitle: (receipt: string) => `Deposit received: receipt ${receipt}`,
  notice: (amount: string, receipt: string, where: string | null) =>
    `The firm received your deposit of ${amount}${where ? ` for case ${where}` : ''} into its client account (receipt ${receipt}).`,
  sms: (amount: string, date: string, code: string, where: string | null) =>
    `Mwamba & Associates: we received your deposit of ${amount}${where ? ` for case ${where}` : ''} on ${date} into our client account. Ref ${code}.`,
  /** The dialog once confirmed. */
  succeeded: (receipt: string, amount: string) =>
    `${amount} received and held for you. Your receipt is ${receipt}`,
} as const;

/** The Pay a deposit dialog on the portal's Client money screen, around MPESA_PAY_TEXTS. */
export const MPESA_DEPOSIT_SCREEN_TEXTS = {
  button: 'Pay a deposit',
  title: 'Pay a deposit by M-Pesa',
  description: 'Money you pay on account of costs, held for you in the firm’s client account.',
  amountHint: 'Whole shillings, e.g. 25000.',
  caseLabel: 'Case (optional)',
  noCase: 'No particular case',
  closeHint: 'You can close this: this screen shows the deposit once M-Pesa confirms it.',
} as const;

/** What the client money screens say (docs/texts.md): the panels, the dialogs, the portal screen. */
export const CLIENT_MONEY_SCREEN_TEXTS = {
  panelTitle: 'Client money',
  loading: 'Loading client money…',
  loadFailed: 'Client money could not be loaded',
  heldTotal: 'Held for the client',
  heldForYou: 'Held for you',
  heldOnCase: 'Held on this case',
  heldPerCase: 'Held per case',
  noCase: 'On no case',
  movements: 'Movements',
  noMovements: 'No client money has been received or paid out yet.',
  noMovementsOnCase: 'No client money has moved on this case yet.',
  date: 'Date',
  what: 'Entry',
  reference: 'Reference',
  amount: 'Amount',
  runningBalance: 'Balance',
  caseColumn: 'Case',
  reversed: 'Reversed',
  actions: 'Actions',
  reversalOf: (reference: string) => `Reversal of ${reference}`,
  downloadStatement: 'Download statement (PDF)',
  downloadReceipt: 'Receipt (PDF)',
  downloadReceiptFor: (receipt: string) => `Download receipt ${receipt} (PDF)`,
  downloading: 'Downloading…',
  downloadFailed: 'The PDF could not be downloaded: try again',
  recordReceipt: 'Record receipt',
  recordPayment: 'Record payment out',
  recordRefund: 'Record refund',
  recordTransfer: 'Transfer to office',
  reverse: 'Reverse',
  reverseEntry: (what: string) => `Reverse: ${what}`,
  dialogTitles: {
    receipt: 'Record client money received',
    payment: 'Record a payment out for the client',
    refund: 'Record a refund to the client',
    transfer_to_office: 'Transfer to office to settle a fee note',
  },
  dialogDescription: (client: string, held: string) =>
    `${client}: ${held} held in client accounts.`,
  record: 'Record',
  recording: 'Recording…',
  transfer: 'Transfer',
  dateLabel: 'Date',
  accountLabel: 'Client account',
  officeAccountLabel: 'Office account',
  caseLabel: 'Case',
  noCaseOption: 'No case (the client’s general money)',
  amountLabel: 'Amount (KSh)',
  referenceLabel: 'Reference',
  referenceHint: 'Cheque number, bank or M-Pesa code',
  narrativeLabel: 'What the money is for',
  feeNoteLabel: 'Fee note',
  feeNoteOption: (number: string, balance: string) => `${number}: ${balance} to pay`,
  noPayableFeeNotes: 'The client has no issued fee note awaiting payment.',
  noAccounts: (kind: string) => `Add a ${kind} under System Settings first.`,
  choose: 'Choose…',
  reasonLabel: 'Why is it reversed?',
  confirmTransfer: (amount: string, note: string, account: string) =>
    `Transfer ${amount} of the client’s money to ${account} to settle fee note ${note}? A transfer cannot be reversed.`,
  confirmReversal: (what: string) =>
    `Reverse “${what}”? The reversal is recorded beside it; neither can be changed afterwards.`,
  actionFailed: 'The entry could not be recorded: try again',
  // System Settings: the firm's accounts.
  accountsTab: 'Bank and M-Pesa accounts',
  accountsIntro:
    'The firm’s office accounts hold its own money; client accounts hold only money held for clients.',
  accountsLoading: 'Loading accounts…',
  accountsLoadFailed: 'The accounts could not be loaded',
  noAccountsYet: 'No accounts yet: add the firm’s client account first.',
  addAccount: 'Add account',
  addAccountTitle: 'Add an office or client account',
  adding: 'Adding…',
  accountName: 'Name',
  accountKind: 'Kind',
  institution: 'Bank or M-Pesa',
  accountNumber: 'Account, paybill or till number',
  openingBalance: 'Opening balance (KSh)',
  openingDate: 'Opening balance on',
  openingBalanceHint: 'The statement’s balance at the start of that day',
  accountFailed: 'The account could not be added: try again',
  // The portal screen.
  screenTitle: 'Client money',
  screenIntro:
    'Money the firm holds for you in its client account, per case, and every movement of it.',
  nothingHeld: 'The firm holds no money for you.',
  nothingHeldHint: 'Money you pay in advance for court fees or other costs will show here.',
  staffTitle: 'Client money held',
  staffIntro: 'What the firm holds for each client and case today.',
  nothingHeldByFirm: 'The firm holds no client money today.',
  clientColumn: 'Client',
  heldColumn: 'Held',
  total: 'Total held',
  // System Settings › Reconciliation (docs/client-money-statements.md).
  reconcileTab: 'Reconciliation',
  reconcileIntro:
    'Import each client account’s statement, match what is left, and lock the month once the statement, the cash book and the client ledgers agree.',
  reconcileAccount: 'Client account',
  reconcileMonth: 'Month',
  noClientAccounts: 'Add the firm’s client account under Bank and M-Pesa accounts first.',
  statementFile: 'Statement (CSV)',
  importStatement: 'Import statement',
  importing: 'Importing…',
  importFailed: 'The statement could not be imported: try again',
  reconciliationLoading: 'Loading the reconciliation…',
  reconciliationLoadFailed: 'The reconciliation could not be loaded',
  figuresTitle: 'The three figures',
  statementClosing: 'Statement balance at the month’s end',
  depositsInTransit: 'Add: deposits not yet credited',
  unpresentedPayments: 'Less: payments not yet presented',
  adjustedBalance: 'Adjusted statement balance',
  cashBook: 'Cash book',
  clientLedgers: 'Client ledgers, added up',
  noStatementYet: 'No statement yet',
  reconciled: 'Reconciled',
  notReconciled: 'Not reconciled',
  lockedBy: (who: string, when: string) => `Locked by ${who} on ${when}`,
  lockMonth: 'Lock the month',
  locking: 'Locking…',
  confirmLock: (month: string, account: string) =>
    `Lock ${month} of ${account}? No entry can be dated in it afterwards.`,
  downloadPdf: 'Download PDF',
  linesCount: (matched: number, unmatched: number) =>
    `${matched} ${matched === 1 ? 'line' : 'lines'} matched this month, ${unmatched} unmatched`,
  unmatchedTitle: 'On the statement, not in the cash book',
  noUnmatched: 'Every statement line is in the cash book.',
  unclearedTitle: 'In the cash book, not yet on the statement',
  noUncleared: 'Every entry is on the statement.',
  description: 'Description',
  matchLine: 'Match',
  matchTitle: 'Match the statement line to an entry',
  matchEntryLabel: 'Entry of the same amount',
  noEntryOfAmount: 'No uncleared entry has this amount: record the line as an entry instead.',
  unmatch: 'Unmatch',
  recordLine: 'Record as entry',
  /** A line of money in becomes a receipt, of money out a payment (docs/client-money-statements.md). */
  recordLineTitle: (moneyIn: boolean) =>
    moneyIn ? 'Record the line as money received' : 'Record the line as a payment out',
  recordLineHint: 'Dated, sized and referenced as the statement line.',
  findClient: 'Find client',
  findClientHint: 'Name or email',
  clientLabel: 'Client',
  lineActionFailed: 'The statement line could not be changed: try again',
} as const;
