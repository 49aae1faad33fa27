import { z } from 'zod';
import { AUDIT_PAGE_SIZE } from '../constants';
import { VALIDATION } from '../messages';
import { textRule, paginationSchema } from './fields';

/** The `/api/settings/*` contract (System Settings; advocates only). */

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

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dayField = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .regex(DATE, { error: 'Use a date such as 2026-01-31' })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
      error: 'Use a date such as 2026-01-31',
    })
    .optional(),
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

export const SUPER_KEY_SOURCES = ['environment', 'file'] as const;
export type SuperKeySource = (typeof SUPER_KEY_SOURCES)[number];

/**
 * GET /api/settings/super-key: where the key comes from, never the key, nor the server's file path
 * (a screen for the firm names no server paths).
 */
export const superKeyStatusSchema = z.object({
  source: z.enum(SUPER_KEY_SOURCES),
  rotatable: z.boolean(),
});
export type SuperKeyStatus = z.infer<typeof superKeyStatusSchema>;

/** POST /api/settings/super-key/rotate: the new key, shown once. */
export const superKeyRotatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  superKey: z.string(),
});
export type SuperKeyRotated = z.infer<typeof superKeyRotatedSchema>;
