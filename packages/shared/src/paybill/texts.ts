import { formatKsh } from '../appointments/rules';

/** The words of paybill payments (docs/product-rules.md#paying-by-paybill). */
export const PAYBILL_TEXTS = {
  notFound: 'Paybill payment not found',
  allocateToRequired: 'Choose where the money goes',
  feeNoteRequired: 'Choose the fee note',
  clientRequired: 'Choose the client',
  clientNotFound: 'Client not found',
  caseInvalid: 'Choose one of the client’s cases',
  reasonRequired: 'Say why the money goes there',
  amountInvalid: 'Give a whole number of shillings, at least 1',
  alreadyAllocated: 'This payment has nothing left to allocate',
  moreThanLeft: (left: number) => `Only ${formatKsh(left)} of this payment is left to allocate`,
  notConfirmed: 'This payment is not confirmed by M-Pesa yet: it cannot be allocated',
  overFeeNoteBalance: (balance: number) => `Only ${formatKsh(balance)} is owed on that fee note`,
  noClientAccount:
    'Client money cannot take this payment: the firm has no M-Pesa client account for the paybill, or its month is locked',
  forgedNoticeTitle: 'A paybill payment M-Pesa does not know',
  forgedNotice: (transId: string, reason: string) =>
    `Safaricom was said to have sent paybill payment ${transId}, but M-Pesa's own records ${reason}. No money was recorded.`,
  forgedUnknown: 'do not know it',
  forgedAmount: (claimed: number, real: number) =>
    `show ${formatKsh(real)}, not ${formatKsh(claimed)}`,
  forgedShortcode: 'show it paid to another paybill',
  unallocatedNoticeTitle: 'A paybill payment to allocate',
  unallocatedNotice: (transId: string, amount: number, typed: string) =>
    `${formatKsh(amount)} paid by M-Pesa (${transId}) with account number “${typed}” waits to be allocated.`,
} as const;

/**
 * How to pay the firm's paybill, in one sentence wherever a client is asked to pay (the fee note's
 * screen, PDF, email and text; the client money statement): the business number (MPESA_SHORTCODE)
 * and the account number to type, a fee note's (`paybillAccountOf`) or the client's own
 * reference (`clientPaymentReference`). Without a paybill nothing about it shows (ADR 047).
 */
export const payByPaybill = (businessNumber: string, account: string) =>
  `Pay Bill ${businessNumber}, account ${account}`;

/** Staff's Unallocated payments view (/billing?view=unallocated) and its Allocate dialog. */
export const PAYBILL_SCREEN_TEXTS = {
  /** Before payByPaybill's sentence on a client's fee note and statement. */
  howToPay: 'Pay from your phone’s M-Pesa menu:',
  view: 'Unallocated',
  caption: 'Paybill payments waiting to be allocated',
  intro:
    'Paybill payments whose account number named no fee note or client, or that left money over. Allocate each one.',
  loading: 'Loading unallocated payments…',
  loadFailed: 'The unallocated payments could not be loaded. Try again.',
  empty: 'No paybill payment is waiting to be allocated',
  emptyHint: 'A payment whose account number names nothing appears here.',
  count: (n: number) => (n === 1 ? '1 payment to allocate' : `${n} payments to allocate`),
  columns: {
    paidAt: 'Paid',
    amount: 'Amount',
    transId: 'M-Pesa code',
    payer: 'Payer',
    accountNumber: 'Account typed',
    left: 'Left',
    action: 'Action',
  },
  noAccountNumber: 'None typed',
  notConfirmed: 'Waiting for M-Pesa to confirm it',
  allocate: 'Allocate',
  allocateFor: (transId: string) => `Allocate ${transId}`,
  dialogTitle: (transId: string) => `Allocate ${transId}`,
  dialogDescription: (left: number, typed: string) =>
    `${formatKsh(left)} is left to allocate. The payer typed “${typed || 'nothing'}” as the account number.`,
  toLabel: 'Where the money goes',
  toOptions: {
    fee_note: 'To a fee note',
    client_money: 'To a client’s money on account',
    refunded_outside: 'Refunded outside the system',
  },
  feeNoteSearchLabel: 'Find the fee note',
  feeNoteSearchHint: 'Type its number or the client’s name',
  feeNoteLabel: 'Fee note',
  feeNoteLoading: 'Loading fee notes…',
  feeNoteNone: 'No unpaid fee note matches',
  feeNoteChoose: 'Choose the fee note',
  feeNoteOption: (number: string, client: string, balance: number) =>
    `${number} · ${client} · ${formatKsh(balance)} owed`,
  clientSearchLabel: 'Find the client',
  clientSearchHint: 'Type the client’s name',
  clientLabel: 'Client',
  clientChoose: 'Choose the client',
  clientNone: 'No client matches',
  reasonLabel: 'Reason',
  reasonHint: 'Why the money goes there; it is kept in the audit log.',
  submit: 'Allocate',
  submitting: 'Allocating…',
  failed: 'The payment could not be allocated. Try again.',
  allocatedToFeeNote: (amount: number, transId: string, feeNote: string) =>
    `${formatKsh(amount)} of ${transId} went to fee note ${feeNote}.`,
  allocatedToClient: (amount: number, transId: string, client: string) =>
    `${formatKsh(amount)} of ${transId} went to ${client}’s money on account.`,
  allocatedRefunded: (amount: number, transId: string) =>
    `${formatKsh(amount)} of ${transId} is marked refunded outside the system.`,
} as const;

/** Connecting the paybill to Safaricom (ADR 048): why the addresses cannot be registered. */
export const PAYBILL_REGISTER_TEXTS = {
  notHttps:
    'Safaricom only sends payments to a secure (https) address. Set PUBLIC_URL to the https address of this system, then register again.',
  forbiddenWord: (word: string) =>
    `Safaricom refuses addresses containing “${word}”. Change PUBLIC_URL (or the callback secret) so neither address contains it, then register again.`,
} as const;
