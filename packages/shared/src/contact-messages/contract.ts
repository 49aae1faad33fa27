import { defineContract } from '../common/contract';
import { CONTACT_MESSAGES_ENDPOINTS } from './endpoints';
import { contactMessageCreatedSchema, contactMessageInputSchema } from './schemas';

/** The contact form: what it sends and what it is answered (ADR 044). */
export const contactMessagesContract = defineContract(CONTACT_MESSAGES_ENDPOINTS, {
  sendContactMessage: {
    summary: 'Send a message to the firm from the contact form',
    body: contactMessageInputSchema,
    response: contactMessageCreatedSchema,
    status: 201,
  },
});

export type ContactMessagesContract = typeof contactMessagesContract;
