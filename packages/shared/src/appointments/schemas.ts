import { z } from 'zod';
import {
  APPOINTMENT_LOCATIONS,
  APPOINTMENT_STATUSES,
  APPOINTMENT_TYPES,
  CANCELLED_BY,
  DURATION_MAX_MINUTES,
  DURATION_MIN_MINUTES,
  FEE_MAX_KSH,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  isClockTime,
  MEETING_LINK_MAX,
  isMeetingLink,
} from './rules';
import { APPOINTMENT_MESSAGES as M } from './texts';
import { LIMITS } from '../common/constants';
import { VALIDATION } from '../common/texts';
import {
  emailField,
  idParamsSchema,
  textRule,
  paginationSchema,
  phoneField,
  requiredText,
  uuidField,
} from '../common/fields';
import { queryEnum, queryLimit, queryPage } from '../common/list-query';
import { boundedDay } from '../common/date-fields';
import { DATE_BOUNDS } from '../common/calendar-days';

export const APPOINTMENT_LIMITS = { titleMax: 200, descriptionMax: 2000, reasonMax: 1000 } as const;

const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A required calendar day `YYYY-MM-DD` ('Date is required', docs/texts.md). */
export const appointmentDateField = z
  .string({ error: M.dateRequired })
  .trim()
  .min(1, { error: M.dateRequired })
  .pipe(boundedDay(M.dateInvalid));

/** A required start time `HH:MM` ('Time is required', docs/texts.md). */
export const appointmentTimeField = z
  .string({ error: M.timeRequired })
  .trim()
  .min(1, { error: M.timeRequired })
  .refine(isClockTime, { error: M.timeInvalid });

const typeField = z.enum(APPOINTMENT_TYPES, { error: M.typeRequired });
const durationField = z
  .number({ error: M.durationInvalid })
  .int({ error: M.durationInvalid })
  .min(DURATION_MIN_MINUTES, { error: M.durationInvalid })
  .max(DURATION_MAX_MINUTES, { error: M.durationInvalid });
const feeField = z
  .number({ error: M.feeInvalid })
  .int({ error: M.feeInvalid })
  .min(0, { error: M.feeInvalid })
  .max(FEE_MAX_KSH, { error: M.feeInvalid });
const meetingLinkField = z
  .string()
  .trim()
  .max(MEETING_LINK_MAX, { error: VALIDATION.tooLong(MEETING_LINK_MAX) })
  .refine(isMeetingLink, {
    error: M.meetingLinkInvalid,
  });
const officeIdField = z
  .string()
  .trim()
  .max(50)
  .regex(/^[a-z0-9-]*$/, { error: 'Unknown office' });

/**
 * POST /api/appointments: the booking form (docs/product-rules.md#records) for everyone. A visitor adds their
 * contact details and consent (checked by the server when nobody is signed in, with the same
 * messages); staff add the client, and may set another duration or fee.
 */
export const createAppointmentInputSchema = z.object({
  title: requiredText(M.titleRequired, APPOINTMENT_LIMITS.titleMax, { subject: true }),
  type: typeField,
  description: requiredText(M.descriptionRequired, APPOINTMENT_LIMITS.descriptionMax, {
    multiline: true,
  }),
  date: appointmentDateField,
  time: appointmentTimeField,
  location: z.enum(APPOINTMENT_LOCATIONS).default('office'),
  officeId: officeIdField.optional(),
  advocateId: z.preprocess(emptyAsUndefined, uuidField(M.advocateNotFound).optional()),
  // A visitor's details (required when nobody is signed in).
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  consent: z.boolean().optional(),
  /** Honeypot: hidden from people, filled by bots. A filled one is accepted and dropped. */
  website: z.string().max(500).optional(),
  // Staff only.
  clientId: z.preprocess(emptyAsUndefined, uuidField(M.clientNotFound).optional()),
  durationMinutes: durationField.optional(),
  feeKsh: feeField.optional(),
  meetingLink: meetingLinkField.optional(),
});
export type CreateAppointmentInput = z.input<typeof createAppointmentInputSchema>;
export type CreateAppointmentValues = z.output<typeof createAppointmentInputSchema>;

