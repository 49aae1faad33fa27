import { formatNairobiDateTime } from '../common/dates';
import { FIRM_IDENTITY } from '../common/firm-identity';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_CHALLENGE_MINUTES } from './rules';

/** Two-factor sign-in's words (docs/texts.md). */
export const TWO_FACTOR_TEXTS = {
  required: 'Enter the 6-digit code from your authenticator app to finish signing in.',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is 6 digits',
  recoveryCodeFormat: 'A recovery code looks like abcde-fghij',
  wrongCode: 'That code is not right. Check the time on your phone and try again.',
  codeUsed: 'That code has just been used. Wait for the next one.',
  challengeExpired: `Signing in took more than ${TWO_FACTOR_CHALLENGE_MINUTES} minutes, or too many codes were wrong. Please sign in again.`,
  notSetUp: 'Set up two-factor sign-in first.',
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to set up a new authenticator.',
  noSetupStarted: 'Start the setup again: scan the new QR code, then enter its code.',
  enabled: `Two-factor sign-in is on. Keep these ${RECOVERY_CODE_COUNT} recovery codes somewhere safe: each works once if you lose your phone.`,
  disabled: 'Two-factor sign-in is off.',
  wrongPassword: 'The password is not right',
  setupRequired:
    'Set up two-factor sign-in to continue: the firm requires it of everyone who opens client files.',
  lastSecondFactor:
    'Staff must keep a second factor: set up another (an authenticator app or a passkey) before removing this one.',
  recoveryCodesRenewed: `New recovery codes: the old ones no longer work. Keep these ${RECOVERY_CODE_COUNT} somewhere safe.`,
  recoveryCodesRenewedSubject: `New recovery codes for your account: ${FIRM_IDENTITY.name}`,
  /** The email to the owner when new recovery codes were made (`profileLink`: Profile's section). */
  recoveryCodesRenewedBody: (p: { firstName: string; at: Date; ip: string; profileLink: string }) =>
    [
      `Hello ${p.firstName},`,
      '',
      `Ten new recovery codes were made for your account at ${FIRM_IDENTITY.name}, on ${formatNairobiDateTime(p.at)}, from network address ${p.ip}. The codes you had before no longer work.`,
      '',
      'If this was you, you need do nothing.',
      `If it was not, change your password and make new codes from Profile Settings, Two-factor sign-in, at once: ${p.profileLink}`,
      `Or call us on ${FIRM_IDENTITY.phone}.`,
      '',
      FIRM_IDENTITY.name,
    ].join('\n'),
} as const;

/** The screens of two-factor sign-in: sign-in's second step, and Profile's section. */
export const TWO_FACTOR_SCREEN_TEXTS = {
  stepHeading: 'Two-factor sign-in',
  stepIntro:
    'Open your authenticator app and enter the 6-digit code it shows for Mwamba & Associates.',
  recoveryIntro:
    'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.',
  codeLabel: 'Authentication code',
  recoveryCodeLabel: 'Recovery code',
  verify: 'Verify',
  verifying: 'Checking…',
  useRecoveryCode: 'Use a recovery code instead',
  useAppCode: 'Use a code from the app instead',
  backToSignIn: 'Back to sign in',
  sectionTitle: 'Two-factor sign-in',
  sectionIntro:
    'A code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Authy…) as well as your password, each time you sign in.',
  loading: 'Loading two-factor sign-in',
  loadFailed: 'Two-factor sign-in could not be loaded.',
  statusOff: 'Off: your password alone signs you in.',
  statusOn: (left: number) =>
    `On. ${left} of your recovery codes ${left === 1 ? 'is' : 'are'} left.`,
  setUp: 'Set up two-factor sign-in',
  settingUp: 'Preparing…',
  scanStep: '1. Scan this QR code with your authenticator app.',
  qrAlt: 'QR code that adds your account to an authenticator app',
  keyInstead: 'Cannot scan it? Enter this key in the app instead:',
  copyKey: 'Copy the key',
  keyCopied: 'Key copied. Paste it into your authenticator app.',
  keyCopyFailed: 'The key could not be copied. Please type it in instead.',
  /** On the phone that holds the app: the otpauth:// address opens it with the account filled in. */
  openInApp: 'Open in authenticator app',
  codeStep: '2. Enter the 6-digit code the app now shows.',
  turnOn: 'Turn on',
  turningOn: 'Turning on…',
  cancelSetUp: 'Cancel',
  codesHeading: 'Your recovery codes',
  codesIntro:
    'Save these codes somewhere safe, away from your phone: each signs you in once if you lose it. They are shown only now.',
  downloadCodes: 'Download the codes',
  codesSaved: 'I have saved them',
  codesFileName: 'mwamba-recovery-codes.txt',
  newCodes: 'New recovery codes',
  newCodesHeading: 'Make new recovery codes',
  newCodesIntro:
    'Enter your password. Ten new codes will be made, and the ones you have now will stop working.',
  newCodesAction: 'Make new codes',
  makingCodes: 'Making codes…',
  turnOff: 'Turn off',
  turnOffHeading: 'Turn off two-factor sign-in',
  turnOffIntro: 'Enter your password and a code from your app (or a recovery code).',
  passwordLabel: 'Password',
  turningOff: 'Turning off…',
  setUpFailed: 'Two-factor sign-in could not be set up. Please try again.',
  actionFailed: 'That did not work. Please try again.',
  staffMustKeep: 'The firm requires two-factor sign-in of staff: it cannot be turned off.',
  setupPageTitle: 'Set up two-factor sign-in',
  setupPageIntro:
    'Everyone at the firm who opens client files signs in with a second factor as well as a password. Set it up now to continue: it takes a minute.',
  appHeading: 'An authenticator app',
  continueToPortal: 'Continue to the portal',
  /** The notice staff see while their grace lasts (the day in words, Nairobi time). */
  setupDueBy: (day: string) =>
    `Set up two-factor sign-in by ${day}. After that the portal opens only once it is set up.`,
  setupNow: 'Set it up now',
  signOut: 'Sign out',
} as const;
