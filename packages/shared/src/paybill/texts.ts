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

/** Connecting the paybill to Safaricom (ADR 048): why the addresses cannot be registered. */
export const PAYBILL_REGISTER_TEXTS = {
  notHttps:
    'Safaricom only sends payments to a secure (https) address. Set PUBLIC_URL to the https address of this system, then register again.',
  forbiddenWord: (word: string) =>
    `Safaricom refuses addresses containing “${word}”. Change PUBLIC_URL (or the callback secret) so neither address contains it, then register again.`,
} as const;
