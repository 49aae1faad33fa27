import { z } from 'zod';
import { CLIENT_MESSAGES, CLIENT_SORTS, CLIENT_STATUSES } from '../clients-messages';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES } from '../appointments';
import { CASE_STATUSES } from '../cases';
import { LIMITS, USER_SEARCH_MAX } from '../constants';
import { VALIDATION } from '../messages';
import { emailField, idParamsSchema, paginationSchema, phoneField, requiredText } from './fields';
import { queryDate, queryEnum, queryLimit, queryPage, querySearch, querySort } from './list-query';

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
    firstName: requiredText(VALIDATION.firstNameRequired, LIMITS.nameMax).optional(),
    lastName: requiredText(VALIDATION.lastNameRequired, LIMITS.nameMax).optional(),
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
  firstName: requiredText(VALIDATION.firstNameRequired, LIMITS.nameMax),
  lastName: requiredText(VALIDATION.lastNameRequired, LIMITS.nameMax),
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
