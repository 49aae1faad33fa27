import { MESSAGES } from '../common/texts';

/**
 * Clients and Enquiries: constants and every text the two screens and their API show.
 * A module of its own, like USER_MANAGEMENT_MESSAGES, so public pages do not download it.
 */

export const CLIENT_STATUSES = ['active', 'inactive'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** name: A–Z by last name; newest: accounts created most recently; last_login: most recent first. */
export const CLIENT_SORTS = ['name', 'newest', 'last_login'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const CLIENT_SORT_LABELS: Record<ClientSort, string> = {
  name: 'Name (A–Z)',
  newest: 'Newest first',
  last_login: 'Last sign-in',
};

/** A contact message from the public form, or a visitor's booking request (no account). */
export const ENQUIRY_KINDS = ['message', 'booking'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];
export const ENQUIRY_KIND_LABELS: Record<EnquiryKind, string> = {
  message: 'Contact message',
  booking: 'Booking request',
};

export const ENQUIRY_STATUSES = ['new', 'in_progress', 'closed'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  closed: 'Closed',
};

/**
 * Where an enquiry may go: forward, or a closed one reopened. Nothing goes back to "new": "new"
 * means nobody has picked it up yet, which the nav badge counts.
 */
export const ENQUIRY_STATUS_MOVES: Record<EnquiryStatus, readonly EnquiryStatus[]> = {
  new: ['in_progress', 'closed'],
  in_progress: ['closed'],
  closed: ['in_progress'],
};

export const ENQUIRY_NOTE_MAX = 2000;
/** How often the nav badge asks for the number of new enquiries while a page stays open. */
export const ENQUIRY_COUNT_REFRESH_MS = 60_000;

export const CLIENT_MESSAGES = {
  viewDenied: MESSAGES.clientsAccessDenied,
  editDenied:
    'Access denied. Only advocates, and admins allowed to admit clients, can change client details.',
  notFound: 'Client not found',
  invalidId: 'Invalid client id',
  updated: 'Client details updated',
  emailChangeSent:
    'A confirmation link has been sent to the new address. The email changes when the client opens it while signed in.',
  emailSameAddress: 'This is already the client’s email address',
  emailChangeSubject: 'Confirm your new email address',
  emailChangeNoticeSubject: 'Your email address is being changed',
  nothingToChange: 'Change at least one field',
  // The screens
  heading: 'Clients',
  searchLabel: 'Search clients',
  searchPlaceholder: 'Name, email or phone',
  empty: 'No clients yet.',
  emptyFiltered: 'No clients match your search.',
  loadFailed: 'Failed to load clients',
  detailLoadFailed: 'Failed to load the client',
  loading: 'Loading clients',
  detailLoading: 'Loading client',
  /** The filter only a link sets (a report's figure); the days arrive in words. */
  joinedFilter: (days: string) => `Showing clients who joined ${days}.`,
  noCases: 'No cases yet.',
  noAppointments: 'No appointments yet.',
  never: 'Never',
  notGiven: 'Not given',
  noUpcoming: 'None booked',
  emailPending: (email: string) => `Waiting for ${email} to be confirmed by the client.`,
  emailChangeHint: 'A new address takes effect when the client opens the link sent to it.',
  // The client page's messages
  messageAction: 'Message',
  messagesHeading: 'Messages',
  loadingConversations: 'Loading messages',
  conversationsLoadFailed: 'Failed to load the messages',
  noConversations: 'No conversations yet.',
  /** An admin without canOpenFiles sees the conversations they are named on, as under Messages. */
  conversationsNamedOnly: 'Only the conversations you are named on are shown.',
  generalConversation: 'General',
  lastMessageAt: (when: string) => `Last message ${when}`,
  unread: (count: number) => `${count} unread`,
  moreConversations: (shown: number, total: number) =>
    `The latest ${shown} of ${total} conversations are shown.`,
  confirmResetPassword: (name: string) =>
    `Reset the password of ${name}? Their current password stops working and they are signed out everywhere.`,
} as const;

export const ENQUIRY_MESSAGES = {
  accessDenied: MESSAGES.enquiriesAccessDenied,
  convertDenied:
    'Access denied. Only advocates, and admins allowed to admit clients, can convert an enquiry.',
  notFound: 'Enquiry not found',
  invalidId: 'Invalid enquiry id',
  invalidKind: 'Unknown kind of enquiry',
  updated: 'Enquiry updated',
  versionRequired: 'Reload the enquiry and try again',
  versionConflict:
    'Someone else changed this enquiry while you were reading it. It has been reloaded: check it and try again.',
  statusMoveNotAllowed: (from: string, allowed: readonly string[]) =>
    `An enquiry that is ${from.replace(/_/g, ' ')} can only move to: ${allowed.map((s) => s.replace(/_/g, ' ')).join(', ')}`,
  nothingToChange: 'Change the status or the note',
  alreadyConverted: 'This enquiry is already linked to a client account',
  convertEmailTaken:
    'An account with this email already exists. Find the person under Clients instead of creating a second account.',
  converted: 'Client created successfully',
  // The screens
  heading: 'Enquiries',
  empty: 'No enquiries yet.',
  emptyFiltered: 'No enquiries match these filters.',
  loadFailed: 'Failed to load enquiries',
  loading: 'Loading enquiries',
  replyByEmail: 'Reply by email',
  convertToClient: 'Convert to client',
} as const;

/** What to do once a client exists (after Add Client or Convert to client; ADR 027). */
export const CLIENT_NEXT_STEPS = {
  heading: 'Next steps',
  openCase: (name: string) => `Open a case for ${name}`,
  bookMeeting: (name: string) => `Book a meeting with ${name}`,
} as const;

/** The Clients screen's and the Enquiries inbox's failure texts, when the server gives none. */
export const CLIENT_SCREEN_FAILURES = {
  clientUpdateFailed: 'Failed to update the client',
  enquiryUpdateFailed: 'Failed to update the enquiry',
  filteredEmptyHint: 'Try another search or clear the filters.',
} as const;

/** What the Enquiries inbox says of the filters only a link sets (a report's figure). */
export const ENQUIRY_LINK_FILTER_TEXTS = {
  received: (days: string) => `received ${days}`,
  converted: 'turned into client accounts',
  showing: (parts: string) => `Showing enquiries ${parts}.`,
} as const;
