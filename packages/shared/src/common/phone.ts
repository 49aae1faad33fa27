import { DEFAULT_COUNTRY_CODE } from './constants';

/**
 * Chat-link normalisation of docs/product-rules.md#validation: keep digits; a leading 0 becomes 254; a leading 254
 * stays; anything else gets 254 in front. The result is what wa.me expects (no plus sign).
 */
export function normalizeChatPhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.startsWith('0')) return DEFAULT_COUNTRY_CODE + digits.slice(1);
  if (digits.startsWith(DEFAULT_COUNTRY_CODE)) return digits;
  return DEFAULT_COUNTRY_CODE + digits;
}

/** Digits, spaces, dashes, parentheses and an optional leading plus (docs/product-rules.md#validation). */
export const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;

/**
 * Kenyan numbers arrive as 07…, 01…, +254… or 254… and are stored in E.164 (docs/product-rules.md#limits).
 * Returns null when the input cannot be a Kenyan number (9 national digits after the prefix).
 */
export function toKenyanE164(input: string): string | null {
  if (!PHONE_PATTERN.test(input.trim())) return null;
  const digits = input.replace(/\D/g, '');
  let national: string;
  if (digits.startsWith('254')) national = digits.slice(3);
  else if (digits.startsWith('0')) national = digits.slice(1);
  else national = digits;
  if (!/^[17]\d{8}$/.test(national)) return null;
  return `+254${national}`;
}

/**
 * A stored Kenyan number as a person reads it aloud: "+254 712 345 678" (E.164 groups of 3). Any
 * other value is returned as it is, so an older record never reads worse than before.
 */
export function formatKenyanPhone(e164: string): string {
  const match = /^\+254(\d{3})(\d{3})(\d{3})$/.exec(e164);
  return match ? `+254 ${match[1]} ${match[2]} ${match[3]}` : e164;
}
