/**
 * User-facing contract texts (docs/texts.md): field messages and failures, word for word.
 * Screens and the server read them from here so that a wording change happens in one place.
 */
export const MESSAGES = {
  genericError: 'An error occurred',
  serverError: 'Something went wrong on our side. Please try again in a moment.',
  serviceBusy: 'We are very busy right now. Please try again in a few seconds.',
  notFound: 'Not found',
  routeNotFound: 'The requested resource was not found',
  malformedJson: 'The request body is not valid JSON',
  // Requests the server cannot read at all (the error contract, never echoing what was sent).
  badRequest: 'Bad request',
  badUrl: 'The address of the request is not valid',
  uriTooLong: 'The address of the request is too long',
  headersTooLarge: 'The request headers are too large',
  bodyTooLarge: 'The request body is too large',
  unsupportedMediaType: 'Unsupported content type',
  invalidContentLength: 'Invalid content length',
  requestTimeout: 'The request took too long to arrive. Please try again.',
  methodNotAllowed: 'This method is not allowed here',
  tooManyRequests: 'Too many requests. Please try again later.',
  tooManyRequestsRetryIn: (seconds: number) =>
    `Too many requests. Please try again in ${seconds} seconds.`,
  validationFailed: 'Please correct the highlighted fields',
  signInRequired: 'Please sign in to continue',
  pageNotFound: 'Page Not Found',
  pageNotFoundHelp: 'Sorry, the page you are looking for does not exist or has been moved.',
  unexpectedApplicationError: 'Unexpected Application Error!',

  // GET /api/ready, read by a load balancer or monitoring (docs/deploy.md#what-to-watch).
  ready: 'Ready to serve requests',
  notReady: (reasons: string[]) => `Not ready: ${reasons.join('; ')}`,
  notReadyDatabase: 'the database does not answer',
  notReadyJobQueue: 'the job queue does not answer',
  notReadyMigrations: 'database migrations are running',
  serverStarting: 'The server is starting. Please try again in a moment.',
  metricsTokenRequired: 'The metrics need the bearer token set as METRICS_TOKEN',

  contactSuccess: 'Thank you for your message! We will get back to you within 24 hours.',

  // Accounts: what every page may need (the header's sign-out, an expired session).
  logoutSuccess: 'Logged out successfully',
  passwordChangeRequired: 'Please change your password to continue',
  forbidden: 'You do not have permission to do this',
  pageNotAllowed: 'You do not have access to that page.',
  casesAccessDenied: 'You do not have permission to open case files.',
  adminManagementAccessDenied: 'Access Denied: Only advocates (super admins) can access this page.',
  // The route guard's words for Clients, Enquiries, Billing (also the API's 403s) and Reports.
  clientsAccessDenied:
    'Access denied. Only advocates, and admins who admit clients, open case files or manage cases, can see clients.',
  enquiriesAccessDenied:
    'Access denied. Only advocates, and admins who admit clients or schedule appointments, can see enquiries.',
  billingAccessDenied: 'Only advocates and admins who manage cases can see the firm’s fee notes',
  clientMoneyAccessDenied:
    'Only advocates, admins who manage cases, and the client can see client money',
  reportsAccessDenied: 'Access denied. Reports are for advocates and admins allowed to view them.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  // A refused page says why (its message above) and who can change it.
  accessDeniedTitle: 'Access Denied',
  onlyAdvocatesOpen: 'Only the firm’s advocates can open this page.',
  goToDashboard: 'Go to your dashboard',

  // What any screen or busy button says meanwhile; a feature's own words are in its texts.
  loading: 'Loading…',
  saving: 'Saving…',
  sending: 'Sending…',
  creating: 'Creating…',
  checkingSession: 'Checking your session…',
  /** The hint under an empty list that the person has filtered (docs/product-rules.md#screens). */
  filteredEmptyHint: 'Try adjusting your search criteria',
  /** Under unexpectedApplicationError, when a page fails to render. */
  pageFailed:
    'Something went wrong while showing this page. Please reload it; if the problem continues, contact us.',
} as const;

export const VALIDATION = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordMinLogin: 'Password must be at least 6 characters',
  passwordMinRegistration: 'Password must be at least 8 characters',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Invalid phone number',
  licenseNumberRequired: 'License number is required',
  experienceRequired: 'Experience is required',
  experienceNegative: 'Experience cannot be negative',
  experienceWhole: 'Experience must be a whole number of years',
  educationRequired: 'Education background is required',
  barAdmissionRequired: 'Bar admission details are required',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'You must accept the terms and conditions',
  specializationRequired: 'At least one specialization is required',
  superKeyRequired: 'Super key is required',
  currentPasswordRequired: 'Current password is required',
  newPasswordSameAsCurrent: 'The new password must be different from the current one',
  resetTokenRequired: 'The reset link is missing its token',

  contactNameRequired: 'Full name is required',
  contactSubjectRequired: 'Subject is required',
  contactMessageRequired: 'Message is required',
  contactUrgencyInvalid: 'Please choose an urgency level',
  contactConsentRequired: 'Please agree to the privacy notice so we can reply to you',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  controlCharacters:
    'Must not contain control characters (only letters, numbers, punctuation, tabs and new lines)',
  singleLine: 'Must be a single line, without control characters',
  unreadableCharacters: 'Contains a character that cannot be read. Please retype it',
  directionControls: 'Must not contain text-direction control characters',
  /** A field that is printed on fee notes and receipts (common/printable.ts). */
  notPrintable: (characters: string[]) =>
    `Cannot be printed on a fee note or receipt: ${characters.join(' ')}. Use letters (Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari or Gujarati), digits and punctuation, without emoji`,
  /** Every date the API takes (common/date-fields.ts). */
  dateOutOfRange: 'Give a date from 1900 to 2100',
  encodedWords: 'Must not contain =?…?= (it would be read as encoded text in an email)',
} as const;

/**
 * The date fields a person types into (the web's DateField): day-month-year and a 24-hour clock,
 * as every date on the screens reads, whatever the browser's own locale would show.
 */
export const DATE_FIELD_TEXTS = {
  datePlaceholder: 'dd/mm/yyyy',
  dateTimePlaceholder: 'dd/mm/yyyy hh:mm',
  dateFormatHint: 'Day/month/year, e.g. 14/12/2026',
  dateTimeFormatHint: 'Day/month/year and 24-hour time, e.g. 14/12/2026 08:30',
  dateInvalid: 'Enter the date as day/month/year, e.g. 14/12/2026',
  dateTimeInvalid: 'Enter the date and time as day/month/year hh:mm, e.g. 14/12/2026 08:30',
  tooEarly: (first: string) => `Enter a date on or after ${first}`,
  tooLate: (last: string) => `Enter a date on or before ${last}`,
  /** What the typed text reads as, under the field, so a day and month never swap unseen. */
  readsAs: (words: string) => `Reads: ${words}`,
} as const;

/** What a text field says of its length as a person types (a field with a limit says it first). */
export const FIELD_TEXTS = {
  characterCount: (used: number, max: number) =>
    `${used.toLocaleString('en-GB')} of ${max.toLocaleString('en-GB')} characters`,
} as const;
