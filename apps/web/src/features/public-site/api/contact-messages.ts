import type { ContactMessagesContract } from '@firm/shared/contact-messages/contract';
import { CONTACT_MESSAGES_ENDPOINTS } from '@firm/shared/contact-messages/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/**
 * The contact form's request (packages/shared/src/contact-messages). Loaded on the visitor's first
 * focus in the form or first submit, with the API client (contact-form.tsx imports it on demand).
 */
export const contactMessagesApi = endpointClient<ContactMessagesContract>(
  CONTACT_MESSAGES_ENDPOINTS,
);
