import { defineEndpoints } from '../common/endpoints';

/** The public website's contact form: where its endpoint is; its shape in contract.ts. */
export const CONTACT_MESSAGES_ENDPOINTS = defineEndpoints({
  sendContactMessage: { method: 'POST', path: '/contact-messages' },
});
