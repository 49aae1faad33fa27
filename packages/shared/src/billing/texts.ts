import { groupThousands } from '../common/numbers';
import { MESSAGES } from '../common/texts';

/**
 * What the billing screens, emails and API say (docs/texts.md): fee notes, credit notes,
 * payments, receipts and M-Pesa. Written for a client reading on a phone. Amounts come in already
 * written ("KSh 12,500", formatKsh).
 */

export const BILLING_MESSAGES = {
  feeNoteNotFound: 'Fee note not found',
  userHasBilling:
    'This client has fee notes, payments or client money, which the firm must keep for 7 years. Deactivate the account instead.',
  paymentNotFound: 'Payment not found',
  creditNoteNotFound: 'This fee note has no credit note: it is not cancelled',
  viewDenied: MESSAGES.billingAccessDenied,
  manageDenied: 'Only advocates and admins who manage cases can draft, issue or cancel fee notes',
  payDenied: 'Only the client a fee note is for can pay it here',
  clientRequired: 'Choose the client this fee note is for',
  clientNotFound: 'Client not found',
  caseNotTheClients: 'Choose one of this client’s cases, or none',
  dueDateRequired: 'Choose the date payment is due',
  dueDateInvalid: 'Dates are written YYYY-MM-DD',
  /** `day` and `next` in words ("Sat 12 Dec 2026"). */
  dueDateNotWorkingDay: (day: string, problem: 'weekend' | 'holiday', next: string) =>
    `${day} is ${problem === 'weekend' ? 'a weekend day' : 'a Kenyan public holiday'}: a fee note falls due on a working day. Choose ${next} or later.`,
  linesRequired: 'Add at least one line',
  linesTooMany: (max: number) => `A fee note holds at most ${max} lines`,
  descriptionRequired: 'Describe the work or the cost',
  quantityInvalid: (max: number) => `Quantity must be a whole number from 1 to ${max}`,
  unitPriceInvalid: (max: number) =>
    `Price must be a whole number of shillings from 0 to ${groupThousands(max)}`,
  totalTooLarge: 'The fee note’s total is too large; split it into two',
  kraPinInvalid: 'A KRA PIN is a letter, 9 digits and a letter (e.g. A123456789B)',
  onlyDraftsChange:
    'An issued fee note cannot be changed; cancel it with a credit note and issue a new one',
  alreadyIssued: 'This fee note has already been issued',
  emptyNoteCannotIssue: 'A fee note must total at least KSh 1 to be issued',
  cancelReasonRequired: 'Say why the fee note is cancelled',
  onlyIssuedCancel: 'Only an issued fee note can be cancelled; a draft is simply deleted',
  paidCannotCancel: 'A fee note with payments on it cannot be cancelled',
  created: 'Fee note saved as a draft',
  updated: 'Fee note saved',
  issued: (number: string) => `Fee note ${number} issued and sent to the client`,
  cancelled: (creditNote: string) => `Fee note cancelled by credit note ${creditNote}`,
  deleted: 'Draft deleted',
  amountRequired: 'Enter the amount in whole shillings',
  amountInvalid: 'The amount must be a whole number of shillings from 1',
  amountOverBalance: (balance: string) => `The amount is more than what is owed (${balance})`,
  nothingOwed: 'Nothing is owed on this',
  targetRequired: 'Choose the fee note or the appointment this pays',
  purposeInvalid: 'Say what this pays: "fee" (a fee note or an appointment) or "deposit"',
  depositOnly: 'Only a deposit names a client or a case; a fee is paid by its fee note',
  depositHasNoTarget: 'A deposit is paid on account, not against a fee note or an appointment',
  depositClientRequired: 'Say whose deposit this is',
  caseNotFound: 'Case not found',
  notPayable: 'This can no longer be paid: it is cancelled, paid or not yet issued',
  referenceRequired: 'Give the reference: the M-Pesa code, cheque number or bank reference',
  receivedAtInvalid: 'The date received cannot be in the future',
  /**
   * `stillOwed`: what remains on the fee note or appointment after it ("KSh 123,050"), or null
   * once nothing does. A part payment is never announced as "paid".
   */
  paymentRecorded: (receipt: string, amount: string, stillOwed: string | null) =>
    stillOwed
      ? `${amount} received; ${stillOwed} still owed. Receipt ${receipt}`
      : `Payment recorded: ${amount}, paid in full. Receipt ${receipt}`,
  methodRequired: 'Choose how it was paid',
  flagAmountDiffers: (paid: string, asked: string) =>
    `M-Pesa reported ${paid} for a request of ${asked}: check the M-Pesa statement before recording it`,
  flagReceiptSeen: (receipt: string) =>
    `M-Pesa receipt ${receipt} is already recorded on another payment: check the M-Pesa statement`,
  flagNothingOwed:
    'M-Pesa took this payment but nothing was owed by then (paid another way or cancelled): refund it or apply it by hand',
  flaggedNoticeTitle: 'An M-Pesa payment needs checking',
  /** To those who record payments when a fee note or booking has had all the M-Pesa requests it may have. */
  pushCapNoticeTitle: 'M-Pesa requests stopped for today',
  pushCapNotice: (what: string, reason: string) =>
    `Requests for ${what} were stopped: ${reason}. The payer was asked to pay by paybill instead.`,
  pushCapReasonDaily: (count: number) => `${count} requests in the last 24 hours`,
  pushCapReasonPhones: 'too many different phone numbers were tried',
  issuedNoticeTitle: (number: string) => `Fee note ${number}`,
  /** `paybill`: payByPaybill's sentence when the firm has a paybill (ADR 047). */
  issuedNotice: (number: string, amount: string, due: string, paybill: string | null = null) =>
    `The firm has sent you fee note ${number} for ${amount}, due ${due}. You can see it, download it and pay it by M-Pesa in the client portal.${paybill ? ` Or pay from your phone's M-Pesa menu: ${paybill}.` : ''}`,
  cancelledNoticeTitle: (number: string) => `Fee note ${number} cancelled`,
  cancelledNotice: (number: string, amount: string, creditNote: string, reason: string) =>
    `The firm has cancelled fee note ${number} for ${amount} by credit note ${creditNote} (attached to the email). Nothing is due on it; do not pay it. Reason: ${reason}`,
  receiptNoticeTitle: (receipt: string) => `Payment received: ${receipt}`,
  /** The receipt email to a visitor who paid their booking's fee (no account, no bell). */
  visitorReceiptSubject: (receipt: string) => `Your receipt ${receipt}`,
  visitorReceiptEmail: (name: string, amount: string, what: string, receipt: string) =>
    [
      `Dear ${name},`,
      '',
      `We received ${amount} for ${what}. Your receipt ${receipt} is attached as a PDF; you can also download it from your booking's page (the link in your booking email).`,
      '',
      'Thank you.',
    ].join('\n'),
  receiptNotice: (amount: string, what: string, receipt: string, stillOwed: string | null) =>
    stillOwed
      ? `We received ${amount} for ${what}; ${stillOwed} is still owed on it. Your receipt is ${receipt}. Thank you.`
      : `We received ${amount} for ${what}, paid in full. Your receipt is ${receipt}. Thank you.`,
} as const;

