import type { PasskeyAuthenticationOptions, PasskeyRegistrationOptions } from '@firm/shared';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

/**
 * The device's side of passkeys (docs/decisions/037-two-factor-sign-in.md, "Passkeys"): the
 * browser's navigator.credentials through SimpleWebAuthn, loaded only when a person adds or uses
 * a passkey, so that the sign-in page and Profile stay light.
 */

/** Why the device gave no passkey, in words for the screen. */
export type PasskeyProblem = 'cancelled' | 'already-on-device' | 'unsupported' | 'failed';

/** A passkey ceremony the device did not finish. */
export class PasskeyError extends Error {
  constructor(
    readonly problem: PasskeyProblem,
    cause: unknown,
  ) {
    super(problem, { cause });
    this.name = 'PasskeyError';
  }
}

function problemOf(error: unknown): PasskeyProblem {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  // Closed, timed out, refused, or no fitting authenticator: browsers say NotAllowedError for all.
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return 'already-on-device';
  }
  if (name === 'NotSupportedError') return 'unsupported';
  return 'failed';
}

async function library() {
  const webauthn = await import('@simplewebauthn/browser');
  if (!webauthn.browserSupportsWebAuthn()) throw new PasskeyError('unsupported', null);
  return webauthn;
}

/** navigator.credentials.create() with the server's options: the answer to send back. */
export async function createPasskey(
  options: PasskeyRegistrationOptions,
): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await library();
  try {
    return await startRegistration({
      // The server's JSON as SimpleWebAuthn's server wrote it (the shared schema is looser).
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (error) {
    throw new PasskeyError(problemOf(error), error);
  }
}

/** navigator.credentials.get() with the server's options: the answer to send back. */
export async function signWithPasskey(
  options: PasskeyAuthenticationOptions,
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await library();
  try {
    return await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
  } catch (error) {
    throw new PasskeyError(problemOf(error), error);
  }
}

/** The kind of device a new passkey is made on, for its suggested name. */
export function platformName(
  userAgent: string = globalThis.navigator?.userAgent ?? '',
): string | null {
  const platforms: [RegExp, string][] = [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/CrOS/, 'Chromebook'],
    [/Mac OS X|Macintosh/, 'Mac'],
    [/Windows/, 'Windows'],
    [/Linux/, 'Linux'],
  ];
  return platforms.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}
