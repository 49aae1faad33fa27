import { z } from 'zod';
import { emptyAsUndefined } from '../common/list-query';
import { boundedDay } from '../common/date-fields';
import {
  REPORT_FIRST_DAY,
  REPORT_KINDS,
  REPORT_MAX_DAYS,
  REPORT_UNITS,
  daysBetween,
} from './rules';
import { REPORT_TEXTS as T } from './texts';

/** GET /api/reports/{kind}: the report, and `?format=csv` its CSV. */
export const reportParamsSchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: T.unknownReport }),
});

const reportDay = z.preprocess(emptyAsUndefined, boundedDay(T.invalidDate).optional());

/** Both dates or neither (this month); `from` on or before `to`; at most five years. */
export const reportQuerySchema = z
  .object({
    from: reportDay,
    to: reportDay,
    format: z.preprocess(
      emptyAsUndefined,
      z.enum(['json', 'csv'], { error: 'Format must be one of: json, csv' }).default('json'),
    ),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      const missing = query.from === undefined ? 'from' : 'to';
      ctx.addIssue({ code: 'custom', path: [missing], message: T.invalidDate });
      return;
    }
    if (query.from && query.to) {
      if (query.from < REPORT_FIRST_DAY) {
        ctx.addIssue({ code: 'custom', path: ['from'], message: T.outOfRange });
      } else if (query.from > query.to) {
        ctx.addIssue({ code: 'custom', path: ['from'], message: T.fromAfterTo });
      } else if (daysBetween(query.from, query.to) > REPORT_MAX_DAYS) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: T.rangeTooLong });
      }
    }
  });
export type ReportQuery = z.input<typeof reportQuerySchema>;
export type ReportQueryValues = z.output<typeof reportQuerySchema>;

const dayRange = z.object({ from: z.string(), to: z.string() });

/** One cell: its number (null: nothing to measure, e.g. a median of no answers) and its list. */
export const reportCellSchema = z.object({
  value: z.number().nullable(),
  /** The portal list this number counts, filtered; null for a number no list shows. */
  link: z.string().nullable(),
});

/**
 * A section of a report: one table (its chart draws the same numbers). Columns are the period and
 * the previous period, or months, weeks or buckets; each row is a thing counted.
 */
export const reportSectionSchema = z.object({
  key: z.string(),
  title: z.string(),
  unit: z.enum(REPORT_UNITS),
  /** How the screen draws it: bars, bars stacked per column, or a table alone. */
  chart: z.enum(['bar', 'stacked', 'none']),
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  rows: z.array(z.object({ key: z.string(), label: z.string(), cells: z.array(reportCellSchema) })),
  /** What a reader should know to read it right (how a figure is worked out). */
  note: z.string().optional(),
});
export type ReportSection = z.infer<typeof reportSectionSchema>;
export type ReportCell = z.infer<typeof reportCellSchema>;

export const reportSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  title: z.string(),
  range: dayRange,
  previousRange: dayRange,
  /** Nairobi's today when it was worked out ("now" figures are as of then). */
  today: z.string(),
  sections: z.array(reportSectionSchema),
});
export type Report = z.infer<typeof reportSchema>;
