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
  recoveryCodesRenewed: `New recovery codes: the old ones no longer work. Keep these ${RECOVERY_CODE_COUNT} somewhere safe.`,
} as const;
