// Loaded on the visitor's first focus in the contact form or first submit (contact-form.tsx imports
// it dynamically): zod and the shared schema weigh more than the rest of the contact page's code,
// and a phone should not download and parse them before the page is usable.
import { contactMessageInputSchema, type ContactMessageInput } from '@firm/shared';

export type ContactField = keyof ContactMessageInput;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;
/** What the API receives: the schema's output. */
export type ContactMessage = ReturnType<typeof contactMessageInputSchema.parse>;

/**
 * Checks the form's values with the schema the API uses. Each field gets the first message for it,
 * as react-hook-form's zod resolver showed them; on success the values come back parsed (trimmed,
 * lower-cased email, E.164 phone), which is what the form sends.
 */
export function validateContactMessage(
  values: unknown,
): { success: true; data: ContactMessage } | { success: false; errors: ContactFieldErrors } {
  const result = contactMessageInputSchema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField | undefined;
    if (field !== undefined) errors[field] ??= issue.message;
  }
  return { success: false, errors };
}
