/** Business constants of docs/product-rules.md#limits, shared by the browser and the server. */

export const ROLES = ['advocate', 'admin', 'client'] as const;
export type Role = (typeof ROLES)[number];

/** The six admin toggles (docs/roles-and-permissions.md), in the order the screens list them. */
export const ADMIN_PERMISSION_KEYS = [
  'canOpenFiles',
  'canUploadFiles',
  'canAdmitClients',
  'canManageCases',
  'canScheduleAppointments',
  'canAccessReports',
] as const;
export type AdminPermissionKey = (typeof ADMIN_PERMISSION_KEYS)[number];
export type AdminPermissions = Record<AdminPermissionKey, boolean>;

/**
 * How the screens name each toggle. What each opens is generated from the rules
 * (`ADMIN_TOGGLE_DESCRIPTIONS`, permission-texts.ts), never written by hand beside them.
 */
export const ADMIN_PERMISSION_LABELS: Record<AdminPermissionKey, { label: string }> = {
  canOpenFiles: { label: 'Open Files' },
  canUploadFiles: { label: 'Upload Files' },
  canAdmitClients: { label: 'Admit Clients' },
  canManageCases: { label: 'Manage Cases' },
  canScheduleAppointments: { label: 'Schedule Appointments' },
  canAccessReports: { label: 'Access Reports' },
};

// The session token's key, the lists' page size and a conversation's page: in page-start.ts,
// which a portal page reads before React has arrived.
export { LIST_DEFAULT_LIMIT, MESSAGE_PAGE_DEFAULT, TOKEN_STORAGE_KEY } from './page-start';

export const PASSWORD_MIN_LOGIN = 6;
export const PASSWORD_MIN_REGISTRATION = 8;
export const EXPERIENCE_MIN = 0;
export const EXPERIENCE_MAX = 70;

/** The ten specializations of the advocate registration form (docs/product-rules.md#screens). */
export const SPECIALIZATIONS = [
  'Family Law',
  'Corporate Law',
  'Criminal Defense',
  'Property Law',
  'Employment Law',
  'Constitutional Law',
  'Tax Law',
  'Immigration Law',
  'Intellectual Property',
  'Environmental Law',
] as const;

/** A later advocate waits for an existing one to verify them (docs/roles-and-permissions.md). */
export const VERIFICATION_STATUSES = ['pending', 'verified'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** User list filters and pages (GET /api/user-management/users). */
export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Every list's largest page (the default is LIST_DEFAULT_LIMIT, page-start.ts). */
export const LIST_MAX_LIMIT = 100;
export const USER_SEARCH_MAX = 100;

/** Session lifetimes (docs/roles-and-permissions.md). */
export const SESSION_HOURS = 12;
export const REMEMBER_ME_DAYS = 30;

/**
 * Retention periods of the privacy policy ("How long we keep it"), enforced by the server's daily
 * purge (ADR 007). Contact messages and booking requests that do not lead to instructions, and the
 * `.eml` copies of outgoing mail, are deleted within this many months.
 */
export const ENQUIRY_RETENTION_MONTHS = 12;
export const MAIL_FILE_RETENTION_MONTHS = ENQUIRY_RETENTION_MONTHS;
/**
 * The record of each email and text message sent (the outbox, ADR 028: the firm's Deliveries
 * screen) and the text-message files of an install without an SMS provider, deleted this many
 * months after they were written.
 */
export const DELIVERY_RETENTION_MONTHS = 12;
/**
 * The bell's entries (ADR 017) are deleted this many months after they were written: they point
 * to records kept under their own rules, and hold nothing of their own worth keeping longer.
 */
export const NOTIFICATION_RETENTION_MONTHS = 12;

/**
 * Case files (the case, its parties, documents, notes and timeline) are kept this many years after
 * the matter closes, as professional and tax rules require (privacy policy, ADR 007 and 014). No
 * purge deletes them: an advocate reviews a file before it is destroyed.
 */
export const CASE_FILE_RETENTION_YEARS = 7;
/**
 * Expired or revoked sessions and spent or expired reset links stop working at once, but their rows
 * are deleted only this long after they ended: the hourly cap on reset emails counts spent links,
 * and a user who reports a sign-in they did not make can still be told where it came from.
 */
export const ENDED_SESSION_RETENTION_HOURS = 24;

/** Toasts (docs/product-rules.md#limits). */
export const TOAST = {
  durationMs: { error: 4000, blank: 4000, custom: 4000, success: 2000 },
  maxVisible: 20,
  maxWidthPx: 350,
  removeDelayMs: 1000,
  /** Toasts start below the portal's and site's sticky header (h-16 plus its border). */
  topOffsetPx: 73,
} as const;

/** Every business time ("today", office hours, slots) is computed in this zone (docs/product-rules.md#limits). */
export const FIRM_TIME_ZONE = 'Africa/Nairobi';

export const DEFAULT_COUNTRY_CODE = '254';

export const CONTACT_URGENCIES = ['normal', 'urgent', 'emergency'] as const;
export type ContactUrgency = (typeof CONTACT_URGENCIES)[number];

/**
 * Version of the privacy notice a visitor agrees to on the public forms. Stored with each
 * submission (Kenya Data Protection Act 2019); change it whenever /privacy changes materially.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-23';

/** Field lengths enforced by the server and mirrored by the forms. */
export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  phoneMax: 20,
  subjectMax: 200,
  messageMax: 5000,
  /** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
  passwordMax: 128,
  textMax: 200,
  specializationsMax: 20,
} as const;

/** Where a data-protection request stands: open until an advocate answers it. */
export const DATA_REQUEST_STATUSES = ['open', 'done', 'refused'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

/** How long a link confirming a new email address works. */
export const EMAIL_CHANGE_TOKEN_HOURS = 24;

/** Rows of the audit log per page, and at most in one CSV export. */
export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** A data-protection request's message and the firm's answer. */
export const DATA_REQUEST_TEXT_MAX = 2000;
