import { z } from 'zod';
import {
  ADMIN_PERMISSION_KEYS,
  EXPERIENCE_MAX,
  EXPERIENCE_MIN,
  LIMITS,
  PASSWORD_MIN_LOGIN,
  PASSWORD_MIN_REGISTRATION,
  ROLES,
  SPECIALIZATIONS,
  VERIFICATION_STATUSES,
} from '../common/constants';
import { VALIDATION } from '../common/texts';
import {
  emailField,
  isPlainLine,
  textRule,
  phoneField,
  plainText,
  requiredText,
} from '../common/fields';

/**
 * The `/api/auth/*` contract (docs/product-rules.md#records, #validation, #wire-contract; docs/roles-and-permissions.md). The
 * server validates with these schemas and the forms use the same ones, so a message is written once.
 */

// ---------------------------------------------------------------------------------------------
// Fields

/** The password typed at sign-in: the 6-character minimum of docs/product-rules.md#validation. */
export const loginPasswordField = z
  .string({ error: VALIDATION.passwordRequired })
  .min(1, { error: VALIDATION.passwordRequired })
  .min(PASSWORD_MIN_LOGIN, { error: VALIDATION.passwordMinLogin })
  .max(LIMITS.passwordMax, { error: VALIDATION.tooLong(LIMITS.passwordMax) });

const hasUpperLowerDigit = (value: string) =>
  /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);

/** Every password a person chooses: registration, reset and change (docs/product-rules.md#validation, strict form). */
export const newPasswordField = z
  .string({ error: VALIDATION.passwordRequired })
  .min(1, { error: VALIDATION.passwordRequired })
  .min(PASSWORD_MIN_REGISTRATION, { error: VALIDATION.passwordMinRegistration })
  .max(LIMITS.passwordMax, { error: VALIDATION.tooLong(LIMITS.passwordMax) })
  .superRefine(textRule())
  .refine(hasUpperLowerDigit, { error: VALIDATION.passwordComplexity });

/** Years of experience: a whole number from 0. Accepts the text of a number input too. */
export const experienceField = z.preprocess(
  (value) => {
    if (value === '' || value === null || value === undefined) return undefined;
    if (typeof value === 'number' && Number.isNaN(value)) return undefined;
    if (typeof value === 'string') return Number(value.trim());
    return value;
  },
  z
    .number({ error: VALIDATION.experienceRequired })
    .int({ error: VALIDATION.experienceWhole })
    .min(EXPERIENCE_MIN, { error: VALIDATION.experienceNegative })
    .max(EXPERIENCE_MAX, { error: `Experience must be at most ${EXPERIENCE_MAX} years` }),
);

/** The list of specializations: at least one, each named, no repeats. */
export const specializationField = z
  .array(requiredText(VALIDATION.specializationRequired, 100), {
    error: VALIDATION.specializationRequired,
  })
  .min(1, { error: VALIDATION.specializationRequired })
  .max(LIMITS.specializationsMax, {
    error: `At most ${LIMITS.specializationsMax} specializations`,
  })
  .transform((items) => [...new Set(items)]);

const superKeyField = z
  .string({ error: VALIDATION.superKeyRequired })
  .trim()
  .min(1, { error: VALIDATION.superKeyRequired })
  .max(200, { error: VALIDATION.tooLong(200) })
  .superRefine(textRule());

// ---------------------------------------------------------------------------------------------
// Requests

/** POST /api/auth/verify-super-key */
export const verifySuperKeyInputSchema = z.object({ superKey: superKeyField });
export type VerifySuperKeyInput = z.input<typeof verifySuperKeyInputSchema>;

/** The advocate's own details, shared by the wire payload and the form. */
const advocateDetailsShape = {
  firstName: requiredText(VALIDATION.firstNameRequired, LIMITS.nameMax, { printable: true }),
  lastName: requiredText(VALIDATION.lastNameRequired, LIMITS.nameMax, { printable: true }),
  email: emailField,
  phone: phoneField,
  licenseNumber: requiredText(VALIDATION.licenseNumberRequired, 100),
  experience: experienceField,
  education: requiredText(VALIDATION.educationRequired, 500, { multiline: true }),
  barAdmission: requiredText(VALIDATION.barAdmissionRequired, LIMITS.textMax, {
    multiline: true,
  }),
  password: newPasswordField,
};

/**
 * POST /api/auth/register: the advocate payload of docs/product-rules.md#records plus `superKey`. A `role` in the
 * body is ignored (stripped): whoever registers here is an advocate.
 */
export const registerInputSchema = z.object({
  ...advocateDetailsShape,
  specialization: specializationField,
  superKey: superKeyField,
});
export type RegisterInput = z.input<typeof registerInputSchema>;

/** POST /api/auth/login */
export const loginInputSchema = z.object({
  email: emailField,
  password: loginPasswordField,
  rememberMe: z.boolean().optional(),
});
export type LoginInput = z.input<typeof loginInputSchema>;

/** POST /api/auth/forgot-password */
export const forgotPasswordInputSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordInputSchema>;

/** POST /api/auth/reset-password */
export const resetPasswordInputSchema = z.object({
  token: z
    .string({ error: VALIDATION.resetTokenRequired })
    .min(1, { error: VALIDATION.resetTokenRequired })
    .max(200, { error: VALIDATION.resetTokenRequired })
    .refine(isPlainLine, { error: VALIDATION.resetTokenRequired }),
  password: newPasswordField,
});
export type ResetPasswordInput = z.input<typeof resetPasswordInputSchema>;

