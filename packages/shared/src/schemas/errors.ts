import { z } from 'zod';

/** The body of every error answer (DECISIONS "Wire compatibility"). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  /** One message per invalid field, keyed by the field's path (`address.city`). */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