/** M-Pesa payment texts: what the client sees while their phone asks for the PIN, and after. */
export const MPESA_TEXTS = {
  checkPhone: 'Check your phone and enter your M-Pesa PIN',
  waiting: 'Waiting for M-Pesa to confirm…',
  /** `stillOwed` as in `paymentRecorded`: a part payment says what remains, never "Paid". */
  succeeded: (receipt: string, amount: string, stillOwed: string | null) =>
    stillOwed
      ? `${amount} received; ${stillOwed} still owed. Your receipt is ${receipt}`
      : `Paid in full. Your receipt is ${receipt}`,
  cancelled: 'You cancelled the M-Pesa request on your phone. Nothing was paid.',
  timedOut:
    'Your phone did not answer the M-Pesa request in time (it may be off or out of network). Nothing was paid.',
  insufficient: 'M-Pesa says the balance is not enough for this payment. Nothing was paid.',
  failed: 'M-Pesa could not complete the payment. Nothing was paid.',
  /** M-Pesa took the money but it could not be matched to what is owed (staff look at it). */
  underReview:
    'M-Pesa took this payment, but we could not match it to what you owe. The firm will check it and contact you: keep your M-Pesa message.',
  tryAgain: 'Try again',
  alreadyAsked:
    'A payment request is already on its way to your phone. Check your phone, or try again in 2 minutes.',
  notSetUp: 'Paying from your phone is not set up yet',
  unavailable: 'M-Pesa cannot be reached just now. Please try again in a few minutes.',
  refused: 'M-Pesa refused the request. Check the phone number and try again.',
  phoneLabel: 'M-Pesa phone number',
  payButton: 'Pay with M-Pesa',
  /**
   * The requests one fee note or booking may have are used up (ADR 034, "How many prompts"):
   * the payer is told how to pay without one.
   */
  capReached: (paybill: string | null, account: string) =>
    paybill
      ? `We cannot send more M-Pesa requests for this today. To pay now, use M-Pesa Pay Bill: business number ${paybill}, account number ${account}.`
      : `We cannot send more M-Pesa requests for this today. Please call the firm to pay, quoting ${account}.`,
  /** A visitor's booking is paid once the firm has confirmed it (ADR 034, "How many prompts"). */
  bookingNotConfirmed:
    'You can pay here once the firm has confirmed your booking. We will email you when it does.',
} as const;

