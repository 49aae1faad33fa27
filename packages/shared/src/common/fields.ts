import { z } from 'zod';
import { LIMITS } from './constants';
import { VALIDATION } from './texts';
import { toKenyanE164 } from './phone';
import { unprintableCharacters } from './printable';

// Before any schema is built: zod otherwise probes `new Function` to decide whether it may compile
// parsers, which the site's CSP (no 'unsafe-eval') reports as a violation in the browser.
// (index.ts exports this module before the other schemas, so it runs first.)
z.config({ jitless: true });

/** Reusable fields, each carrying the exact messages of docs/product-rules.md#validation (defined once). */

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
 * The one text rule (ADR 012): every text field of every
 * endpoint, body or query string, ends with `textRule(kind)`, so each refusal has one message.
 *
 * - A lone UTF-16 surrogate ("\ud800" in JSON) is not a character: PostgreSQL's json refuses it
 *   (the audit row failed with a 500) and its text columns stored U+FFFD in its place.
 * - NUL and the other control characters: PostgreSQL refuses NUL in text (a 500), and ESC, CR and
 *   the C1 codes let a sender forge lines in an email or a log, or hide text on a screen.
 *   Multi-line text keeps tab and line feed (a textarea sends only LF); single-line text (names,
 *   subjects, emails, phones, search terms) takes no line break at all, Unicode's line and
 *   paragraph separators included, since it ends up in email headers.
 * - Bidirectional controls (embeddings, overrides, isolates and the direction marks) reorder what
 *   follows them on screen: "invoice\u202Efdp.exe" shows as "invoiceexe.pdf". A person never needs
 *   them to write (Arabic and Hebrew letters carry their own direction), and our text is shown
 *   next to theirs in lists, notifications and emails, so no field takes them.
 * - Subjects (anything that may reach an email's Subject line) also refuse MIME encoded words,
 *   `=?utf-8?q?…?=`: a mail client decodes them, so typed ones could show a forged "Bcc:" line
 *   inside the subject. (The mailer neutralises them too, for text stored before this rule.)
 */
export type TextKind = 'line' | 'multiline' | 'subject';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- as above
const LINE_BREAKS_OR_CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069 (Unicode's bidirectional controls). */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, 'g');
const ENCODED_WORD = /=\?[\s\S]*?\?=/;

/** Why `value` is refused as text of `kind`, in the words a person reads; undefined if it is not. */
export function textProblem(value: string, kind: TextKind = 'line'): string | undefined {
  if (LONE_SURROGATE.test(value)) return VALIDATION.unreadableCharacters;
  if (kind === 'multiline') {
    if (CONTROL_CHARACTERS.test(value)) return VALIDATION.controlCharacters;
  } else if (LINE_BREAKS_OR_CONTROL_CHARACTERS.test(value)) {
    return VALIDATION.singleLine;
  }
  if (BIDI_CONTROL.test(value)) return VALIDATION.directionControls;
  if (kind === 'subject' && ENCODED_WORD.test(value)) return VALIDATION.encodedWords;
  return undefined;
}

/** `text` without bidirectional controls (for text that is cleaned rather than refused: file names). */
export const withoutDirectionControls = (text: string) => text.replace(BIDI_CONTROLS, '');

/** `text` without halves of surrogate pairs (what cutting a string between the two leaves). */
export const withoutLoneSurrogates = (text: string) => text.replace(LONE_SURROGATES, '');

/** Single-line plain text (for fields that answer their own message, e.g. an email). */
export const isPlainLine = (value: string) => textProblem(value, 'line') === undefined;

/** The check every text field ends with: `.superRefine(textRule(kind))`. */
export const textRule =
  (kind: TextKind = 'line') =>
  (value: string, ctx: z.RefinementCtx) => {
    const message = textProblem(value, kind);
    if (message) ctx.addIssue({ code: 'custom', message });
  };

/**
 * The check of a field printed on fee notes, credit notes and receipts (ADR 035, addendum): what
 * their fonts cannot draw (emoji, scripts they do not cover) is refused, naming the characters,
 * rather than lost on the tax document. `.superRefine(printableRule)`.
 */
export const printableRule = (value: string, ctx: z.RefinementCtx) => {
  const characters = unprintableCharacters(value);
  if (characters.length > 0) {
    ctx.addIssue({ code: 'custom', message: VALIDATION.notPrintable(characters.slice(0, 5)) });
  }
};

/** Any string field: a single line of plain text unless `multiline`. */
export const plainText = (options: { multiline?: boolean } = {}) =>
  z.string().superRefine(textRule(options.multiline ? 'multiline' : 'line'));

/**
 * A string that is required: missing, empty or blank all answer `message`. One line unless
 * `multiline` (a message, a description); `subject` for what may reach an email's Subject;
 * `printable` for what is printed on a fee note or receipt (see printableRule).
 */
export const requiredText = (
  message: string,
  max: number,
  {
    multiline = false,
    subject = false,
    printable = false,
  }: { multiline?: boolean; subject?: boolean; printable?: boolean } = {},
) => {
  const text = z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: VALIDATION.tooLong(max) })
    .superRefine(textRule(multiline ? 'multiline' : subject ? 'subject' : 'line'));
  return printable ? text.superRefine(printableRule) : text;
};

export const emailField = z
  .string({ error: VALIDATION.emailRequired })
  .trim()
  .min(1, { error: VALIDATION.emailRequired })
  .max(LIMITS.emailMax, { error: VALIDATION.tooLong(LIMITS.emailMax) })
  .refine(isPlainLine, { error: VALIDATION.emailInvalid })
  .pipe(z.email({ error: VALIDATION.emailInvalid }))
  .transform((email) => email.toLowerCase());

/** A Kenyan phone number, answered in E.164. */
export const phoneField = z
  .string({ error: VALIDATION.phoneRequired })
  .trim()
  .min(1, { error: VALIDATION.phoneRequired })
  .max(LIMITS.phoneMax, { error: VALIDATION.phoneInvalid })
  // toKenyanE164 drops what is not a digit: a control character must not slip through that way.
  .refine(isPlainLine, { error: VALIDATION.phoneInvalid })
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
