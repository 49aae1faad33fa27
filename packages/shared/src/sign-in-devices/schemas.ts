import { z } from 'zod';
import { isPlainLine } from '../common/fields';
import { SIGN_IN_DEVICE_TEXTS as T } from './texts';

/** POST /api/auth/secure-account: the token of a sign-in alert's "Not you?" link. */
export const secureAccountInputSchema = z.object({
  token: z
    .string({ error: T.linkRequired })
    .min(1, { error: T.linkRequired })
    .max(200, { error: T.linkRequired })
    .refine(isPlainLine, { error: T.linkRequired }),
});
export type SecureAccountInput = z.input<typeof secureAccountInputSchema>;

/**
 * Every session ended; `resetToken` is a password reset link's token (one hour), so the page goes
 * straight on to choosing a new password (/reset-password#token=…).
 */
export const secureAccountResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  resetToken: z.string(),
});
export type SecureAccountResult = z.infer<typeof secureAccountResultSchema>;

/** One browser and system the account signed in from (GET /api/auth/devices). */
export const signInDeviceSchema = z.object({
  id: z.string(),
  /** "Chrome on Android", "Safari on iPhone"; "An unknown browser". */
  label: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  lastIp: z.string().nullable(),
  /** The browser and system of the session asking. */
  current: z.boolean(),
});
export type SignInDevice = z.infer<typeof signInDeviceSchema>;

export const signInDeviceListSchema = z.object({ devices: z.array(signInDeviceSchema) });
export type SignInDeviceList = z.infer<typeof signInDeviceListSchema>;
