import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from './constants';
import { VALIDATION } from './texts';
import { textRule } from './fields';
import { boundedDay } from './date-fields';

/**
 * Query-string fields of every list endpoint (cases, appointments, clients, enquiries, messages,
 * notifications, users): an empty value means "no filter". Defined once, so each list answers a
 * bad page, limit or filter with the same message.
 */

export const emptyAsUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

export const querySearch = (max: number) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(max, { error: VALIDATION.tooLong(max) })
      .superRefine(textRule())
      .optional(),
  );

/** One of `values`, or `all` (the same as leaving it out). */
export const queryEnum = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .enum([...values, 'all'] as unknown as T, {
        error: `${name} must be one of: ${values.join(', ')}`,
      })
      .optional()
      .transform((value) => (value === 'all' ? undefined : (value as T[number] | undefined))),
  );

const wholeNumberFrom1 = (max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(max, { error: message });

export const positiveInt = (fallback: number, max: number, message: string) =>
  z.preprocess(emptyAsUndefined, wholeNumberFrom1(max, message).default(fallback));

/** The same, with no default: left out, it stays undefined (a cursor such as `before`). */
export const optionalPositiveInt = (max: number, message: string) =>
  z.preprocess(emptyAsUndefined, wholeNumberFrom1(max, message).optional());

export const queryPage = positiveInt(1, 1_000_000, 'Page must be a whole number from 1');
export const queryLimit = positiveInt(
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  `Limit must be a whole number from 1 to ${LIST_MAX_LIMIT}`,
);
export const querySort = <T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .enum(values, { error: `Sort must be one of: ${values.join(', ')}` })
      .default(fallback as never),
  );

/** A calendar day `YYYY-MM-DD` from 1900 to 2100 (a list's date-range filter; date-fields.ts). */
export const queryDate = z.preprocess(
  emptyAsUndefined,
  boundedDay('Dates are written YYYY-MM-DD').optional(),
);
