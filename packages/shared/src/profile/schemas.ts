import { z } from 'zod';
import {
  DATA_REQUEST_STATUSES,
  DATA_REQUEST_TEXT_MAX,
  LIMITS,
  SPECIALIZATIONS,
} from '../common/constants';
import { VALIDATION } from '../common/texts';
import { PROFILE_MESSAGES } from './texts';
import { DATA_EXPORT_FORMATS, DATA_EXPORT_TEXTS } from './texts';
import {
  publicUserSchema,
  specializationField,
  experienceField,
  allSpecializations,
} from '../auth/schemas';
import {
  emailField,
  idParamsSchema,
  isPlainLine,
  optionalPhoneField,
  plainText,
  requiredText,
} from '../common/fields';

/**
 * The `/api/profile/*` and `/api/settings/*` contract. The server validates with these
 * schemas and the forms use the same ones.
 */

// ---------------------------------------------------------------------------------------------
// Profile

/** PUT /api/profile: the person's own name and phone (E.164 on the wire, empty clears it). */
export const updateProfileInputSchema = z.object({
  firstName: requiredText(VALIDATION.firstNameRequired, LIMITS.nameMax, { printable: true }),
  lastName: requiredText(VALIDATION.lastNameRequired, LIMITS.nameMax, { printable: true }),
  phone: optionalPhoneField,
});
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;
export type UpdateProfileValues = z.output<typeof updateProfileInputSchema>;

/** The advocate's professional details, validated as at registration. */
const professionalShape = {
  licenseNumber: requiredText(VALIDATION.licenseNumberRequired, 100),
  experience: experienceField,
  education: requiredText(VALIDATION.educationRequired, 500, { multiline: true }),
  barAdmission: requiredText(VALIDATION.barAdmissionRequired, LIMITS.textMax, {
    multiline: true,
  }),
};

/** PUT /api/profile/professional (advocates). */
export const updateProfessionalInputSchema = z.object({
  ...professionalShape,
  specialization: specializationField,
});
export type UpdateProfessionalInput = z.input<typeof updateProfessionalInputSchema>;
export type UpdateProfessionalValues = z.output<typeof updateProfessionalInputSchema>;

/** The professional-details form: the ten checkboxes plus "Other", as at registration. */
export const professionalFormSchema = z
  .object({
    ...professionalShape,
    specializations: z.array(z.enum(SPECIALIZATIONS)),
    otherSpecializations: plainText().max(500, { error: VALIDATION.tooLong(500) }),
  })
  .refine(
    (value) =>
      allSpecializations({
        specializations: Array.isArray(value.specializations) ? value.specializations : [],
        otherSpecializations:
          typeof value.otherSpecializations === 'string' ? value.otherSpecializations : '',
      }).length > 0,
    { error: VALIDATION.specializationRequired, path: ['specializations'], when: () => true },
  );
export type ProfessionalFormInput = z.input<typeof professionalFormSchema>;
export type ProfessionalFormValues = z.output<typeof professionalFormSchema>;

export function toProfessionalPayload(form: ProfessionalFormValues): UpdateProfessionalInput {
  return {
    licenseNumber: form.licenseNumber,
    specialization: allSpecializations(form),
    experience: form.experience,
    education: form.education,
    barAdmission: form.barAdmission,
  };
}

/** POST /api/profile/email-change: the new address; a link is sent there. */
export const emailChangeInputSchema = z.object({ email: emailField });
export type EmailChangeInput = z.input<typeof emailChangeInputSchema>;

/** POST /api/profile/email-change/confirm: the token from the link's fragment. */
export const emailChangeConfirmInputSchema = z.object({
  token: z
    .string({ error: PROFILE_MESSAGES.emailChangeLinkInvalid })
    .min(1, { error: PROFILE_MESSAGES.emailChangeLinkInvalid })
    .max(200, { error: PROFILE_MESSAGES.emailChangeLinkInvalid })
    .refine(isPlainLine, { error: PROFILE_MESSAGES.emailChangeLinkInvalid }),
});
export type EmailChangeConfirmInput = z.input<typeof emailChangeConfirmInputSchema>;

export const profileSchema = z.object({
  user: publicUserSchema,
  /** A change of email waiting for its link to be opened. */
  pendingEmail: z.string().nullable(),
  /** A client's own paybill account number for money on account (`MW0034`); null for staff. */
  paymentReference: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdatedSchema = profileSchema.extend({
  success: z.literal(true),
  message: z.string(),
});
export type ProfileUpdated = z.infer<typeof profileUpdatedSchema>;

export const sessionIdParamsSchema = idParamsSchema(PROFILE_MESSAGES.sessionNotFound);

/** One signed-in device. */
export const deviceSessionSchema = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

export const sessionListSchema = z.object({ sessions: z.array(deviceSessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

export const sessionsSignedOutSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  count: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Data-protection requests

export const dataRequestSchema = z.object({
  id: z.string(),
  kind: z.literal('erasure'),
  status: z.enum(DATA_REQUEST_STATUSES),
  /** The requester's account; null once it has been deleted. */
  userId: z.string().nullable(),
  requesterName: z.string(),
  requesterEmail: z.string(),
  message: z.string().nullable(),
  /** The firm's answer: required when refused. */
  reason: z.string().nullable(),
  handledBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

/** POST /api/profile/data-requests: asks the firm to delete the person's data. */
export const createDataRequestInputSchema = z.object({
  message: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    plainText({ multiline: true })
      .max(DATA_REQUEST_TEXT_MAX, { error: VALIDATION.tooLong(DATA_REQUEST_TEXT_MAX) })
      .optional(),
  ),
});
export type CreateDataRequestInput = z.input<typeof createDataRequestInputSchema>;

export const ownDataRequestsSchema = z.object({ requests: z.array(dataRequestSchema) });

export const dataRequestCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  request: dataRequestSchema,
});

/** PUT /api/settings/data-requests/:id: close a request (done), refuse it with a reason, reopen. */
export const updateDataRequestInputSchema = z
  .object({
    status: z.enum(DATA_REQUEST_STATUSES, {
      error: `Status must be one of: ${DATA_REQUEST_STATUSES.join(', ')}`,
    }),
    reason: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      plainText({ multiline: true })
        .max(DATA_REQUEST_TEXT_MAX, { error: VALIDATION.tooLong(DATA_REQUEST_TEXT_MAX) })
        .optional(),
    ),
  })
  .refine((value) => value.status !== 'refused' || !!value.reason, {
    error: PROFILE_MESSAGES.refusalReasonRequired,
    path: ['reason'],
  });
export type UpdateDataRequestInput = z.input<typeof updateDataRequestInputSchema>;

export const dataRequestIdParamsSchema = idParamsSchema(PROFILE_MESSAGES.requestNotFound);

export const dataRequestListSchema = z.object({ requests: z.array(dataRequestSchema) });

export const dataRequestUpdatedSchema = dataRequestCreatedSchema;

/** GET /api/profile/export?format=: the JSON file (default) or its readable copy. */
export const dataExportQuerySchema = z.object({
  format: z.enum(DATA_EXPORT_FORMATS, { error: DATA_EXPORT_TEXTS.formatInvalid }).default('json'),
});
