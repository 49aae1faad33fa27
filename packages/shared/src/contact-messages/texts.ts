import { FIRM_IDENTITY } from '../common/firm-identity';
import { MESSAGES } from '../common/texts';

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
