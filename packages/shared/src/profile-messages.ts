/**
 * The texts of Profile Settings and System Settings (issue 16). A module of its own, like
 * USER_MANAGEMENT_MESSAGES, so public pages do not download them.
 */
export const PROFILE_MESSAGES = {
  profileUpdated: 'Your profile has been updated',
  professionalDetailsOnlyAdvocates: 'Only advocates have professional details',
  emailChangeSent:
    'We have sent a confirmation link to the new address. Your email changes when you open it.',
  emailChangeSameAddress: 'This is already your email address',
  emailChangeTooMany:
    'Too many confirmation links were sent for this account in the last hour. Please try again later.',
  emailChanged: 'Your email address has been changed',
  emailChangeLinkInvalid:
    'This confirmation link is invalid or has expired. Ask for a new one from Profile Settings.',
  emailChangeSubject: 'Confirm your new email address',
  emailChangeNoticeSubject: 'Your email address is being changed',
  sessionNotFound: 'Session not found',
  sessionSignedOut: 'The device has been signed out',
  otherSessionsSignedOut: (count: number) =>
    count === 1 ? 'Signed out of 1 other device' : `Signed out of ${count} other devices`,
  cannotEndCurrentSession: 'Use Sign Out in the menu to sign out of this device',
  deletionRequested:
    'Your request has been sent to the firm. An advocate will answer it; you will see the answer here.',
  deletionAlreadyOpen: 'You already have an open request. The firm will answer it first.',
  /** Why the firm may keep some records after a request to delete (ADR 007, privacy policy). */
  retentionExplanation:
    'The firm deletes your account, sessions and the messages no law requires it to keep. ' +
    'A client file (the case, its documents and the messages that led to instructions) is kept for seven years ' +
    'after the matter closes, as professional and tax rules require, and records needed to establish or defend ' +
    'a legal claim are kept for as long as that claim may be brought (Data Protection Act 2019, s.40). ' +
    'The audit log keeps a record that your account existed and what was done to it.',
  settingsAccessDenied: 'Access denied. Only advocates can open System Settings.',
  requestNotFound: 'Request not found',
  requestUpdated: 'The request has been updated',
  refusalReasonRequired: 'Give the reason for refusing the request',
  requestAlreadyClosed: 'This request has already been answered',
  anotherRequestOpen:
    'This person has another open request: answer that one, or reopen this one afterwards',
  superKeyRotated: 'The registration key has been replaced. The old key no longer works.',
  superKeyFromEnvironment:
    'The key is set by the ADVOCATE_SUPER_KEY environment variable. To change it, set a new value where the server is configured and restart it.',
  superKeyNotRotatable: 'The key is set by the environment and cannot be replaced here',
} as const;
