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
} as const;