/**
 * The Pay with M-Pesa dialog on a fee note, around MPESA_TEXTS (what M-Pesa answers): the phone
 * and amount asked first, then the wait for the PIN, and the firm's paybill when paying from the
 * portal is not set up.
 */
export const MPESA_PAY_TEXTS = {
  phoneHint: 'The phone with M-Pesa on it, e.g. 0712 345 678 or +254 712 345 678.',
  amountLabel: 'Amount (KSh)',
  amountHint: (balance: string) =>
    `The balance is ${balance}. You may pay less now and the rest later.`,
  submit: (amount: string) => `Pay ${amount}`,
  submitNoAmount: 'Pay',
  sending: 'Sending…',
  sentTo: (amount: string, phone: string) => `M-Pesa is asking ${phone} to pay ${amount}.`,
  closeHint: 'You can close this: the fee note shows the payment once M-Pesa confirms it.',
  bookingCloseHint:
    'You can close this: this page shows the booking as paid once M-Pesa confirms it.',
  bookingDescription: (reference: string) => `Booking ${reference}`,
  appointmentCloseHint:
    'You can close this: your appointments show this one as paid once M-Pesa confirms it.',
  appointmentDescription: (title: string, reference: string) => `${title} (${reference})`,
  close: 'Close',
  done: 'Done',
  payByHandHeading: 'Pay from the M-Pesa menu instead',
  payByHandIntro: 'Send the money from your phone’s M-Pesa menu with these details:',
  paybillLoading: 'Loading the firm’s payment details…',
  accountNumber: 'Account number',
  /** What to type as the account number (paybillAccountNumber): letters and digits only. */
  accountNumberHowTo:
    'Account number: for a fee note, its number without the slashes (fee note FN/2026/0001: type FN20260001); for an appointment, its reference without the dash (APT-3F9A2C1D: type APT3F9A2C1D).',
} as const;

/** The words for a failed push's Safaricom ResultCode (1032 cancelled, 1037 no answer, 1 balance). */
export function mpesaFailureText(resultCode: number | null): string {
  if (resultCode === 1032) return MPESA_TEXTS.cancelled;
  if (resultCode === 1037) return MPESA_TEXTS.timedOut;
  if (resultCode === 1) return MPESA_TEXTS.insufficient;
  return MPESA_TEXTS.failed;
}

