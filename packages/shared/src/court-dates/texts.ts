/**
 * The calendar feed's texts (served by the court-dates module, shown on the Profile screen),
 * apart from the court-date schemas (schemas.ts): the Profile screen shows them on load, and
 * should not have to load zod to do so (ADR 008).
 */
export const CALENDAR_FEED_TEXTS = {
  heading: 'Calendar feed',
  intro:
    'Subscribe your own calendar (Google, Outlook, Apple) to your appointments and court dates. The address is private: anyone who has it can read these entries, so keep it to yourself.',
  none: 'You have no calendar feed.',
  create: 'Create calendar feed',
  created: 'Calendar feed created. Copy the address now: it is shown only once.',
  replaced: 'Calendar feed replaced. The old address no longer works.',
  revoked: 'Calendar feed revoked. The address no longer works.',
  failed: 'Failed to change the calendar feed',
  addressLabel: 'Your calendar feed address',
  copy: 'Copy address',
  copied: 'Address copied',
  copyFailed: 'Could not copy: select the address and copy it yourself',
  activeSince: (when: string) => `A feed is active, created ${when}. Its address was shown once.`,
  replace: 'Replace address',
  revoke: 'Revoke feed',
  confirmReplace:
    'Replace the address? Calendars subscribed to the current one stop updating until you subscribe them to the new one.',
  confirmRevoke: 'Revoke the feed? Calendars subscribed to it stop updating.',
  cancel: 'Cancel',
  replacing: 'Replacing…',
  revoking: 'Revoking…',
  notFound: 'Calendar feed not found',
  viewDenied: 'You do not have permission to see court dates.',
  calendarName: (firmName: string) => `${firmName}: my diary`,
  courtEventSummary: (caseNumber: string, court: string | null) =>
    `Court: ${caseNumber}${court ? ` at ${court}` : ''}`,
} as const;
