import { formatNairobiDateTime } from '../common/dates';
import { FIRM_IDENTITY } from '../common/firm-identity';
import { RECOVERY_CODE_COUNT } from '../two-factor/rules';
import { PASSKEY_CHALLENGE_MINUTES, PASSKEY_NAME_MAX, PASSKEYS_MAX } from './rules';

/** Passkeys' words from the API (docs/texts.md; ADR 037, "Passkeys"). */
export const PASSKEY_TEXTS = {
  /** Sign-in's second step when the account has passkeys but no authenticator app. */
  required: 'Use your passkey to finish signing in.',
  nameRequired: 'Give the passkey a name',
  nameTooLong: `A passkey's name is at most ${PASSKEY_NAME_MAX} characters`,
  responseInvalid: 'Your device’s answer was incomplete. Please try again.',
  added: 'Passkey added. It can now finish your sign-in.',
  addedFirst: `Passkey added: two-factor sign-in is on. Keep these ${RECOVERY_CODE_COUNT} recovery codes somewhere safe: each works once if you lose your passkey.`,
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  removedLast: 'Passkey removed. Your password alone now signs you in.',
  notFound: 'That passkey was not found. It may have been removed.',
  registrationExpired: `Adding the passkey took more than ${PASSKEY_CHALLENGE_MINUTES} minutes, or was started again elsewhere. Please try again.`,
  registrationRefused:
    'Your device’s answer could not be checked. Please try adding the passkey again.',
  alreadyAdded: 'That passkey is already added.',
  tooMany: `An account may have ${PASSKEYS_MAX} passkeys. Remove one you no longer use first.`,
  noPasskeys: 'This account has no passkey. Use a code from your authenticator app instead.',
  /** A passkey that did not sign in (another account's, replayed, or asked for earlier). */
  refused: 'That passkey did not sign you in. Try again, or use another way.',
  /** Turning off the authenticator app while passkeys stay. */
  totpOffPasskeysStay: 'The authenticator app no longer signs you in. Your passkeys still do.',
  addedSubject: `A passkey was added to your account: ${FIRM_IDENTITY.name}`,
  /** The email to the owner when a passkey was added (`profileLink`: Profile's section). */
  addedBody: (p: { firstName: string; name: string; at: Date; ip: string; profileLink: string }) =>
    [
      `Hello ${p.firstName},`,
      '',
      `A passkey named “${p.name}” was added to your account at ${FIRM_IDENTITY.name}, on ${formatNairobiDateTime(p.at)}, from network address ${p.ip}. It can now finish your sign-in.`,
      '',
      'If this was you, you need do nothing.',
      `If it was not, change your password and remove the passkey from Profile Settings, Two-factor sign-in, at once: ${p.profileLink}`,
      `Or call us on ${FIRM_IDENTITY.phone}.`,
      '',
      FIRM_IDENTITY.name,
    ].join('\n'),
} as const;

/** The screens' words: Profile's Passkeys, and sign-in's second step. */
export const PASSKEY_SCREEN_TEXTS = {
  heading: 'Passkeys',
  intro:
    'A passkey lets this phone, computer or a security key confirm it is you, with your fingerprint, face or screen lock, instead of a code.',
  listLabel: 'Your passkeys',
  none: 'No passkeys yet.',
  loading: 'Loading passkeys',
  loadFailed: 'Your passkeys could not be loaded.',
  add: 'Add a passkey',
  addHeading: 'Add a passkey',
  addIntro:
    'Name it so you can tell it apart and enter your password, then do what your device asks (fingerprint, face or screen lock).',
  nameLabel: 'Name',
  passwordLabel: 'Your password',
  /** The name suggested: the kind of device it is made on. */
  defaultName: (platform: string) => `Passkey on ${platform}`,
  defaultPlatform: 'this device',
  continue: 'Continue',
  waiting: 'Waiting for your device…',
  addedOn: (day: string) => `Added ${day}`,
  lastUsed: (day: string) => `last used ${day}`,
  neverUsed: 'not used yet',
  rename: 'Rename',
  renameLabel: (name: string) => `Rename ${name}`,
  renameHeading: 'Rename passkey',
  save: 'Save',
  saving: 'Saving…',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  removeHeading: 'Remove this passkey?',
  removeIntro: (name: string) =>
    `“${name}” will no longer sign you in. Remove it from your device’s settings too.`,
  removeLastIntro: (name: string) =>
    `“${name}” is your only second factor: after this your password alone signs you in.`,
  removing: 'Removing…',
  /** The browser's NotAllowedError: closed, timed out, or refused. */
  addCancelled:
    'No passkey was added: your device’s window was closed, timed out, or said no. Try again when ready.',
  alreadyOnDevice: 'This device already holds one of your passkeys.',
  unsupported:
    'This browser cannot use passkeys. Try a recent Chrome, Edge, Safari or Firefox, or use a code instead.',
  failed: 'The passkey did not work. Please try again.',
  /** Sign-in's second step. */
  usePasskey: 'Use a passkey',
  usingPasskey: 'Waiting for your passkey…',
  passkeyIntro:
    'Use the passkey you added to your account: your device asks for your fingerprint, face or screen lock.',
  signInCancelled:
    'Your device did not confirm the passkey: its window was closed, timed out, or said no. Try again, or use another way.',
  useCodeInstead: 'Use a code instead',
  /** Profile's two-factor section of an account on with passkeys alone. */
  addAuthenticator: 'Also use an authenticator app',
} as const;
