// Profile's addresses, apart from its queries: app/first-requests.ts asks for them beside the
// session check, and must name them as the screen does.
export const PROFILE_PATHS = {
  profile: '/profile',
  sessions: '/profile/sessions',
  dataRequests: '/profile/data-requests',
  emailPreferences: '/profile/notification-preferences',
  smsPreferences: '/profile/sms-preferences',
  calendarFeed: '/profile/calendar-feed',
  twoFactor: '/auth/2fa',
  passkeys: '/auth/2fa/passkeys',
  signInDevices: '/auth/devices',
} as const;
