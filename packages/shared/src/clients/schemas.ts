import { z } from 'zod';
import {
  CLIENT_MESSAGES,
  CLIENT_SORTS,
  CLIENT_STATUSES,
  ENQUIRY_KINDS,
  ENQUIRY_MESSAGES,
  ENQUIRY_NOTE_MAX,
  ENQUIRY_STATUSES,
} from './texts';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, CANCELLED_BY } from '../appointments/rules';
import { CASE_STATUSES } from '../cases/rules';
import { LIMITS, USER_SEARCH_MAX, CONTACT_URGENCIES } from '../common/constants';
import { VALIDATION } from '../common/texts';
import {
  emailField,
  idParamsSchema,
  paginationSchema,
  phoneField,
  requiredText,
  textRule,
  uuidField,
} from '../common/fields';
import {
  queryDate,
  queryEnum,
  queryLimit,
  queryPage,
  querySearch,
  querySort,
} from '../common/list-query';
import { userCreatedSchema } from '../users/schemas';

/**
 * The `/api/clients` contract: the Clients screen. The server validates with these
 * schemas, the forms use the same ones and the screens read the response types.
 */

export const clientIdParamsSchema = idParamsSchema(CLIENT_MESSAGES.invalidId);

/** GET /api/clients: search (name, email, phone), status, joined between two days, sort and page. */
export const listClientsQuerySchema = z.object({
  search: querySearch(USER_SEARCH_MAX),
  status: queryEnum(CLIENT_STATUSES, 'Status'),
  /** Accounts created from / to these Nairobi days, inclusive (the dashboard's new clients). */
  joinedFrom: queryDate,
  joinedTo: queryDate,
  sort: querySort(CLIENT_SORTS, 'name'),
  page: queryPage,
  limit: queryLimit,
});
export type ListClientsQuery = z.input<typeof listClientsQuerySchema>;
export type ListClientsFilters = z.output<typeof listClientsQuerySchema>;

/** Empty clears the phone (null); left out leaves it as it is. */
const patchPhoneField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  phoneField.nullable().optional(),
);

/**
 * PATCH /api/clients/:id: name and phone change at once; a new email is only requested (a link
 * goes to it, as in Profile Settings).
 */
export const updateClientInputSchema = z
  .object({
    firstName: requiredText(VALIDATION.firstNameRequired, LIMITS.nameMax, {
      printable: true,
    }).optional(),
    lastName: requiredText(VALIDATION.lastNameRequired, LIMITS.nameMax, {
      printable: true,
    }).optional(),
    phone: patchPhoneField,
    email: emailField.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: CLIENT_MESSAGES.nothingToChange,
  });
export type UpdateClientInput = z.input<typeof updateClientInputSchema>;
export type UpdateClientValues = z.output<typeof updateClientInputSchema>;

/** The contact-details form: every field shown, phone optional. */
export const clientDetailsFormSchema = z.object({
  firstName: requiredText(VALIDATION.firstNameRequired, LIMITS.nameMax, { printable: true }),
  lastName: requiredText(VALIDATION.lastNameRequired, LIMITS.nameMax, { printable: true }),
  email: emailField,
  phone: patchPhoneField,
});
export type ClientDetailsFormInput = z.input<typeof clientDetailsFormSchema>;
export type ClientDetailsFormValues = z.output<typeof clientDetailsFormSchema>;

const upcomingSchema = z.object({ id: z.string(), title: z.string(), startsAt: z.string() });

/** One row of the list. */
export const clientSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  /** Cases not closed. */
  openCases: z.number().int(),
  /** The next scheduled or confirmed appointment from now, if any. */
  nextAppointment: upcomingSchema.nullable(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;

export const clientListSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  total: z.number().int(),
  pagination: paginationSchema,
  clients: z.array(clientSummarySchema),
});
export type ClientList = z.infer<typeof clientListSchema>;

export const clientCaseSchema = z.object({
  id: z.string(),
  caseNumber: z.string(),
  title: z.string(),
  status: z.enum(CASE_STATUSES),
  updatedAt: z.string(),
});
export type ClientCase = z.infer<typeof clientCaseSchema>;

export const clientAppointmentSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(APPOINTMENT_TYPES),
  status: z.enum(APPOINTMENT_STATUSES),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
});
export type ClientAppointment = z.infer<typeof clientAppointmentSchema>;

