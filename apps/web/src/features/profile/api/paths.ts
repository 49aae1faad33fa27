import { PASSKEYS_ENDPOINTS } from '@firm/shared/passkeys/endpoints';
import { PROFILE_ENDPOINTS } from '@firm/shared/profile/endpoints';
import { SIGN_IN_DEVICES_ENDPOINTS } from '@firm/shared/sign-in-devices/endpoints';
import { TWO_FACTOR_ENDPOINTS } from '@firm/shared/two-factor/endpoints';

// Profile's addresses, apart from its queries: app/first-requests.ts asks for them beside the
// session check, and must name them as the screen does (its requests take the same endpoints).
export const PROFILE_PATHS = {
  profile: PROFILE_ENDPOINTS.getProfile.path,
  sessions: PROFILE_ENDPOINTS.listSessions.path,
  dataRequests: PROFILE_ENDPOINTS.listOwnDataRequests.path,
  emailPreferences: '/profile/notification-preferences',
  smsPreferences: '/profile/sms-preferences',
  calendarFeed: '/profile/calendar-feed',
  twoFactor: TWO_FACTOR_ENDPOINTS.twoFactorStatus.path,
  passkeys: PASSKEYS_ENDPOINTS.listPasskeys.path,
  signInDevices: SIGN_IN_DEVICES_ENDPOINTS.listSignInDevices.path,
} as const;
