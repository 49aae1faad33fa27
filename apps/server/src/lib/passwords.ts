import { randomInt } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): about 15-20 ms a hash on the
 * 2-core machines this runs on, so sign-in stays quick while an offline guess stays costly.
 */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: a const enum, which isolated modules cannot read.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A real hash of a random password, so an unknown email costs as much time as a wrong password. */
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown account) it still verifies
 * against a dummy, so the answer takes as long either way and reveals nothing.
 */
export async function verifyPassword(storedHash: string | null, password: string) {
  dummyHash ??= hashPassword(`dummy-${randomInt(1e9)}-Aa1`);
  const target = storedHash ?? (await dummyHash);
  let matches = false;
  try {
    matches = await verify(target, password);
  } catch {
    matches = false;
  }
  return storedHash !== null && matches;
}