/** What the portal's billing screens say besides the API's messages (the web app's /billing). */
export const BILLING_SCREEN_TEXTS = {
  heading: 'Billing',
  clientIntro: 'Fee notes from the firm, what you have paid and what you still owe.',
  staffIntro: 'The firm’s fee notes, payments and receipts.',
  listCaption: 'Fee notes',
  loading: 'Loading fee notes',
  loadingOne: 'Loading fee note',
  loadFailed: 'Fee notes could not be loaded',
  loadOneFailed: 'The fee note could not be loaded',
  empty: 'No fee notes yet',
  emptyClient: 'You have no fee notes from the firm yet',
  emptyFiltered: 'No fee notes match this status',
  statusFilterLabel: 'Status',
  allStatuses: 'All statuses',
  overdue: 'Overdue',
  draftNumber: 'Draft',
  balanceOwed: 'Balance owed',
  balanceOwedHint: 'The total still to pay on your issued fee notes.',
  nothingOwed: 'You owe nothing at the moment. Thank you.',
  backToBilling: 'Back to Billing',
  notFoundHint: 'It may have been deleted, or the link may be wrong.',
  noMatter: 'General, not tied to a case',
  columns: {
    number: 'Fee note',
    client: 'Client',
    clientAndMatter: 'Client and matter',
    matter: 'Matter',
    issued: 'Issued',
    due: 'Due',
    total: 'Total',
    balance: 'Balance',
    status: 'Status',
  },
  notIssued: 'Not issued',
  feeNoteTitle: (number: string | null) => (number ? `Fee note ${number}` : 'Draft fee note'),
  issuedOn: 'Issued',
  dueOn: 'Due',
  matter: 'Matter',
  client: 'Client',
  buyerKraPin: 'Client’s KRA PIN',
  linesHeading: 'Work and costs',
  fees: 'Professional fees',
  disbursements: 'Disbursements',
  linesCaption: (kind: string) => `${kind}: lines`,
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  totalsHeading: 'Totals',
  feesTotal: 'Fees',
  vat: (rate: number) => `VAT ${rate}%`,
  disbursementsTotal: 'Disbursements',
  total: 'Total',
  paid: 'Paid',
  balance: 'Balance',
  paymentsHeading: 'Payments',
  noPayments: 'No payments yet',
  paymentsCaption: 'Payments on this fee note',
  receivedAt: 'Received',
  method: 'Method',
  reference: 'Reference',
  receipt: 'Receipt',
  paymentPending: 'Waiting for M-Pesa',
  paymentFailed: 'Failed',
  needsChecking: 'Needs checking',
  downloadPdf: 'Download PDF',
  downloadCreditNote: 'Download credit note',
  downloadReceipt: 'Download receipt',
  downloadReceiptFor: (receipt: string) => `Download receipt ${receipt}`,
  downloadFailed: 'The file could not be downloaded. Please try again.',
  downloading: 'Downloading…',
  cancelledHeading: 'Cancelled',
  cancelledBy: (creditNote: string, day: string) =>
    `Cancelled by credit note ${creditNote} on ${day}.`,
  cancelReasonLabel: 'Reason',
  draftNotice: 'This is a draft: the client cannot see it until it is issued.',
  // Staff actions
  newFeeNote: 'New fee note',
  editDraft: 'Edit draft',
  deleteDraft: 'Delete draft',
  issue: 'Issue',
  cancel: 'Cancel fee note',
  recordPayment: 'Record payment',
  saveDraft: 'Save draft',
  savingDraft: 'Saving…',
  newFeeNoteTitle: 'New fee note',
  editFeeNoteTitle: 'Edit draft fee note',
  formDescription: 'Saved as a draft. The client sees it only once it is issued.',
  clientSearchLabel: 'Find a client',
  clientSearchPlaceholder: 'Name, email or phone',
  clientLabel: 'Client',
  chooseClient: 'Choose a client',
  noClientsFound: 'No client matches that search',
  caseLabel: 'Matter (optional)',
  noCase: 'None: general work for the client',
  casesLoading: 'Loading the client’s matters…',
  dueDateLabel: 'Due date',
  dueDateHint: 'A working day: not a Saturday, Sunday or Kenyan public holiday.',
  buyerKraPinLabel: 'Client’s KRA PIN (optional)',
  buyerKraPinHint: 'Printed on the fee note when the client asks for it, e.g. A123456789B.',
  linesLegend: 'Lines',
  lineLegend: (n: number) => `Line ${n}`,
  lineKindLabel: 'Kind',
  lineDescriptionLabel: 'Description',
  lineQuantityLabel: 'Quantity',
  lineUnitPriceLabel: 'Unit price (KSh)',
  lineAmount: (amount: string) => `Amount: ${amount}`,
  lineKind: (n: number) => `Line ${n}: kind`,
  lineDescription: (n: number) => `Line ${n}: description`,
  lineQuantity: (n: number) => `Line ${n}: quantity`,
  lineUnitPrice: (n: number) => `Line ${n}: unit price (KSh)`,
  removeLine: (n: number) => `Remove line ${n}`,
  addLine: 'Add line',
  previewHeading: 'Totals (preview)',
  vatPreviewNote: 'VAT, if the firm is VAT-registered, is added when saved',
  vatPreviewFromDraft: (rate: number) =>
    `VAT at ${rate}% as when this draft was last saved; the firm’s current setting applies when saved`,
  totalBeforeVat: 'Total before VAT',
  confirmDeleteTitle: 'Delete this draft?',
  confirmDelete: 'The draft is deleted for good. Nothing was sent to the client.',
  deleting: 'Deleting…',
  confirmIssueTitle: 'Issue fee note?',
  confirmIssue:
    'Issue fee note? The client is emailed and texted at once and it cannot be changed afterwards.',
  issuing: 'Issuing…',
  cancelTitle: 'Cancel fee note',
  cancelDescription:
    'A numbered credit note cancels it. The client sees the reason. This cannot be undone.',
  cancelReasonFieldLabel: 'Reason for cancelling',
  confirmCancel: 'Cancel with a credit note',
  cancelling: 'Cancelling…',
  keep: 'Keep it',
  recordPaymentTitle: 'Record payment',
  recordPaymentDescription: (owed: string) =>
    `Money received outside the portal. Still owed: ${owed}. A receipt is issued at once.`,
  amountLabel: 'Amount (KSh)',
  methodLabel: 'Method',
  referenceLabel: 'Reference',
  referenceHint: 'The M-Pesa code, cheque number or bank reference. Not needed for cash.',
  receivedAtLabel: 'Date received',
  receivedAtHint: 'Leave as today unless it came in earlier.',
  recording: 'Recording…',
  saveFailed: 'The fee note could not be saved',
  actionFailed: 'That did not work. Please try again.',
} as const;

