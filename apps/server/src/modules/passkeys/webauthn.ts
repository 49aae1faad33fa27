import { TOTP_ISSUER, type PasskeyAuthenticationResponse } from '@firm/shared';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { Executor } from '../../db/client';
import {
  clearSignInWebauthnChallenge,
  findPasskeyOf,
  recordPasskeyUse,
} from './passkeys.repository';

/**
 * WebAuthn's relying party, and checking a passkey's answer at sign-in (ADR 037, "Passkeys"),
 * by the SimpleWebAuthn library. Used by the second step of signing in (two-factor.service.ts).
 */

export interface RelyingParty {
  /** The RP ID: PUBLIC_URL's host (a browser refuses an IP address here). */
  id: string;
  /** PUBLIC_URL's origin: the only page a passkey's answer is taken from. */
  origin: string;
  /** What the device shows beside the passkey. */
  name: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: TOTP_ISSUER };
}

/** A passkey's answer at sign-in, with what it must answer. */
export interface PasskeyAssertion {
  response: PasskeyAuthenticationResponse;
  /** The challenge saved on the sign-in challenge by passkey-options (null: none asked for). */
  expectedChallenge: string | null;
  /** The sign-in challenge's id: its WebAuthn challenge is spent by this try, right or wrong. */
  signInChallengeId: string;
  rp: RelyingParty;
}

/**
 * Checks and spends a passkey's answer for `userId`: true when it is one of their passkeys,
 * signing this challenge, from our origin, with a signature count past the one last seen (or 0
 * for authenticators that keep none), and no other sign-in moved that count on first (a cloned
 * or replayed answer). Run it in the transaction that acts on it.
 */
export async function spendPasskey(
  tx: Executor,
  userId: string,
  assertion: PasskeyAssertion,
  now: Date,
): Promise<boolean> {
  await clearSignInWebauthnChallenge(tx, assertion.signInChallengeId);
  if (!assertion.expectedChallenge) return false;
  const passkey = await findPasskeyOf(tx, userId, assertion.response.id);
  if (!passkey) return false;
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion.response,
      expectedChallenge: assertion.expectedChallenge,
      expectedOrigin: assertion.rp.origin,
      expectedRPID: assertion.rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports,
      },
      // A second factor after the password: the device's presence is the proof, its lock a plus.
      requireUserVerification: false,
    });
    if (!result.verified) return false;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    // The library throws for every answer it refuses (wrong challenge, origin, signature, a
    // counter gone back): to the person, all are a passkey that did not sign in.
    return false;
  }
  return recordPasskeyUse(tx, passkey, newCounter, now);
}
