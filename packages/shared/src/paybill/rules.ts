/**
 * A paybill payment's states (ADR 047): Safaricom's confirmation is `received`; Transaction Status
 * makes it `confirmed` or `forged`; a confirmed one is `settled` (all of it went to a record) or
 * `unallocated` (some or all waits for staff). Any of these is `reversed` when the daily sweep finds
 * that M-Pesa reversed it (ADR 054).
 */
export const PAYBILL_PAYMENT_STATUSES = [
  'received',
  'confirmed',
  'forged',
  'settled',
  'unallocated',
  'reversed',
] as const;
export type PaybillPaymentStatus = (typeof PAYBILL_PAYMENT_STATUSES)[number];

/** Where a paybill payment's money went. */
export const PAYBILL_SETTLED_TO = ['fee_note', 'client_money', 'refunded_outside'] as const;
export type PaybillSettledTo = (typeof PAYBILL_SETTLED_TO)[number];

/**
 * Whether Safaricom's validation asks the firm first (a firm setting, off by default): `off`
 * accepts every payment; `accounts` refuses an account number that names nothing;
 * `accounts_and_amounts` also refuses more than is owed on the fee note it names.
 */
/**
 * What M-Pesa does with a payment when the firm's validation address does not answer in time
 * (C2B Register URL's ResponseType, ADR 048): `Completed` takes it, `Cancelled` refuses it.
 */
export const PAYBILL_RESPONSE_TYPES = ['Completed', 'Cancelled'] as const;
export type PaybillResponseType = (typeof PAYBILL_RESPONSE_TYPES)[number];

export const PAYBILL_VALIDATION_MODES = ['off', 'accounts', 'accounts_and_amounts'] as const;
export type PaybillValidationMode = (typeof PAYBILL_VALIDATION_MODES)[number];