/** System Settings → Firm settings: the billing fields' labels and hints (ADR 035). */
export const FIRM_BILLING_SETTINGS_TEXTS = {
  legend: 'Billing',
  intro: 'Printed on every fee note and receipt the firm issues.',
  kraPinLabel: 'Firm’s KRA PIN',
  kraPinHint:
    'A letter, 9 digits and a letter, e.g. P051234567X. Needed if the firm is VAT-registered.',
  vatLabel: 'The firm is registered for VAT',
  vatHint: (rate: number) =>
    `VAT at ${rate}% is added to professional fees (not disbursements) of each fee note issued from now on. Fee notes already issued keep theirs.`,
  bankLegend: 'Bank account',
  bankIntro:
    'The account clients may pay into by bank transfer. Give at least the bank and the account number, or leave all four empty to print none.',
  bankNameLabel: 'Bank',
  bankNamePlaceholder: 'e.g. KCB Bank Kenya',
  bankBranchLabel: 'Branch',
  bankBranchPlaceholder: 'e.g. Moi Avenue',
  bankAccountNameLabel: 'Account name',
  bankAccountNameHint: 'As the bank holds it, e.g. Mwamba & Associates Advocates Client Account.',
  bankAccountNumberLabel: 'Account number',
} as const;

/**
 * Staff record an appointment's fee as paid (the diary): through POST /api/payments, so that it
 * gets a numbered receipt like any other payment (ADR 035).
 */
export const APPOINTMENT_PAYMENT_TEXTS = {
  button: 'Record payment',
  buttonFor: (title: string) => `Record payment: ${title}`,
  title: 'Record payment',
  description: (title: string, client: string) => `${title}: ${client}`,
  amount: (fee: string) => `Amount: ${fee}, the appointment’s fee. A receipt is issued at once.`,
  methodLabel: 'Payment method',
  mpesaCodeLabel: 'M-Pesa code',
  referenceLabel: 'Reference',
  submit: 'Record payment',
  recording: 'Recording…',
} as const;

/** /billing's staff views, and what the fee notes list says of the filters a link sets. */
export const BILLING_LIST_TEXTS = {
  viewsLabel: 'Billing views',
  feeNotesView: 'Fee notes',
  paymentsView: 'Payments',
  outstanding: 'Outstanding (not paid in full)',
  billed: 'Billed (issued, not cancelled)',
  feeNoteCount: (total: number) => `${total} ${total === 1 ? 'fee note' : 'fee notes'}`,
  /** Staff's total line: what the listed fee notes billed, and what is still owed on them. */
  sums: (billed: string, owed: string) => `${billed} billed · ${owed} still owed`,
  issued: (days: string) => `issued ${days}`,
  forClient: (name: string) => `for ${name}`,
  forOneClient: 'for one client',
  showingFeeNotes: (parts: string) => `Showing fee notes ${parts}.`,
  emptyFiltered: 'No fee notes match these filters',
} as const;

/** The staff's Payments view of /billing: every payment, newest first, with its filters. */
export const PAYMENTS_LIST_TEXTS = {
  caption: 'Payments',
  loading: 'Loading payments',
  loadFailed: 'Payments could not be loaded',
  empty: 'No payments yet',
  emptyFiltered: 'No payments match these filters',
  methodFilter: 'Method',
  allMethods: 'All methods',
  statusFilter: 'Status',
  allStatuses: 'All statuses',
  fromFilter: 'Received from',
  toFilter: 'Received to',
  clearFilters: 'Clear filters',
  statusLabels: {
    pending: BILLING_SCREEN_TEXTS.paymentPending,
    succeeded: 'Received',
    failed: BILLING_SCREEN_TEXTS.paymentFailed,
    reversed: 'Reversed by M-Pesa',
  },
  columns: {
    received: 'Received',
    client: 'Client',
    for: 'For',
    method: 'Method',
    source: 'Source',
    amount: 'Amount',
    receipt: 'Receipt',
    status: 'Status',
  },
  notReceived: 'Not received',
  noReceipt: 'No receipt',
  feeNote: (number: string | null) => (number ? `Fee note ${number}` : 'Draft fee note'),
  appointment: (title: string) => `Appointment: ${title}`,
  count: (total: number) => `${total} ${total === 1 ? 'payment' : 'payments'}`,
  received: (amount: string) => `${amount} received`,
} as const;