const currentPasswordField = z
  .string({ error: VALIDATION.currentPasswordRequired })
  .min(1, { error: VALIDATION.currentPasswordRequired })
  .max(LIMITS.passwordMax, { error: VALIDATION.tooLong(LIMITS.passwordMax) });

/** POST /api/auth/change-password */
export const changePasswordInputSchema = z
  .object({ currentPassword: currentPasswordField, newPassword: newPasswordField })
  .refine((value) => value.newPassword !== value.currentPassword, {
    error: VALIDATION.newPasswordSameAsCurrent,
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

// ---------------------------------------------------------------------------------------------
// Forms (the web app): the wire fields plus what only the screen asks for.

/** Run a form-level rule even when some fields are invalid (zod skips it otherwise). */
const always = () => true;

const confirmPasswordField = z
  .string({ error: VALIDATION.confirmPasswordRequired })
  .min(1, { error: VALIDATION.confirmPasswordRequired });

/** Login form: exactly the wire payload. */
export const loginFormSchema = loginInputSchema;

/**
 * Advocate registration form (docs/product-rules.md#validation): the checkbox list of ten plus an
 * optional comma-separated "Other" field, at least one in total; password confirmation and terms.
 */
export const advocateRegistrationFormSchema = z
  .object({
    ...advocateDetailsShape,
    specializations: z.array(z.enum(SPECIALIZATIONS)),
    otherSpecializations: plainText().max(500, { error: VALIDATION.tooLong(500) }),
    confirmPassword: confirmPasswordField,
    acceptTerms: z.boolean().refine((value) => value, { error: VALIDATION.termsRequired }),
  })
  // `when`: these run even while other fields are still wrong, so every message shows at once.
  .refine((value) => !value.confirmPassword || value.password === value.confirmPassword, {
    error: VALIDATION.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: always,
  })
  .refine(
    (value) =>
      allSpecializations({
        specializations: Array.isArray(value.specializations) ? value.specializations : [],
        otherSpecializations:
          typeof value.otherSpecializations === 'string' ? value.otherSpecializations : '',
      }).length > 0,
    { error: VALIDATION.specializationRequired, path: ['specializations'], when: always },
  );
export type AdvocateRegistrationFormInput = z.input<typeof advocateRegistrationFormSchema>;
export type AdvocateRegistrationFormValues = z.output<typeof advocateRegistrationFormSchema>;

/** The ticked specializations followed by the "Other" entries, without blanks or repeats. */
export function allSpecializations(form: {
  specializations: readonly string[];
  otherSpecializations: string;
}): string[] {
  const others = form.otherSpecializations
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return [...new Set([...form.specializations, ...others])];
}

/** Builds the wire payload of POST /api/auth/register from the validated form. */
export function toRegisterPayload(
  form: AdvocateRegistrationFormValues,
  superKey: string,
): RegisterInput {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    phone: form.phone,
    password: form.password,
    licenseNumber: form.licenseNumber,
    specialization: allSpecializations(form),
    experience: form.experience,
    education: form.education,
    barAdmission: form.barAdmission,
    superKey,
  };
}

/** Reset-password form: the new password twice (the registration rules). */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordField, confirmPassword: confirmPasswordField })
  .refine((value) => !value.confirmPassword || value.password === value.confirmPassword, {
    error: VALIDATION.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: always,
  });
export type ResetPasswordFormValues = z.output<typeof resetPasswordFormSchema>;

/** Change-password form: the current password, then the new one twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((value) => !value.newPassword || value.newPassword !== value.currentPassword, {
    error: VALIDATION.newPasswordSameAsCurrent,
    path: ['newPassword'],
    when: always,
  })
  .refine((value) => !value.confirmPassword || value.newPassword === value.confirmPassword, {
    error: VALIDATION.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: always,
  });
export type ChangePasswordFormValues = z.output<typeof changePasswordFormSchema>;

// ---------------------------------------------------------------------------------------------
// Responses

export const adminPermissionsSchema = z.object(
  Object.fromEntries(ADMIN_PERMISSION_KEYS.map((key) => [key, z.boolean()])) as Record<
    (typeof ADMIN_PERMISSION_KEYS)[number],
    z.ZodBoolean
  >,
);

/**
 * The user object on the wire (docs/product-rules.md#records), the one shape every endpoint answers. Admins carry
 * `permissions`; advocates their professional fields and verification status. Never a hash.
 */
export const publicUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  mustChangePassword: z.boolean(),
  /**
   * Staff without a second factor: when they must have set one up (ISO). Past it, the portal
   * opens only its setup (twoFactorSetupState). Absent once they have one, and for clients.
   */
  twoFactorDueAt: z.string().optional(),
  permissions: adminPermissionsSchema.optional(),
  verificationStatus: z.enum(VERIFICATION_STATUSES).optional(),
  licenseNumber: z.string().nullable().optional(),
  specialization: z.array(z.string()).optional(),
  experience: z.number().nullable().optional(),
  education: z.string().nullable().optional(),
  barAdmission: z.string().nullable().optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Login and first-advocate registration: `{ token, user }` (docs/product-rules.md#wire-contract). */
export const authSessionSchema = z.object({ token: z.string(), user: publicUserSchema });
export type AuthSession = z.infer<typeof authSessionSchema>;

/** A later advocate's registration (HTTP 202): no token until an advocate verifies them. */
export const registrationPendingSchema = z.object({
  message: z.string(),
  user: publicUserSchema,
});
export type RegistrationPending = z.infer<typeof registrationPendingSchema>;

export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });
export type SuccessMessage = z.infer<typeof successMessageSchema>;

export const passwordChangedSchema = successMessageSchema.extend({ user: publicUserSchema });
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;
