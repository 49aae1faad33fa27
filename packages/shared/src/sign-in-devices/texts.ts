import { formatNairobiDateTime } from '../common/dates';
import { SECURE_ACCOUNT_LINK_DAYS } from './rules';

/**
 * Sign-in alerts and the devices an account was signed in from (ADR 037, "Sign-in alerts"): the
 * email's words, the secure-account page and Profile's list. The server and the web app use them
 * word for word.
 */
export const SIGN_IN_DEVICE_TEXTS = {
  unknownBrowser: 'An unknown browser',
  alertSubject: 'New sign-in to your Mwamba & Associates account',
  /** The alert's text; `link` is the secure-account address, `at` the sign-in's instant. */
  alertBody: (p: { firstName: string; at: Date; device: string; ip: string; link: string }) =>
    [
      `Hello ${p.firstName},`,
      '',
      'Your account at Mwamba & Associates Advocates was just signed in to from a device it has not been signed in from before.',
      '',
      `When: ${formatNairobiDateTime(p.at)} (Nairobi time)`,
      `Device: ${p.device}`,
      `Network address: ${p.ip}`,
      '',
      'If this was you, you need do nothing.',
      '',
      `Not you? Secure your account: ${p.link}`,
      '',
      `That link signs your account out on every device and lets you choose a new password. It works once, for ${SECURE_ACCOUNT_LINK_DAYS} days.`,
    ].join('\n'),
  secureLinkLabel: 'Not you? Secure your account',
  // What securing the account, or a password reset by email, takes back (ADR 037).
  factorsRemovedSince:
    'Second factors added since your last sign-in before the alert (an authenticator app, passkeys, recovery codes) were removed; the ones you had before still work.',
  factorsRemovedAll:
    'We could not tell which second factors were added by someone else, so every one was removed (authenticator app, passkeys, recovery codes). Sign in with your new password alone, then set up two-factor sign-in again from Profile Settings (staff are asked to at once).',
  feedTurnedOff:
    'Your calendar feed address was turned off: make a new one in Profile Settings and add it to your calendar again.',
  cleanupSubject: 'What we removed from your Mwamba & Associates account',
  /** The email after securing or a reset took things back; `sentences` say what went. */
  cleanupBody: (p: { firstName: string; at: Date; sentences: string[]; link: string }) =>
    [
      `Hello ${p.firstName},`,
      '',
      `On ${formatNairobiDateTime(p.at)} (Nairobi time) your account at Mwamba & Associates Advocates was secured or its password reset by email. So that someone else who signed in cannot come back:`,
      '',
      ...p.sentences,
      '',
      `Sign in: ${p.link}`,
      '',
      'If you did not do this, call us at once.',
    ].join('\n'),
  linkInvalid: 'This link has expired or was already used. Sign in, or use Forgot password.',
  linkRequired: 'This link is incomplete. Open it again from the email we sent you.',
  secured: 'Your account has been signed out on every device. Now choose a new password to finish.',
  // The page the link opens (/secure-account#token=…).
  pageTitle: 'Secure your account',
  pageIntro:
    'Someone signed in to your account from a device you did not recognise? We will sign you out on every device and you will choose a new password.',
  pageSteps: [
    'Every device signed in to your account, this one included, is signed out at once.',
    'You then choose a new password here; the old one stops working.',
    'Then sign in with the new password.',
  ],
  secureButton: 'Secure my account',
  securing: 'Securing your account…',
  forgotPasswordLink: 'Forgot password',
  signInLink: 'Sign in',
  // Profile's section.
  sectionTitle: 'Devices that signed in',
  sectionIntro:
    'Every browser and device your account has been signed in from. A sign-in from one not on this list is emailed to you.',
  listLabel: 'Devices that signed in to your account',
  loading: 'Loading the devices that signed in',
  loadFailed: 'The devices that signed in could not be loaded.',
  empty: 'No sign-ins recorded yet.',
  thisDevice: 'This device',
  lastSeen: (when: string) => `Last signed in ${when}`,
  firstSeen: (when: string) => `First seen ${when}`,
  address: (ip: string | null) => `Network address ${ip ?? 'unknown'}`,
} as const;
