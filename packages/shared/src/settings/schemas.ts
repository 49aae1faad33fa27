import { z } from 'zod';
import { PAYBILL_VALIDATION_MODES } from '../paybill/rules';
import { paybillConnectionSchema } from '../paybill/schemas';
import { SETTINGS_SETUP_ITEMS } from '../dashboard/rules';
import { APPOINTMENT_MESSAGES } from '../appointments/texts';
import {
  APPOINTMENT_TYPE_DEFAULTS,
  BOOKING_DAYS,
  DEFAULT_BOOKING_TIMES,
  DURATION_MAX_MINUTES,
  DURATION_MIN_MINUTES,
  FEE_MAX_KSH,
  VISITOR_DAILY_CEILING_DEFAULT,
  VISITOR_DAILY_CEILING_MAX,
  PRICED_APPOINTMENT_TYPES,
  type BookingDay,
  type PricedAppointmentType,
} from '../appointments/rules';
import { MESSAGES, VALIDATION } from '../common/texts';
import { MAIN_OFFICE_HOURS } from '../common/office-hours';
import { FIRM_SETTINGS_MESSAGES, MPESA_KINDS } from './texts';
import { emailField, textRule } from '../common/fields';
import { TWO_FACTOR_GRACE_MAX_DAYS } from '../two-factor/rules';
import { BACKUP_DEFAULT_HOUR } from '../backups/rules';

/**
 * Firm settings (ADR 019): what an advocate changes in System Settings → Firm settings,
 * stored in the database and read by the server where it applies. Until changed, the defaults
 * below (the content the site was built with) hold.
 */

const F = FIRM_SETTINGS_MESSAGES;

/** Start times an advocate may open: on the hour, 08:00 to 17:00. */
export const BOOKING_TIME_CHOICES = [
  '08:00',
  '09:00',
  '10:00',
  '11:00',
  '12:00',
  '13:00',
  '14:00',
  '15:00',
  '16:00',
  '17:00',
] as const;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether `time` starts within the office hours of `day` (docs/product-rules.md#limits). */
export function isWithinOfficeHours(day: BookingDay, time: string): boolean {
  const hours = MAIN_OFFICE_HOURS[BOOKING_DAYS.indexOf(day) + 1];
  return !!hours && minutesOf(time) >= hours.opensAt && minutesOf(time) < hours.closesAt;
}

/** Numbers from a form arrive as numbers (valueAsNumber) or, from elsewhere, as digit strings. */
const wholeNumber = (required: string, invalid: string, min: number, max: number) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : value === '' || (typeof value === 'number' && Number.isNaN(value))
          ? undefined
          : value,
    z
      .number({ error: (issue) => (issue.input === undefined ? required : invalid) })
      .int({ error: invalid })
      .min(min, { error: invalid })
      .max(max, { error: invalid }),
  );

const typeSettingsSchema = z.object({
  feeKsh: wholeNumber(F.feeRequired, F.feeInvalid, 0, FEE_MAX_KSH),
  durationMinutes: wholeNumber(
    F.durationRequired,
    F.durationInvalid,
    DURATION_MIN_MINUTES,
    DURATION_MAX_MINUTES,
  ),
});

const dayTimes = (day: BookingDay) =>
  z
    .array(z.enum(BOOKING_TIME_CHOICES, { error: F.timeInvalid }), { error: F.timeInvalid })
    .max(BOOKING_TIME_CHOICES.length, { error: F.timeInvalid })
    .refine((times) => new Set(times).size === times.length, { error: F.timeInvalid })
    .refine((times) => times.every((time) => isWithinOfficeHours(day, time)), {
      error: F.timeAfterHours,
    })
    .transform((times) => [...times].sort());

const text = (required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: VALIDATION.tooLong(max) })
    .superRefine(textRule('multiline'));

const optionalText = (max: number, multiline: boolean) =>
  z
    .string()
    .trim()
    .max(max, { error: VALIDATION.tooLong(max) })
    .superRefine(textRule(multiline ? 'multiline' : 'line'));

/**
 * Travel time around an advocate's court date (ADR 025): their consultations are blocked from this
 * long before the hearing until this long after it (the court appearance's duration).
 */
export const COURT_TRAVEL_DEFAULT_MINUTES = 60;
export const COURT_TRAVEL_MAX_MINUTES = 240;

