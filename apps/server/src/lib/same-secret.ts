import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret in a callback address is the configured one, in constant time (a provider's
 * callback URL holds a secret part: Africa's Talking's reports, Safaricom's M-Pesa results).
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
