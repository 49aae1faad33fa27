/** Deadlines' texts, apart from the schemas, so screens can show them without loading zod (ADR 008). */
export const LIMITATION_TEXTS = {
  tabLabel: 'Limitation periods',
  saved: 'Limitation periods saved',
  kindInvalid:
    'Kind must be a short name in lower-case letters, digits and underscores, starting with a letter',
  kindRepeated: 'Each kind may appear once: remove the repeated one',
  labelRequired: 'Name the kind of claim',
  amountInvalid: 'Period must be a whole number from 1 to 1200',
  unitInvalid: 'Unit must be days, months or years',
  sourceRequired: 'Cite the section the period comes from',
  periodsRequired: 'Keep at least one limitation period',
  /** Shown beside every computed date: guidance the advocate confirms, not advice (product rules). */
  guidance:
    'Worked out from the firm’s table of limitation periods: check it against the statute and the facts before relying on it.',
} as const;

/** Tasks and deadlines (ADR 051). */
export const TASK_TEXTS = {
  taskNotFound: 'Task not found',
  caseNotFound: 'Case not found',
  titleRequired: 'Enter what is to be done',
  dueDateRequired: 'Enter the day it is due',
  dueTimeInvalid: 'Time must be HH:MM on the 24-hour clock',
  priorityRequired: 'Choose a priority',
  statusRequired: 'Choose a status',
  assigneesRequired: 'Assign it to at least one member of staff',
  assigneesRepeated: 'Each person may be assigned once',
  assigneeCannotOpenCase:
    'Assign it only to staff who may open the case file (advocates, and admins with “Open Files”)',
  visibleNeedsCase: 'Only a task on a case can be shown to its client',
  deadlineNeverVisible: 'A deadline is never shown to the client',
  deadlineCaseFixed: 'A deadline stays on the case it was worked out for',
  assigneeFilterInvalid: 'Assignee must be “me” or a member of staff',
  dueFilterInvalid: 'Due must be overdue, today or week',
  manageDenied: 'You do not have permission to manage tasks.',
  deleted: 'Task deleted',
  causeKindUnknown: 'Choose a kind of claim from the firm’s table of limitation periods',
  causeDateRequired: 'Enter the day the cause of action arose',
  causeDateFuture: 'The cause of action cannot arise after today',
  /** The deadline's title: "Limitation: last day to file (Contract)". */
  deadlineTitle: (label: string) => `Limitation: last day to file (${label})`,
} as const;

/** Public holidays the firm adds when one is gazetted at short notice (ADR 051). */
export const HOLIDAY_TEXTS = {
  dayRequired: 'Enter the day of the holiday',
  nameRequired: 'Name the holiday',
  alreadyAdded: 'That day is already one of the firm’s holidays',
  alreadyPublic: (name: string) => `That day is already a public holiday: ${name}`,
  notFound: 'That day is not one of the firm’s holidays',
  addDenied: 'You do not have permission to add public holidays.',
  removed: 'Holiday removed',
} as const;