/** PUT /api/settings/firm (and what GET answers): the whole of the firm settings. */
export const firmSettingsSchema = z
  .object({
    appointmentTypes: z.object({
      consultation: typeSettingsSchema,
      follow_up: typeSettingsSchema,
      court_appearance: typeSettingsSchema,
    }),
    bookingTimes: z.object({
      mon: dayTimes('mon'),
      tue: dayTimes('tue'),
      wed: dayTimes('wed'),
      thu: dayTimes('thu'),
      fri: dayTimes('fri'),
      sat: dayTimes('sat'),
    }),
    notificationEmail: emailField,
    mpesaKind: z.enum(MPESA_KINDS, { error: 'Choose paybill or till' }),
    /** Empty: not set up yet (Make Payment then says so). */
    mpesaNumber: z
      .string()
      .trim()
      .refine((value) => value === '' || /^\d{5,7}$/.test(value), {
        error: F.mpesaNumberInvalid,
      }),
    mpesaInstructions: optionalText(500, true),
    /** Billing (fee notes, ADR 035): the firm's KRA PIN, its VAT registration and bank account. */
    kraPin: z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => value === '' || /^[A-Z]\d{9}[A-Z]$/.test(value), {
        error: F.kraPinInvalid,
      }),
    isVatRegistered: z.boolean({ error: 'Say whether the firm is VAT-registered' }),
    bankName: optionalText(100, false),
    bankBranch: optionalText(100, false),
    bankAccountName: optionalText(100, false),
    bankAccountNumber: optionalText(40, false),
    contactAutoReply: text(F.contactAutoReplyRequired, 2000),
    bookingAutoReply: text(F.bookingAutoReplyRequired, 2000),
    /** unconfirmed visitor bookings the firm takes in one Nairobi day (ADR 022). */
    visitorBookingsDailyCeiling: wholeNumber(
      F.visitorCeilingRequired,
      F.visitorCeilingInvalid,
      1,
      VISITOR_DAILY_CEILING_MAX,
    ),
    courtTravelMinutes: wholeNumber(
      F.courtTravelRequired,
      F.courtTravelInvalid,
      0,
      COURT_TRAVEL_MAX_MINUTES,
    ),
    /**
     * Days staff may still sign in after their first sign-in without a second factor (ADR 037):
     * 0 (the default) requires it at once.
     */
    staffTwoFactorGraceDays: wholeNumber(
      F.twoFactorGraceRequired,
      F.twoFactorGraceInvalid,
      0,
      TWO_FACTOR_GRACE_MAX_DAYS,
    ),
    /** The Nairobi hour of the nightly backup (ADR 039); absent: kept as it was, else 02:00. */
    backupHour: wholeNumber(F.backupHourInvalid, F.backupHourInvalid, 0, 23).optional(),
    /**
     * Whether Safaricom's paybill validation may refuse a payment (ADR 047); absent: kept as it
     * was, else off. No screen sets it yet.
     */
    paybillValidation: z
      .enum(PAYBILL_VALIDATION_MODES, { error: F.paybillValidationInvalid })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (BOOKING_DAYS.every((day) => value.bookingTimes[day].length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['bookingTimes'], message: F.noBookingDay });
    }
    if (value.mpesaKind === 'paybill' && value.mpesaNumber !== '' && !value.mpesaInstructions) {
      ctx.addIssue({
        code: 'custom',
        path: ['mpesaInstructions'],
        message: F.mpesaInstructionsRequired,
      });
    }
    if (value.isVatRegistered && value.kraPin === '') {
      ctx.addIssue({ code: 'custom', path: ['kraPin'], message: F.vatNeedsKraPin });
    }
    const bank = [value.bankName, value.bankBranch, value.bankAccountName, value.bankAccountNumber];
    if (bank.some((field) => field !== '') && (!value.bankName || !value.bankAccountNumber)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.bankName ? 'bankAccountNumber' : 'bankName'],
        message: F.bankAccountIncomplete,
      });
    }
  });
export type FirmSettingsInput = z.input<typeof firmSettingsSchema>;

/** PUT /api/settings/firm?reviewed=…: the checklist item the advocate saved the form for (ADR 027). */
export const firmSettingsSaveQuerySchema = z.object({
  reviewed: z.enum(SETTINGS_SETUP_ITEMS, { error: F.reviewedInvalid }).optional(),
});
export type FirmSettings = z.output<typeof firmSettingsSchema>;

const dayView = z.array(z.string());
/** The settings as answered (already checked on the way in: a plain shape, no transforms). */
export const firmSettingsViewSchema = z.object({
  appointmentTypes: z.object({
    consultation: z.object({ feeKsh: z.number(), durationMinutes: z.number() }),
    follow_up: z.object({ feeKsh: z.number(), durationMinutes: z.number() }),
    court_appearance: z.object({ feeKsh: z.number(), durationMinutes: z.number() }),
  }),
  bookingTimes: z.object({
    mon: dayView,
    tue: dayView,
    wed: dayView,
    thu: dayView,
    fri: dayView,
    sat: dayView,
  }),
  notificationEmail: z.string(),
  mpesaKind: z.enum(MPESA_KINDS),
  mpesaNumber: z.string(),
  mpesaInstructions: z.string(),
  kraPin: z.string(),
  isVatRegistered: z.boolean(),
  bankName: z.string(),
  bankBranch: z.string(),
  bankAccountName: z.string(),
  bankAccountNumber: z.string(),
  contactAutoReply: z.string(),
  bookingAutoReply: z.string(),
  visitorBookingsDailyCeiling: z.number(),
  courtTravelMinutes: z.number(),
  staffTwoFactorGraceDays: z.number(),
  backupHour: z.number().optional(),
  paybillValidation: z.enum(PAYBILL_VALIDATION_MODES).optional(),
});

