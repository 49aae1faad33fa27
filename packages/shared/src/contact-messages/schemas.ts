import { z } from 'zod';
import { CONTACT_URGENCIES, LIMITS } from '../common/constants';
import { VALIDATION } from '../common/texts';
import { emailField, optionalPhoneField, requiredText } from '../common/fields';

/** POST /api/contact-messages: the contact form of docs/product-rules.md#screens, #records, #validation. */
export const contactMessageInputSchema = z.object({
  name: requiredText(VALIDATION.contactNameRequired, LIMITS.nameMax),
  email: emailField,
  phone: optionalPhoneField,
  subject: requiredText(VALIDATION.contactSubjectRequired, LIMITS.subjectMax, { subject: true }),
  message: requiredText(VALIDATION.contactMessageRequired, LIMITS.messageMax, { multiline: true }),
  urgency: z.enum(CONTACT_URGENCIES, { error: VALIDATION.contactUrgencyInvalid }).default('normal'),
  consent: z.literal(true, { error: VALIDATION.contactConsentRequired }),
  /** Honeypot: hidden from people, filled by bots. A filled one is accepted and dropped. */
  website: z.string().max(500).optional(),
});
export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;

export const contactMessageCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The message's short reference (`MW-7K3Q9`), shown on the success screen. */
  reference: z.string(),
});
export type ContactMessageCreated = z.infer<typeof contactMessageCreatedSchema>;
