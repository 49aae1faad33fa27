import type { EtimsState } from './rules';

/** What people read of KRA eTIMS (ADR 049). */
export const ETIMS_TEXTS = {
  state: {
    not_configured: 'Not sent to KRA: eTIMS is not set up.',
    awaiting: 'Awaiting KRA: it is sent as soon as KRA answers.',
    sent: 'KRA eTIMS: sent',
    kra_has_it:
      'KRA eTIMS: KRA has it (it already held this invoice number; it is not sent again).',
    refused: 'KRA refused it',
    failed: 'KRA did not answer for 48 hours',
  } satisfies Record<EtimsState, string>,
  /** KRA unavailable for 48 hours: the sending stopped (ADR 049). */
  failedMessage: 'KRA did not answer for 48 hours. Sending has stopped; choose Retry to try again.',
  failedNoticeTitle: (number: string) => `KRA did not answer for 48 hours: ${number}`,
  /** The client's fee note email when KRA has not answered in 24 hours (ADR 049). */
  signedCopyFollows:
    'The attached copy is not yet signed by KRA eTIMS: the signed copy follows by email once KRA has answered.',
  signedCopyTitle: (number: string) => `Fee note ${number} signed by KRA eTIMS`,
  signedCopyMessage: (number: string) =>
    `KRA eTIMS has now signed fee note ${number}. The signed copy is attached; it replaces the one sent earlier.`,
  unreachable: 'KRA eTIMS could not be reached. It is tried again by itself.',
  refusedBecause: (message: string) =>
    `KRA refused it: ${message}. Correct what KRA names, then choose Retry.`,
  nothingToRetry:
    'KRA has refused nothing of this fee note and has not stopped answering for it: there is nothing to send again.',
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
  /** System Settings' "KRA eTIMS" section and the list of what did not reach KRA. */
  settings: {
    title: 'KRA eTIMS',
    intro:
      'Fee notes and credit notes are sent to KRA eTIMS after they are issued. The key KRA issued is never shown.',
    configured: 'Set up',
    notConfiguredShort: 'Not set up',
    branch: 'Branch',
    device: 'Device serial',
    initialisedAt: 'Device initialised',
    notInitialised: 'Not yet initialised',
    sdcId: 'KRA device (SDC ID)',
    mrcNo: 'KRA device (MRC number)',
    lastError: 'Last set-up error',
    setUpAgain: 'Set up again',
    confirmTitle: 'Set up KRA eTIMS again?',
    confirmBody:
      "The device is initialised with KRA again, KRA's code lists read and the firm's items registered. Fee notes already sent are not sent again.",
    confirm: 'Set up again',
    settingUp: 'Setting up…',
    done: 'KRA eTIMS is set up.',
    loadFailed: "KRA eTIMS' set-up could not be loaded.",
    setUpFailed: 'KRA eTIMS could not be set up. Try again in a moment.',
  },
  problems: {
    title: 'Not accepted by KRA eTIMS',
    intro:
      'Fee notes and credit notes KRA refused or did not answer for 48 hours. Those issued after one wait behind it. Correct what KRA names, then choose Retry.',
    empty: 'Nothing is waiting: KRA eTIMS has accepted everything sent.',
    document: 'Document',
    kind: { sale: 'Fee note', credit: 'Credit note' },
    invcNo: 'KRA invoice no.',
    state: 'State',
    message: "KRA's answer",
    since: 'Since',
    retry: 'Retry',
    retryLabel: (number: string) => `Retry sending ${number} to KRA eTIMS`,
    retrying: 'Sending…',
    retryFailed: 'It could not be sent again. Try again in a moment.',
    retried: (number: string) => `${number} is being sent to KRA again.`,
    loadFailed: 'What did not reach KRA eTIMS could not be loaded.',
  },
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
