/**
 * A contact message's reference: short enough to read out on the phone, from
 * an alphabet without the characters people confuse when reading or hearing them (0/O, 1/I/L,
 * and U, which reads as V). 30^5 ≈ 24 million references; the server draws again on a clash.
 * The database checks the same pattern (migration 0016).
 */
export const CONTACT_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CONTACT_REFERENCE_PREFIX = 'MW-';
export const CONTACT_REFERENCE_LENGTH = 5;
export const CONTACT_REFERENCE_PATTERN = /^MW-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/;

/**
 * A fresh reference, from the platform's CSPRNG (browser and Node alike). Unbiased: a byte is
 * redrawn when it falls past the largest multiple of the alphabet's length.
 */
export function newContactReference(): string {
  const size = CONTACT_REFERENCE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let reference = CONTACT_REFERENCE_PREFIX;
  while (reference.length < CONTACT_REFERENCE_PREFIX.length + CONTACT_REFERENCE_LENGTH) {
    const [byte] = crypto.getRandomValues(new Uint8Array(1));
    if (byte! < limit) reference += CONTACT_REFERENCE_ALPHABET[byte! % size];
  }
  return reference;
}