export const firmSettingsAnswerSchema = z.object({
  settings: firmSettingsViewSchema,
  /** When an advocate last saved them; null: the defaults still hold. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Whether the paybill's addresses are registered with Safaricom, and when (ADR 048). */
  paybillConnection: paybillConnectionSchema,
});
export type FirmSettingsAnswer = z.infer<typeof firmSettingsAnswerSchema>;
/** The answer without the paybill's connection, which the paybill capability adds (ADR 048). */
export type StoredFirmSettingsAnswer = Omit<FirmSettingsAnswer, 'paybillConnection'>;

export const firmSettingsSavedSchema = firmSettingsAnswerSchema.extend({
  success: z.literal(true),
  message: z.string(),
});

/** The defaults; `notificationEmail` comes from the server's FIRM_NOTIFY_EMAIL. */
export function defaultFirmSettings(notificationEmail: string): FirmSettings {
  return {
    appointmentTypes: Object.fromEntries(
      PRICED_APPOINTMENT_TYPES.map((type) => [
        type,
        {
          feeKsh: APPOINTMENT_TYPE_DEFAULTS[type].feeKsh,
          durationMinutes: APPOINTMENT_TYPE_DEFAULTS[type].durationMinutes,
        },
      ]),
    ) as Record<PricedAppointmentType, { feeKsh: number; durationMinutes: number }>,
    bookingTimes: Object.fromEntries(
      BOOKING_DAYS.map((day) => [day, [...DEFAULT_BOOKING_TIMES[day]]]),
    ) as Record<BookingDay, string[]> as FirmSettings['bookingTimes'],
    notificationEmail,
    mpesaKind: 'paybill',
    mpesaNumber: '',
    mpesaInstructions: '',
    kraPin: '',
    isVatRegistered: false,
    bankName: '',
    bankBranch: '',
    bankAccountName: '',
    bankAccountNumber: '',
    contactAutoReply: `${MESSAGES.contactSuccess}\n\nThis is an automatic reply confirming we received your message. If your matter is an emergency, please call our hotline.`,
    bookingAutoReply: APPOINTMENT_MESSAGES.whatHappensNext,
    visitorBookingsDailyCeiling: VISITOR_DAILY_CEILING_DEFAULT,
    courtTravelMinutes: COURT_TRAVEL_DEFAULT_MINUTES,
    staffTwoFactorGraceDays: 0,
    backupHour: BACKUP_DEFAULT_HOUR,
    paybillValidation: 'off',
  };
}

/**
 * What the public booking modal needs to show each type: its fee and duration. Never a secret.
 * The free preliminary call's terms are fixed (APPOINTMENT_TYPE_DEFAULTS), not settings.
 */
export const publicAppointmentTypesSchema = z.object({
  consultation: z.object({ feeKsh: z.number(), durationMinutes: z.number() }),
  follow_up: z.object({ feeKsh: z.number(), durationMinutes: z.number() }),
  court_appearance: z.object({ feeKsh: z.number(), durationMinutes: z.number() }),
});
export type PublicAppointmentTypes = z.infer<typeof publicAppointmentTypesSchema>;

/** The M-Pesa details shown to a client under Make Payment. */
export const paymentInstructionsSchema = z.object({
  mpesaKind: z.enum(MPESA_KINDS),
  mpesaNumber: z.string(),
  mpesaInstructions: z.string(),
});
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

/**
 * The `/api/settings/*` contract (System Settings; advocates only); the audit log's is in
 * audit/schemas.ts.
 */

export const SUPER_KEY_SOURCES = ['environment', 'file'] as const;
export type SuperKeySource = (typeof SUPER_KEY_SOURCES)[number];

/**
 * GET /api/settings/super-key: where the key comes from, never the key, nor the server's file path
 * (a screen for the firm names no server paths).
 */
export const superKeyStatusSchema = z.object({
  source: z.enum(SUPER_KEY_SOURCES),
  rotatable: z.boolean(),
});
export type SuperKeyStatus = z.infer<typeof superKeyStatusSchema>;

/** POST /api/settings/super-key/rotate: the new key, shown once. */
export const superKeyRotatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  superKey: z.string(),
});
export type SuperKeyRotated = z.infer<typeof superKeyRotatedSchema>;
