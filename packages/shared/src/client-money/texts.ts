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
} as const;
