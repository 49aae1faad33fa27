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
  sweepNotSetUp: 'M-Pesa is not set up, so there is nothing to sweep.',
  sweepFailed: 'M-Pesa could not list the paybill’s transactions just now. Try again later.',
  // The daily sweep found M-Pesa reversed a payment (ADR 054).
  reversedNoticeTitle: 'M-Pesa reversed a paybill payment',
  reversedFeeNote: (transId: string, amount: number, feeNote: string) =>
    `M-Pesa reversed paybill payment ${transId} (${formatKsh(amount)}). It no longer pays fee note ${feeNote}: the note owes it again and its receipt is marked reversed.`,
  reversedClientMoney: (transId: string, amount: number) =>
    `M-Pesa reversed paybill payment ${transId} (${formatKsh(amount)}). It was held as client money on the client's ledger: reverse that receipt in client money.`,
  reversedUnsettled: (transId: string, amount: number) =>
    `M-Pesa reversed paybill payment ${transId} (${formatKsh(amount)}). Nothing had been paid with it; it is no longer waiting to be allocated.`,
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
  notSetUp:
    'M-Pesa is not set up on this server: the paybill (MPESA_SHORTCODE), the callback secret (MPESA_CALLBACK_SECRET) and the Daraja keys must be set before the addresses can be registered.',
  responseTypeInvalid:
    'Choose whether M-Pesa takes or refuses a payment when the check does not answer',
  registered:
    'Safaricom registered the paybill addresses: paybill payments will now reach the system.',
  darajaUnavailable:
    'Safaricom could not be reached, or did not answer: the paybill addresses are not registered. Try again in a few minutes.',
  darajaRefused: (code: string | null) =>
    `Safaricom refused to register the paybill addresses${code ? ` (its code ${code})` : ''}: they are not registered. Check the paybill number and the Daraja keys set on this server, then try again.`,
} as const;

/** System Settings › Firm settings › M-Pesa: connecting the paybill (ADR 048). */
export const PAYBILL_CONNECTION_TEXTS = {
  heading: 'Paybill payments',
  intro:
    'Safaricom sends each payment made to the paybill from the M-Pesa menu to this system, once its addresses are registered with Safaricom.',
  registeredOn: (day: string, by: string | null) => `Registered on ${day}${by ? ` by ${by}` : ''}.`,
  notRegistered:
    'Not registered: payments made to the paybill from the M-Pesa menu do not reach the system.',
  notCurrent:
    'The system’s address or its callback secret changed since: register again, or Safaricom sends payments to the old address.',
  notSetUp: 'M-Pesa is not set up on this server, so the addresses cannot be registered yet.',
  responseTypeOf: {
    Completed:
      'When the system does not answer Safaricom’s check in time, M-Pesa takes the payment.',
    Cancelled:
      'When the system does not answer Safaricom’s check in time, M-Pesa refuses the payment.',
  },
  register: 'Register paybill addresses',
  registerAgain: 'Register paybill addresses again',
  registering: 'Registering…',
  dialogTitle: 'Register the paybill addresses with Safaricom?',
  dialogDescription:
    'Safaricom will send every payment made to the firm’s paybill to this system. Registering again replaces the addresses registered before.',
  responseTypeLegend: 'If the system does not answer Safaricom’s check in time',
  responseTypeOptions: {
    Completed: 'Take the payment (recommended)',
    Cancelled: 'Refuse the payment',
  },
  confirm: 'Register',
  cancel: 'Cancel',
  failed: 'The paybill addresses could not be registered. Try again.',
} as const;
