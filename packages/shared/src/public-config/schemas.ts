import { z } from 'zod';
import { publicAppointmentTypesSchema } from '../settings/schemas';

/** GET /api/public-config: run-time settings the browser may see (never a secret). */
export const publicConfigSchema = z.object({
  /** Browser Maps key, restricted by HTTP referrer; null: OpenStreetMap is used. */
  googleMapsApiKey: z.string().nullable(),
  /** Each appointment type's fee (KSh) and duration, from the firm settings (the booking modal). */
  appointmentTypes: publicAppointmentTypesSchema,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