/** What a visitor must add to a booking (checked when nobody is signed in). */
export const visitorDetailsSchema = z.object({
  firstName: requiredText(VALIDATION.firstNameRequired, LIMITS.nameMax, { printable: true }),
  lastName: requiredText(VALIDATION.lastNameRequired, LIMITS.nameMax, { printable: true }),
  email: emailField,
  phone: phoneField,
  consent: z.literal(true, { error: VALIDATION.contactConsentRequired }),
});
export type VisitorDetails = z.output<typeof visitorDetailsSchema>;

/**
 * PUT /api/appointments/:id: staff reschedule, change type, fee or duration, confirm, complete and
 * record payment; a client may only reschedule their own (date and time).
 */
export const updateAppointmentInputSchema = z
  .object({
    title: requiredText(M.titleRequired, APPOINTMENT_LIMITS.titleMax, { subject: true }).optional(),
    description: requiredText(M.descriptionRequired, APPOINTMENT_LIMITS.descriptionMax, {
      multiline: true,
    }).optional(),
    type: typeField.optional(),
    date: appointmentDateField.optional(),
    time: appointmentTimeField.optional(),
    durationMinutes: durationField.optional(),
    feeKsh: feeField.optional(),
    status: z.enum(['confirmed', 'completed']).optional(),
    paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
    paymentMethod: z.enum(PAYMENT_METHODS).optional(),
    paymentReference: z
      .string()
      .trim()
      .max(100, { error: VALIDATION.tooLong(100) })
      .superRefine(textRule())
      .optional(),
    location: z.enum(APPOINTMENT_LOCATIONS).optional(),
    officeId: officeIdField.optional(),
    meetingLink: meetingLinkField.optional(),
    advocateId: uuidField(M.advocateNotFound).optional(),
  })
  .refine((body) => (body.date === undefined) === (body.time === undefined), {
    error: M.timeRequired,
    path: ['time'],
  });
export type UpdateAppointmentInput = z.input<typeof updateAppointmentInputSchema>;
export type UpdateAppointmentValues = z.output<typeof updateAppointmentInputSchema>;

/** PATCH /api/appointments/:id/cancel */
export const cancelAppointmentInputSchema = z.object({
  reason: requiredText(M.reasonRequired, APPOINTMENT_LIMITS.reasonMax, { multiline: true }),
});
export type CancelAppointmentInput = z.input<typeof cancelAppointmentInputSchema>;

export const appointmentIdParamsSchema = idParamsSchema(M.notFound);

/** The visitor's emailed link: its token, then what they ask. */
export const bookingTokenSchema = z.object({
  token: z.string().min(20).max(200),
});
export const visitorCancelInputSchema = bookingTokenSchema.extend(
  cancelAppointmentInputSchema.shape,
);
export const visitorRescheduleInputSchema = bookingTokenSchema.extend({
  date: appointmentDateField,
  time: appointmentTimeField,
});

const optionalDate = z.preprocess(emptyAsUndefined, appointmentDateField.optional());

/**
 * GET /api/appointments. `from`/`to` are Nairobi days (inclusive); `sort=asc` (default) lists the
 * soonest first, which is what a dashboard's "upcoming appointments" asks with `from=<today>`.
 */
