/**
 * Temporary passwords, made the same way by the server (create user, advocate reset) and by Add
 * Admin's Generate button: from the platform's CSPRNG (Web Crypto, in browsers and Node alike),
 * satisfying the registration policy (upper, lower, digit), without look-alike characters since it
 * is read off a screen and typed.
 */
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const ALL = UPPER + LOWER + DIGITS;

export const TEMPORARY_PASSWORD_LENGTH = 14;

// The shared package is typed without DOM or Node globals; both provide this much of Web Crypto.
const webCrypto = (
  globalThis as unknown as { crypto: { getRandomValues(array: Uint32Array): Uint32Array } }
).crypto;

/** A uniform integer in [0, bound): rejection sampling, so no value is likelier than another. */
function randomBelow(bound: number): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const sample = new Uint32Array(1);
  for (;;) {
    webCrypto.getRandomValues(sample);
    if (sample[0]! < limit) return sample[0]! % bound;
  }
}

export function generateTemporaryPassword(length = TEMPORARY_PASSWORD_LENGTH): string {
  const pick = (alphabet: string) => alphabet[randomBelow(alphabet.length)]!;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS)];
  while (chars.length < length) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomBelow(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