export const clientDetailSchema = z.object({
  client: clientSummarySchema.extend({
    mustChangePassword: z.boolean(),
    /** A new address waiting for its confirmation link to be opened. */
    pendingEmail: z.string().nullable(),
    /** What the client types as the account number to put money on account (`MW0034`). */
    paymentReference: z.string().nullable(),
  }),
  /** Null when the caller may neither open nor manage case files (they see `openCases` only). */
  cases: z.array(clientCaseSchema).nullable(),
  appointments: z.array(clientAppointmentSchema),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

export const clientReadSchema = clientDetailSchema.extend({ success: z.literal(true) });
export type ClientRead = z.infer<typeof clientReadSchema>;

export const clientUpdatedSchema = clientReadSchema.extend({ message: z.string() });
export type ClientUpdated = z.infer<typeof clientUpdatedSchema>;

/**
 * The `/api/enquiries` contract: one inbox of contact messages and visitors' booking
 * requests. The server validates with these schemas and the screen uses the same ones.
 */

/** `/enquiries/:kind/:id`: which table, and the row's id. */
export const enquiryParamsSchema = z.object({
  kind: z.enum(ENQUIRY_KINDS, { error: ENQUIRY_MESSAGES.invalidKind }),
  id: uuidField(ENQUIRY_MESSAGES.invalidId),
});
export type EnquiryParams = z.output<typeof enquiryParamsSchema>;

/** GET /api/enquiries: newest first, filtered by status, kind and urgency. */
export const listEnquiriesQuerySchema = z.object({
  status: queryEnum(ENQUIRY_STATUSES, 'Status'),
  kind: queryEnum(ENQUIRY_KINDS, 'Kind'),
  urgency: queryEnum(CONTACT_URGENCIES, 'Urgency'),
  /** Received from / to these Nairobi days, inclusive (the enquiries report). */
  from: queryDate,
  to: queryDate,
  /** `yes`: turned into a client account. */
  converted: queryEnum(['yes'] as const, 'Converted'),
  page: queryPage,
  limit: queryLimit,
});
export type ListEnquiriesQuery = z.input<typeof listEnquiriesQuerySchema>;
export type ListEnquiriesFilters = z.output<typeof listEnquiriesQuerySchema>;

/**
 * PATCH /api/enquiries/:kind/:id: a new status, a note (empty clears it), or both, with the version
 * the screen read (a stale one answers 409 VERSION_CONFLICT: two people triaging one inbox).
 */
const enquiryStatusField = z.enum(ENQUIRY_STATUSES, {
  error: `Status must be one of: ${ENQUIRY_STATUSES.join(', ')}`,
});
const enquiryNoteField = z
  .string()
  .trim()
  .max(ENQUIRY_NOTE_MAX, { error: VALIDATION.tooLong(ENQUIRY_NOTE_MAX) })
  .superRefine(textRule('multiline'));

/** The triage form of an enquiry card: its status and note, checked as the PATCH checks them. */
export const enquiryTriageFormSchema = z.object({
  status: enquiryStatusField,
  note: enquiryNoteField,
});
export type EnquiryTriageForm = z.input<typeof enquiryTriageFormSchema>;
export type EnquiryTriageValues = z.output<typeof enquiryTriageFormSchema>;

export const updateEnquiryInputSchema = z
  .object({
    status: enquiryStatusField.optional(),
    note: enquiryNoteField.optional(),
    version: z
      .number({ error: ENQUIRY_MESSAGES.versionRequired })
      .int({ error: ENQUIRY_MESSAGES.versionRequired })
      .min(0, { error: ENQUIRY_MESSAGES.versionRequired }),
  })
  .refine((body) => body.status !== undefined || body.note !== undefined, {
    error: ENQUIRY_MESSAGES.nothingToChange,
    path: ['status'],
  });
export type UpdateEnquiryInput = z.input<typeof updateEnquiryInputSchema>;
export type UpdateEnquiryValues = z.output<typeof updateEnquiryInputSchema>;

const personRef = z.object({ id: z.string(), name: z.string() });

export const enquirySchema = z.object({
  kind: z.enum(ENQUIRY_KINDS),
  id: z.string(),
  /** As the visitor typed it (a message has one name field). */
  name: z.string(),
  /** The name split for "Convert to client" (a message's last word is taken as the last name). */
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  /** A contact message's short reference (`MW-7K3Q9`), as the visitor was told; null: a booking. */
  reference: z.string().nullable(),
  urgency: z.enum(CONTACT_URGENCIES),
  receivedAt: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  note: z.string().nullable(),
  /** Who last changed the status or the note, and when (null: nobody yet). */
  changedBy: personRef.nullable(),
  changedAt: z.string().nullable(),
  /** The client account made from it, once converted. */
  client: personRef.nullable(),
  /** 0 until someone first changes it. */
  version: z.number().int(),
  /** A booking request's meeting. */
  booking: z
    .object({
      startsAt: z.string(),
      type: z.enum(APPOINTMENT_TYPES),
      status: z.enum(APPOINTMENT_STATUSES),
      /** A cancelled booking: when, and by whom (ADR 015). */
      cancelledAt: z.string().nullable(),
      cancelledBy: z.enum(CANCELLED_BY).nullable(),
    })
    .nullable(),
});
export type Enquiry = z.infer<typeof enquirySchema>;

export const enquiryListSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  total: z.number().int(),
  pagination: paginationSchema,
  enquiries: z.array(enquirySchema),
});
export type EnquiryList = z.infer<typeof enquiryListSchema>;

export const enquiryUpdatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  enquiry: enquirySchema,
});
export type EnquiryUpdated = z.infer<typeof enquiryUpdatedSchema>;

/** POST /api/enquiries/:kind/:id/convert: the new client (temporary password shown once). */
export const enquiryConvertedSchema = userCreatedSchema.extend({ enquiry: enquirySchema });
export type EnquiryConverted = z.infer<typeof enquiryConvertedSchema>;

export const enquiryNewCountSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
});
export type EnquiryNewCount = z.infer<typeof enquiryNewCountSchema>;
