import { z } from 'zod';

/** GET /api/public-config: run-time settings the browser may see (never a secret). */
export const publicConfigSchema = z.object({
  /** Browser Maps key, restricted by HTTP referrer; null: OpenStreetMap is used. */
  googleMapsApiKey: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
