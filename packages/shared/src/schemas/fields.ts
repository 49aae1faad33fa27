import { z } from 'zod';
import { LIMITS } from '../constants';
import { VALIDATION } from '../messages';
import { toKenyanE164 } from '../phone';

// Before any schema is built: zod otherwise probes `new Function` to decide whether it may compile
// parsers, which the site's CSP (no 'unsafe-eval') reports as a violation in the browser.
// (index.ts exports this module before the other schemas, so it runs first.)
z.config({ jitless: true });

/** Reusable fields, each carrying the exact messages of SPEC section 5 (defined once). */

/**
 * A record id: a UUID, answered in its canonical lower-case form. PostgreSQL accepts either case,
 * so without this `A1B2…` and `a1b2…` name the same row while comparing unequal as strings (an
 * advocate could act on their own account by writing their id in capitals).
 */
export const uuidField = (message: string) =>
  z.uuid({ error: message }).transform((id) => id.toLowerCase());

/** `:id` path parameters. */
export const idParamsSchema = (message: string) => z.object({ id: uuidField(message) });

/** A string that is required: missing, empty or blank all answer `message`. */
export const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: VALIDATION.tooLong(max) });

export const emailField = z
  .string({ error: VALIDATION.emailRequired })
  .trim()
  .min(1, { error: VALIDATION.emailRequired })
  .max(LIMITS.emailMax, { error: VALIDATION.tooLong(LIMITS.emailMax) })
  .pipe(z.email({ error: VALIDATION.emailInvalid }))
  .transform((email) => email.toLowerCase());

/** A Kenyan phone number, answered in E.164. */
export const phoneField = z
  .string({ error: VALIDATION.phoneRequired })
  .trim()
  .min(1, { error: VALIDATION.phoneRequired })
  .max(LIMITS.phoneMax, { error: VALIDATION.phoneInvalid })
  .transform((value, ctx) => {
    const e164 = toKenyanE164(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: VALIDATION.phoneInvalid });
      return z.NEVER;
    }
    return e164;
  });

/** Optional phone: an empty string means "not given". */
export const optionalPhoneField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  phoneField.optional(),
);
