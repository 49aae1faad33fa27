import { z } from 'zod';
import { requiredText, textRule } from '../common/fields';
import { VALIDATION } from '../common/texts';
import { LIMITATION_TEXTS as T } from './texts';

const PERIOD_UNITS = ['days', 'months', 'years'] as const;

/** One limitation period, as System Settings shows and saves it (ADR 051). */
export const limitationPeriodSchema = z.object({
  kind: z
    .string({ error: T.kindInvalid })
    .regex(/^[a-z][a-z0-9_]{0,39}$/, { error: T.kindInvalid }),
  label: requiredText(T.labelRequired, 120),
  amount: z
    .number({ error: T.amountInvalid })
    .int({ error: T.amountInvalid })
    .min(1, { error: T.amountInvalid })
    .max(1200, { error: T.amountInvalid }),
  unit: z.enum(PERIOD_UNITS, { error: T.unitInvalid }),
  source: requiredText(T.sourceRequired, 300),
  notice: z
    .string()
    .trim()
    .max(500, { error: VALIDATION.tooLong(500) })
    .superRefine(textRule('line'))
    .nullable()
    .default(null),
});

/** PUT /api/settings/limitation-periods: the whole table, in the order it is shown. */
export const limitationPeriodsInputSchema = z.object({
  periods: z
    .array(limitationPeriodSchema, { error: T.periodsRequired })
    .min(1, { error: T.periodsRequired })
    .max(100)
    .superRefine((periods, ctx) => {
      const seen = new Set<string>();
      periods.forEach((period, index) => {
        if (seen.has(period.kind)) {
          ctx.addIssue({ code: 'custom', path: [index, 'kind'], message: T.kindRepeated });
        }
        seen.add(period.kind);
      });
    }),
});
export type LimitationPeriodsInput = z.infer<typeof limitationPeriodsInputSchema>;

/** The table with who last changed it (GET and PUT answer the same). */
export const limitationPeriodsSchema = z.object({
  periods: z.array(limitationPeriodSchema.extend({ notice: z.string().nullable() })),
  updatedAt: z.string().nullable(),
  guidance: z.string(),
});
