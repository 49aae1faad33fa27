import { z } from 'zod';
import { loginPasswordField } from '../auth/schemas';
import { RECOVERY_CODE_PATTERN, TOTP_DIGITS, normalizeRecoveryCode } from './rules';
import { SECOND_FACTOR_METHODS } from '../passkeys/rules';
import { passkeyAuthenticationResponseSchema } from '../passkeys/schemas';
import { TWO_FACTOR_TEXTS as T } from './texts';

/** Six digits; spaces a person types between them are dropped. */
export const totpCodeField = z
  .string({ error: T.codeRequired })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), { error: T.codeFormat }));

export const recoveryCodeField = z
  .string({ error: T.recoveryCodeFormat })
  .transform(normalizeRecoveryCode)
  .pipe(z.string().regex(RECOVERY_CODE_PATTERN, { error: T.recoveryCodeFormat }));

/** POST /api/auth/2fa/totp/setup: a new key for the authenticator app, not yet on. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** One box for the authenticator's code: turning it on, and the sign-in's second step. */
export const totpCodeFormSchema = z.object({ code: totpCodeField });
/** The sign-in's second step with a recovery code instead. */
export const recoveryCodeFormSchema = z.object({ code: recoveryCodeField });

/** POST /api/auth/2fa/totp/enable */
export const totpEnableInputSchema = totpCodeFormSchema;
export const recoveryCodesSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/**
 * POST /api/auth/2fa/recovery-codes: the password, as turning it off takes, so that a session
 * alone (a browser left signed in) cannot replace the owner's codes with its own (ADR 037).
 */
export const recoveryCodesRenewInputSchema = z.object({ password: loginPasswordField });
export type RecoveryCodesRenewInput = z.infer<typeof recoveryCodesRenewInputSchema>;

/** POST /api/auth/2fa/disable: the password, and a code from the app or a recovery code. */
export const twoFactorDisableInputSchema = z
  .object({
    password: loginPasswordField,
    code: totpCodeField.optional(),
    recoveryCode: recoveryCodeField.optional(),
  })
  .refine((input) => input.code !== undefined || input.recoveryCode !== undefined, {
    path: ['code'],
    error: T.codeRequired,
  });

/**
 * Profile's Turn off form: the password, and one box that takes the app's code or a recovery
 * code (six digits are the app's). It sends what POST /api/auth/2fa/disable takes.
 */
export const twoFactorDisableFormSchema = z
  .object({ password: loginPasswordField, code: z.string().trim() })
  .transform(({ password, code }, context) => {
    const asTotp = totpCodeField.safeParse(code);
    if (asTotp.success) return { password, code: asTotp.data };
    const asRecovery = recoveryCodeField.safeParse(code);
    if (asRecovery.success) return { password, recoveryCode: asRecovery.data };
    context.addIssue({
      code: 'custom',
      path: ['code'],
      message: asTotp.error.issues[0]?.message ?? T.codeFormat,
    });
    return z.NEVER;
  });

/** GET /api/auth/2fa: what protects the caller's sign-in. */
export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** How many passkeys the account has (each is a second factor too). */
  passkeys: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/**
 * POST /api/auth/login answers this (401, `code: TWO_FACTOR_REQUIRED`) instead of a session to an
 * account with a second factor; POST /api/auth/login/2fa finishes with the challenge.
 */
export const twoFactorChallengeSchema = z.object({
  message: z.string(),
  code: z.literal('TWO_FACTOR_REQUIRED'),
  challengeToken: z.string(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const loginSecondStepInputSchema = z
  .object({
    challengeToken: z.string().min(1).max(200),
    code: totpCodeField.optional(),
    recoveryCode: recoveryCodeField.optional(),
    /** A passkey's answer to the options of /auth/login/2fa/passkey-options. */
    passkey: passkeyAuthenticationResponseSchema.optional(),
  })
  .refine(
    (input) =>
      input.code !== undefined || input.recoveryCode !== undefined || input.passkey !== undefined,
    { path: ['code'], error: T.codeRequired },
  );
export type LoginSecondStepInput = z.input<typeof loginSecondStepInputSchema>;
