import { FIRM_IDENTITY } from '../common/firm-identity';
import { MESSAGES } from '../common/texts';

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
 * What the visitor reads after sending a message, and the automatic reply (ADR 023).
 * The reply goes to an address nobody has proven, so it carries nothing the sender typed: no
 * name, no subject, no message. Only these fixed words, the firm's own auto-reply text from
 * System Settings, the reference and the hotline number.
 */
export const CONTACT_MESSAGES = {
  success: MESSAGES.contactSuccess,
  yourReference: 'Your reference',
  /** How the firm's Enquiries inbox shows it. */
  referenceLabel: (reference: string) => `Reference ${reference}`,
  referenceHint: 'Quote it if you call us about this message.',
  sendAnother: 'Send another message',
  /** The form keeps what was typed; `reason` is the server's message, else the generic failure. */
  notSent: (reason: string) =>
    `Your message was not sent: ${reason}. What you typed is still here; please try again, or call us.`,
  autoReplySubject: (reference: string) =>
    `We received your message (reference ${reference}): ${FIRM_IDENTITY.name}`,
  autoReplyText: ({ firmText, reference }: { firmText: string; reference: string }) =>
    [
      'Hello,',
      '',
      firmText,
      '',
      `Your reference: ${reference}`,
      'Please quote it if you call us about this message.',
      '',
      `Emergency hotline (24 hours): ${FIRM_IDENTITY.emergencyPhone}`,
      `Office: ${FIRM_IDENTITY.phone}`,
      '',
      'If you did not write to us, someone typed your address into our contact form: you can ignore this email, and we will not write again about it.',
      '',
      FIRM_IDENTITY.name,
    ].join('\n'),
} as const;

/**
 * The public pages' states: the office map while it loads and when it fails (its heading and
 * Retry are contract texts, docs/texts.md), the chat widget's open or closed, and the resource
 * library's empty search. The map service is named as the visitor sees it (OpenStreetMap,
 * Google Maps).
 */
export const PUBLIC_SITE_SCREEN_TEXTS = {
  mapLoading: (service: string) => `Loading ${service}...`,
  mapFailedHeading: 'Map Loading Error',
  mapFailed: (service: string) => `Failed to load ${service}`,
  mapFailedHelp:
    'Check your internet connection. If you run this site, check that the maps key is valid and allowed for this address (key restrictions).',
  mapRetry: 'Retry Loading Map',
  chatOnline: 'Online: we reply now',
  chatOffline: 'Offline: we reply when we open',
  chatOpenIntro: 'Send us a message on WhatsApp and an advocate’s assistant will reply.',
  chatClosedIntro: (hours: string) =>
    `We are closed now (${hours}). Leave a message and we will reply when we open.`,
  noResources: 'No resources found',
  /** Followed by a link to the contact page (noResourcesAsk), then a full stop. */
  noResourcesHint: 'Try another word or category, or',
  noResourcesAsk: 'ask us directly',
} as const;

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
