import { z } from 'zod';

/**
 * eTIMS' set-up as System Settings shows it (ADR 049): never the communication key. `configured`
 * is whether ETIMS_PIN and ETIMS_DEVICE_SERIAL are set; `lastError` why the last initialisation
 * failed, in plain words, until one succeeds.
 */
export const etimsSettingsSchema = z.object({
  configured: z.boolean(),
  branchId: z.string().nullable(),
  deviceSerial: z.string().nullable(),
  initialisedAt: z.string().nullable(),
  /** KRA's device ids, shown beside the receipt (ADR 049). */
  sdcId: z.string().nullable(),
  mrcNo: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type EtimsSettingsAnswer = z.infer<typeof etimsSettingsSchema>;
