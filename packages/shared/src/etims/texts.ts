import type { EtimsState } from './rules';

/** What people read of KRA eTIMS (ADR 049). */
export const ETIMS_TEXTS = {
  state: {
    not_configured: 'Not sent to KRA: eTIMS is not set up.',
    awaiting: 'Awaiting KRA: it is sent as soon as KRA answers.',
    sent: 'KRA eTIMS: sent',
    refused: 'KRA refused it',
  } satisfies Record<EtimsState, string>,
  unreachable: 'KRA eTIMS could not be reached. It is tried again by itself.',
  refusedBecause: (message: string) =>
    `KRA refused it: ${message}. Correct what KRA names, then choose Retry.`,
  nothingToRetry: 'KRA has refused nothing of this fee note: there is nothing to send again.',
  refusedNoticeTitle: (number: string) => `KRA refused ${number}`,
  /** Initialising the device (System Settings, and the start-up's log). */
  notConfigured:
    'KRA eTIMS is not set up: ETIMS_PIN and ETIMS_DEVICE_SERIAL are not set. Ask whoever runs the server to set them and restart it.',
  initialiseUnreachable:
    'KRA eTIMS could not be reached to initialise the device. It is tried again by itself every minute; you may also try again later.',
  deviceRefused: (message: string) =>
    `KRA refused to initialise the device: ${message}. Check ETIMS_PIN, ETIMS_BRANCH_ID and ETIMS_DEVICE_SERIAL against what KRA issued, then try again.`,
  codeListRefused: (message: string) =>
    `KRA refused to give its code lists: ${message}. Try again later; if it persists, ask KRA's eTIMS support.`,
  taxRatesDiffer: (types: string) =>
    `KRA's tax rates differ from the firm's for type ${types}: fee notes are not sent until the system is updated. Tell whoever maintains it.`,
  classificationMissing:
    "KRA's item classifications do not list legal services (8012150000): fee notes are not sent until the system is updated. Tell whoever maintains it.",
  itemRefused: (item: string, message: string) =>
    `KRA refused to register the item ${item}: ${message}. Try again later; if it persists, ask KRA's eTIMS support.`,
} as const;

/**
 * KRA's receipt on the fee note's screen and on the fee note's and credit note's PDFs (ADR 049,
 * "What people see"): the same labels on both, so the screen and the paper say the same.
 */
export const ETIMS_RECEIPT_TEXTS = {
  heading: 'KRA eTIMS',
  receiptNumber: 'KRA receipt number',
  totalReceiptNumber: 'Receipts to date',
  signature: 'KRA signature',
  dateTime: 'KRA date and time',
  internalData: 'Internal data',
  scanToCheck: 'Scan to check this invoice with KRA',
  checkWithKra: 'Check with KRA',
  qrAlt: "QR code that opens KRA's invoice check",
  retry: 'Retry',
  /** A client does not see KRA's refusal: to them it is still on its way to KRA. */
  awaitingClient: 'Awaiting KRA: KRA has not confirmed it yet.',
  /** The PDF printed before KRA answered (or while KRA refuses it). */
  provisionalTitle: 'Provisional: awaiting KRA eTIMS',
  provisionalFeeNote:
    "KRA has not yet confirmed this fee note. Download it again once KRA has answered: that copy carries KRA's receipt number and QR code.",
  provisionalCreditNote:
    "KRA has not yet confirmed this credit note. Download it again once KRA has answered: that copy carries KRA's receipt number and QR code.",
} as const;
