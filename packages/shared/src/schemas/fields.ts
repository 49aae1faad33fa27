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

/**
 * Characters no text field takes. PostgreSQL refuses NUL in text (the request would fail with a
 * 500), and control characters (ESC, CR, C1 codes) let a sender forge lines in an email or a log,
 * or hide text on a screen. Multi-line text keeps tab and line feed (a textarea sends only LF);
 * single-line text (names, subjects, emails, phones, search terms) takes no line break at all,
 * Unicode's line and paragraph separators included, since it ends up in email headers.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- as above
const LINE_BREAKS_OR_CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);
export const isSingleLine = (value: string) => !LINE_BREAKS_OR_CONTROL_CHARACTERS.test(value);

/** The check every text field ends with: single-line unless `multiline`. */
export const plainTextCheck = (multiline = false) =>
  multiline
    ? { test: hasNoControlCharacters, error: VALIDATION.controlCharacters }
    : { test: isSingleLine, error: VALIDATION.singleLine };

/** Any string field: a single line of plain text unless `multiline`. */
export const plainText = (options: { multiline?: boolean } = {}) => {
  const check = plainTextCheck(options.multiline);
  return z.string().refine(check.test, { error: check.error });
};

/**
 * A string that is required: missing, empty or blank all answer `message`. One line unless
 * `multiline` (a message, a description).
 */
export const requiredText = (
  message: string,
  max: number,
  { multiline = false }: { multiline?: boolean } = {},
) => {
  const check = plainTextCheck(multiline);
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: VALIDATION.tooLong(max) })
    .refine(check.test, { error: check.error });
};

export const emailField = z
  .string({ error: VALIDATION.emailRequired })
  .trim()
  .min(1, { error: VALIDATION.emailRequired })
  .max(LIMITS.emailMax, { error: VALIDATION.tooLong(LIMITS.emailMax) })
  .refine(isSingleLine, { error: VALIDATION.emailInvalid })
  .pipe(z.email({ error: VALIDATION.emailInvalid }))
  .transform((email) => email.toLowerCase());

/** A Kenyan phone number, answered in E.164. */
export const phoneField = z
  .string({ error: VALIDATION.phoneRequired })
  .trim()
  .min(1, { error: VALIDATION.phoneRequired })
  .max(LIMITS.phoneMax, { error: VALIDATION.phoneInvalid })
  // toKenyanE164 drops what is not a digit: a control character must not slip through that way.
  .refine(isSingleLine, { error: VALIDATION.phoneInvalid })
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

/** Where a page of a list stands: every paged list of the API answers with it. */
export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  /** At least 1, so "page 1 of 1" reads right for an empty list. */
  pages: z.number().int(),
});
export type ListPagination = z.infer<typeof paginationSchema>;

/** The pagination of page `page` of `limit` rows when `total` rows match. */
export function paginationOf(
  { page, limit }: { page: number; limit: number },
  total: number,
): ListPagination {
  return { page, limit, pages: Math.max(1, Math.ceil(total / limit)) };
}
