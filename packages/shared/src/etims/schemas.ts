import { z } from 'zod';
import { ETIMS_STATES } from './rules';

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

/**
 * A fee note's KRA state (its credit note's once cancelled), with KRA's receipt once sent and, for
 * staff, KRA's message when refused (ADR 049).
 */
export const feeNoteEtimsSchema = z.object({
  state: z.enum(ETIMS_STATES),
  curRcptNo: z.number().int().optional(),
  totRcptNo: z.number().int().optional(),
  rcptSign: z.string().optional(),
  sdcDateTime: z.string().optional(),
  intrlData: z.string().optional(),
  /** KRA's invoice check for this receipt, which its QR code opens (ADR 049). */
  verificationUrl: z.string().optional(),
  message: z.string().optional(),
});
export type FeeNoteEtims = z.infer<typeof feeNoteEtimsSchema>;

/**
 * A transmission that did not reach KRA (System Settings, advocates): refused, or KRA did not
 * answer for 48 hours; `message` is what KRA said (or that it did not answer), in plain words.
 */
export const etimsProblemSchema = z.object({
  feeNoteId: z.string(),
  number: z.string(),
  kind: z.enum(['sale', 'credit']),
  invcNo: z.number().int(),
  state: z.enum(['refused', 'failed']),
  message: z.string(),
  since: z.string(),
});
export type EtimsProblem = z.infer<typeof etimsProblemSchema>;
export const etimsProblemsSchema = z.object({ transmissions: z.array(etimsProblemSchema) });
export type EtimsProblems = z.infer<typeof etimsProblemsSchema>;
