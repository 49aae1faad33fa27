/** The words of a case's expenses (docs/product-rules.md#time-and-expenses, ADR 050). */
export const EXPENSE_SCREEN_TEXTS = {
  title: 'Expenses',
  caption: 'Expenses on this case',
  loading: 'Loading the expenses…',
  loadFailed: 'The expenses could not be loaded. Check your connection and try again.',
  empty: 'No expenses recorded on this case yet.',
  add: 'Add expense',
  addTitle: 'Add expense',
  editTitle: 'Change expense',
  description: (caseNumber: string) =>
    `An expense paid for ${caseNumber}, with its receipt. Once on a fee note it cannot be changed.`,
  save: 'Save expense',
  saving: 'Saving…',
  saved: 'Expense recorded',
  changed: 'Expense changed',
  saveFailed: 'The expense could not be saved. Check the fields and try again.',
  dateLabel: 'Date paid',
  kindLabel: 'What for',
  amountLabel: 'Amount (KSh)',
  payeeLabel: 'Paid to',
  paidFromLabel: 'Paid by',
  paidFromLabels: { firm: 'The firm', client_account: 'From the client account' },
  receiptLabel: 'Receipt',
  receiptHint: 'A photo or scan of the receipt: PDF, JPEG or PNG.',
  receiptKept: 'The receipt stays as it is.',
  choose: 'Choose…',
  edit: (what: string) => `Change ${what}`,
  remove: (what: string) => `Delete ${what}`,
  confirmDelete: (what: string) => `Delete the expense “${what}”? Its receipt is deleted with it.`,
  deleteFailed: 'The expense could not be deleted. Try again.',
  receipt: (name: string) => `Receipt: ${name}`,
  receiptFailed: 'The receipt could not be opened. Try again.',
  line: (kind: string, payee: string) => `${kind} · ${payee}`,
} as const;

/** The server's words about receipts. */
export const EXPENSE_TEXTS = {
  receiptNotFound: 'Receipt not found',
} as const;