export const listAppointmentsQuerySchema = z.object({
  /** A status, or `live`: scheduled or confirmed (still to happen; the dashboards' counts). */
  status: z.preprocess(
    emptyAsUndefined,
    z
      .enum([...APPOINTMENT_STATUSES, 'live', 'all'])
      .optional()
      .transform((value) => (value === 'all' ? undefined : value)),
  ),
  /**
   * `firm`: requests waiting for the firm's confirmation, not a visitor's booking still held for
   * the visitor's own email confirmation (the dashboard's booking requests to confirm).
   */
  awaiting: z.preprocess(emptyAsUndefined, z.enum(['firm']).optional()),
  /** `pending`: fees still owed (not cancelled, fee above zero); `paid`: paid ones. */
  payment: z.preprocess(emptyAsUndefined, z.enum(PAYMENT_STATUSES).optional()),
  search: z.preprocess(
    emptyAsUndefined,
    z.string().trim().max(100).superRefine(textRule()).optional(),
  ),
  from: optionalDate,
  to: optionalDate,
  /** Paid from / to these Nairobi days, inclusive (the dashboard's fees paid this month). */
  paidFrom: optionalDate,
  paidTo: optionalDate,
  /**
   * Booked from / to these Nairobi days, inclusive: when the fee was asked (the Money report's
   * appointment fees billed), whatever day the meeting is on.
   */
  bookedFrom: optionalDate,
  bookedTo: optionalDate,
  advocateId: z.preprocess(emptyAsUndefined, uuidField(M.advocateNotFound).optional()),
  clientId: z.preprocess(emptyAsUndefined, uuidField(M.clientNotFound).optional()),
  type: queryEnum(APPOINTMENT_TYPES, 'Type'),
  /** Who cancelled: `system` is a visitor's booking whose hold ran out unconfirmed. */
  cancelledBy: queryEnum(CANCELLED_BY, 'Cancelled by'),
  /** `charged`: a fee is asked (above zero) and the appointment is not cancelled. */
  fee: queryEnum(['charged'] as const, 'Fee'),
  /** `none`: paid, but no receipted payment records it (marked paid by hand). */
  receipt: queryEnum(['none'] as const, 'Receipt'),
  sort: z.preprocess(emptyAsUndefined, z.enum(['asc', 'desc']).default('asc')),
  page: queryPage,
  limit: queryLimit,
});
export type ListAppointmentsQuery = z.input<typeof listAppointmentsQuerySchema>;
export type ListAppointmentsFilters = z.output<typeof listAppointmentsQuerySchema>;

/** GET /api/appointments/availability */
export const availabilityQuerySchema = z.object({
  date: appointmentDateField,
  type: z.preprocess(emptyAsUndefined, typeField.default('consultation')),
  advocateId: z.preprocess(emptyAsUndefined, uuidField(M.advocateNotFound).optional()),
  /** Rescheduling: the appointment being moved does not block its own time. */
  excludeId: z.preprocess(emptyAsUndefined, uuidField(M.notFound).optional()),
});
export type AvailabilityQuery = z.input<typeof availabilityQuerySchema>;
export const availabilitySchema = z.object({
  date: z.string(),
  closed: z.boolean(),
  times: z.array(z.string()),
});
export type Availability = z.infer<typeof availabilitySchema>;

/**
 * GET /api/appointments/calendar?month=YYYY-MM[&type=…][&advocateId=…][&excludeId=…]: the days the
 * booking calendar greys out, for the type (and advocate) chosen, in one request (ADR 015).
 */
export const calendarQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Month must be YYYY-MM' })
    .refine(
      (month) => month >= DATE_BOUNDS.first.slice(0, 7) && month <= DATE_BOUNDS.last.slice(0, 7),
      { error: VALIDATION.dateOutOfRange },
    ),
  type: z.preprocess(emptyAsUndefined, typeField.default('consultation')),
  advocateId: z.preprocess(emptyAsUndefined, uuidField(M.advocateNotFound).optional()),
  /** Rescheduling: the appointment being moved does not fill its own day. */
  excludeId: z.preprocess(emptyAsUndefined, uuidField(M.notFound).optional()),
});
export type CalendarQuery = z.input<typeof calendarQuerySchema>;
export const calendarSchema = z.object({
  month: z.string(),
  today: z.string(),
  /**
   * False while no advocate takes bookings (a fresh install: no verified, active advocate yet):
   * the form then says so and offers the phone and the contact form (ADR 015).
   */
  bookingOpen: z.boolean(),
  /** Sundays, days the firm settings leave without start times, public holidays. */
  closedDays: z.array(z.string()),
  /**
   * Open days from today on with no free start time left for the type (and advocate): the days
   * only, never who is booked or how many (ADR 015).
   */
  fullDays: z.array(z.string()),
});
export type BookingCalendar = z.infer<typeof calendarSchema>;

