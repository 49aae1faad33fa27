import { DEFAULT_COUNTRY_CODE } from './constants';

/**
 * Chat-link normalisation of docs/product-rules.md#validation: keep digits; a leading 0 becomes 254; a leading 254
 * stays; anything else gets 254 in front. The result is what wa.me expects (no plus sign).
 */
export function normalizeChatPhone(input: string): string {
  return DEFAULT_COUNTRY_CODE + nationalDigits(input);
}

/**
 * The one phone rule (docs/product-rules.md#validation): a number's national digits, whichever way a
 * Kenyan writes it. The country code (254, with or without its plus) comes off first, then one trunk
 * 0, so "0733 444 555", "+254733444555" and "+254 (0) 733 444 555" (the trunk 0 written after the
 * country code, as on business cards) are the same number.
 */
function nationalDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  const afterCountry = digits.startsWith(DEFAULT_COUNTRY_CODE)
    ? digits.slice(DEFAULT_COUNTRY_CODE.length)
    : digits;
  return afterCountry.startsWith('0') ? afterCountry.slice(1) : afterCountry;
}

/** Digits, spaces, dashes, parentheses and an optional leading plus (docs/product-rules.md#validation). */
export const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;

/**
 * Kenyan numbers arrive as 07…, 01…, +254…, 254… or +254 (0)… and are stored in E.164 (docs/product-rules.md#limits).
 * Returns null when the input cannot be a Kenyan number (9 national digits after the prefix).
 */
export function toKenyanE164(input: string): string | null {
  if (!PHONE_PATTERN.test(input.trim())) return null;
  const national = nationalDigits(input);
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
