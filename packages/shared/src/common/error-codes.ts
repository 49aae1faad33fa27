/**
 * Every `code` the API answers with (`{ message, code?, errors? }`), one list for the server, which
 * throws them, and the web app, which compares them: a typo is a type error on either side.
 */
export const ERROR_CODES = [
  // Requests
  'VALIDATION_ERROR',
  'MALFORMED_JSON',
  'BAD_REQUEST',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'UNSUPPORTED_MEDIA_TYPE',
  'BODY_TOO_LARGE',
  'INTERNAL_ERROR',
  'SERVICE_BUSY',
  'BAD_URL',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  // Who may call
  'UNAUTHORIZED',
  'FORBIDDEN',
  'PASSWORD_CHANGE_REQUIRED',
  // Accounts
  'INVALID_SUPER_KEY',
  'INVALID_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'ACCOUNT_DEACTIVATED',
  'ACCOUNT_PENDING',
  'EMAIL_TAKEN',
  'INVALID_RESET_TOKEN',
  'INVALID_INVITATION',
  'INVITATION_NOT_NEEDED',
  'CURRENT_PASSWORD_WRONG',
  // User management
  'USER_NOT_FOUND',
  'ADMIN_NOT_FOUND',
  'ADVOCATE_PENDING',
  'NOT_PENDING',
  'CANNOT_DEACTIVATE_SELF',
  'CANNOT_DELETE_SELF',
  'CANNOT_RESET_OWN_PASSWORD',
  'LAST_ACTIVE_ADVOCATE',
  'USER_HAS_CASES',
  'USER_HAS_BILLING',
  // Cases
  'CASE_NOT_FOUND',
  'DOCUMENT_NOT_FOUND',
  'NOTE_NOT_FOUND',
  'VERSION_CONFLICT',
  'STATUS_MOVE_NOT_ALLOWED',
  'CASE_NOT_EMPTY',
  'CASE_CLOSED',
  'CONFLICT_CHECK_REQUIRED',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  // Appointments
  'SLOT_TAKEN',
  'PERSON_BUSY',
  'VISITOR_BOOKING_LIMIT',
  'VISITOR_BOOKINGS_PAUSED',
  'HOLD_RELEASED',
  'AWAITING_VISITOR_CONFIRMATION',
  'SLOT_UNAVAILABLE',
  'APPOINTMENT_NOT_FOUND',
  'NOTIFICATION_NOT_FOUND',
  'TRANSITION_NOT_ALLOWED',
  'INVALID_BOOKING_LINK',
  // Profile and System Settings
  'INVALID_EMAIL_CHANGE_TOKEN',
  'CURRENT_SESSION',
  'DATA_REQUEST_OPEN',
  'SUPER_KEY_NOT_ROTATABLE',
  'DELIVERY_NOT_FOUND',
  'DELIVERY_NOT_FAILED',
  'DELIVERY_CONFIDENTIAL',
  // Clients and Enquiries
  'CLIENT_NOT_FOUND',
  'ENQUIRY_NOT_FOUND',
  'ENQUIRY_ALREADY_CONVERTED',
  // Messages
  'CONVERSATION_NOT_FOUND',
  'MESSAGE_NOT_FOUND',
  'ATTACHMENT_NOT_FOUND',
  'WITHDRAW_WINDOW_PASSED',
  'ALREADY_WITHDRAWN',
  'TOO_MANY_FILES',
  'CONVERSATION_HAS_NO_CASE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes the web app's API client gives a failure that never reached the server. */
export type ClientErrorCode = 'NETWORK_ERROR';

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
