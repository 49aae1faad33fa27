import { z } from 'zod';
import type { ErrorCode } from './error-codes';

/** The body of every error answer (docs/product-rules.md#wire-contract). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  /** One message per invalid field, keyed by the field's path (`address.city`). */
  errors: z.record(z.string(), z.string()).optional(),
});
/**
 * The wire says a string (a client must not break on a code it does not know); in our code it is
 * one of ERROR_CODES.
 */
export type ApiErrorBody = Omit<z.infer<typeof apiErrorSchema>, 'code'> & { code?: ErrorCode };

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/ready: whether this process should be sent traffic, and which check says not. */
export const readinessSchema = z.object({
  message: z.string(),
  checks: z.object({
    database: z.enum(['ok', 'unavailable']),
    jobQueue: z.enum(['ok', 'unavailable']),
    migrations: z.enum(['done', 'running']),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
