import { z } from 'zod';
import { AUDIT_PAGE_SIZE } from '../common/constants';
import { boundedDay } from '../common/date-fields';
import { paginationSchema, textRule } from '../common/fields';
import { VALIDATION } from '../common/texts';

/** System Settings → Audit log (advocates only): the query a page is asked with, and the page. */

const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const searchText = (max: number) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(max, { error: VALIDATION.tooLong(max) })
      .superRefine(textRule())
      .optional(),
  );

const dayField = z.preprocess(
  emptyAsUndefined,
  boundedDay('Use a date such as 2026-01-31').optional(),
);

const pageField = z.preprocess(
  emptyAsUndefined,
  z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int({ error: 'Page must be a whole number from 1' })
    .min(1, { error: 'Page must be a whole number from 1' })
    .max(100_000, { error: 'Page must be a whole number from 1' })
    .default(1),
);

/**
 * GET /api/settings/audit-log: `person` matches who did it (name or email), `target` whom it was
 * done to, `action` the action's name (exact); `from` and `to` are days in Nairobi, both included.
 * GET /api/settings/audit-log/csv takes the same filters and answers the whole filtered log as CSV.
 */
export const auditLogQuerySchema = z
  .object({
    person: searchText(200),
    target: searchText(200),
    action: searchText(100),
    from: dayField,
    to: dayField,
    page: pageField,
    limit: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: 'Limit must be from 1 to 100' })
        .int({ error: 'Limit must be from 1 to 100' })
        .min(1, { error: 'Limit must be from 1 to 100' })
        .max(100, { error: 'Limit must be from 1 to 100' })
        .default(AUDIT_PAGE_SIZE),
    ),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    error: 'The end date must not be before the start date',
    path: ['to'],
  });
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;
export type AuditLogFilters = z.output<typeof auditLogQuerySchema>;

const personRef = z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable();

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor: personRef,
  target: personRef,
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  pagination: paginationSchema,
  /** Every action name in the log, for the filter. */
  actions: z.array(z.string()),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