export const appointmentSchema = z.object({
  id: z.string(),
  reference: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(APPOINTMENT_TYPES),
  status: z.enum(APPOINTMENT_STATUSES),
  /** Nairobi day and start time (an appointment's `date` and `time`, docs/product-rules.md#records). */
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Minutes. */
  duration: z.number(),
  /** Whole shillings. */
  fee: z.number(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  paymentReference: z.string().nullable(),
  location: z.enum(APPOINTMENT_LOCATIONS),
  officeId: z.string().nullable(),
  meetingLink: z.string().nullable(),
  /** The client's name (an appointment's `client`, docs/product-rules.md#records). */
  client: z.string(),
  clientId: z.string().nullable(),
  /** Null for staff who do not handle bookings (`appointments:contact`, ADR 021), as the phone. */
  clientEmail: z.string().nullable(),
  clientPhone: z.string().nullable(),
  advocateId: z.string(),
  advocateName: z.string(),
  cancellationReason: z.string().nullable(),
  /** When it was cancelled, and by whom (ADR 015); null while not cancelled. */
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(CANCELLED_BY).nullable(),
  /**
   * A visitor's booking not yet confirmed from the emailed link: `awaiting` while its hold lasts
   * (until `holdExpiresAt`), `released` once the hold ran out (ADR 022); else null.
   */
  visitorHold: z.enum(['awaiting', 'released']).nullable(),
  holdExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** The whole record, contact details included: what emails and calendar files are built from. */
export type AppointmentWithContact = Appointment & { clientEmail: string };

export const appointmentAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  appointment: appointmentSchema,
});
export type AppointmentAnswer = z.infer<typeof appointmentAnswerSchema>;

/**
 * 201 of POST /api/appointments: the appointment and its calendar file (to add to the phone's
 * calendar at once). Both are absent when the honeypot dropped the request.
 */
export const appointmentCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  appointment: appointmentSchema.optional(),
  calendar: z.string().optional(),
});
export type AppointmentCreated = z.infer<typeof appointmentCreatedSchema>;

export const appointmentListSchema = z.object({
  success: z.literal(true),
  count: z.number(),
  total: z.number(),
  pagination: paginationSchema,
  /** The fees of every appointment that matches, on every page (a report links here). */
  sums: z.object({ feesKsh: z.number().int() }),
  appointments: z.array(appointmentSchema),
});
export type AppointmentList = z.infer<typeof appointmentListSchema>;

/** The 409 of a lost race: the remaining free times of that day, for the screen to offer. */
export const slotTakenSchema = z.object({
  message: z.string(),
  code: z.string(),
  times: z.array(z.string()),
});

/** GET /api/appointments/clients?search=: the clients staff may book for (schedulers only). */
export const bookableClientsQuerySchema = z.object({
  search: z.preprocess(
    emptyAsUndefined,
    z.string().trim().max(100).superRefine(textRule()).optional(),
  ),
});
export const bookableClientsSchema = z.object({
  clients: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type BookableClients = z.infer<typeof bookableClientsSchema>;

/**
 * Staff's Mark as Paid form: the method, and the reference (an M-Pesa code, a bank reference),
 * which only cash may go without. What it sends is checked again by updateAppointmentInputSchema.
 */
export const recordPaymentFormSchema = z
  .object({
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentReference: z
      .string()
      .trim()
      .max(100, { error: VALIDATION.tooLong(100) })
      .superRefine(textRule()),
  })
  .refine((body) => body.paymentMethod === 'cash' || body.paymentReference !== '', {
    error: M.paymentReferenceRequired,
    path: ['paymentReference'],
  });
export type RecordPaymentForm = z.input<typeof recordPaymentFormSchema>;
export type RecordPaymentValues = z.output<typeof recordPaymentFormSchema>;
