import { z } from 'zod';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, CANCELLED_BY } from '../appointments';
import {
  ENQUIRY_KINDS,
  ENQUIRY_MESSAGES,
  ENQUIRY_NOTE_MAX,
  ENQUIRY_STATUSES,
} from '../clients-messages';
import { CONTACT_URGENCIES } from '../constants';
import { VALIDATION } from '../messages';
import { textRule, paginationSchema, uuidField } from './fields';
import { queryEnum, queryLimit, queryPage } from './list-query';
import { userCreatedSchema } from './user-management';

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
  page: queryPage,
  limit: queryLimit,
});
export type ListEnquiriesQuery = z.input<typeof listEnquiriesQuerySchema>;
export type ListEnquiriesFilters = z.output<typeof listEnquiriesQuerySchema>;

/**
 * PATCH /api/enquiries/:kind/:id: a new status, a note (empty clears it), or both, with the version
 * the screen read (a stale one answers 409 VERSION_CONFLICT: two people triaging one inbox).
 */
export const updateEnquiryInputSchema = z
  .object({
    status: z
      .enum(ENQUIRY_STATUSES, { error: `Status must be one of: ${ENQUIRY_STATUSES.join(', ')}` })
      .optional(),
    note: z
      .string()
      .trim()
      .max(ENQUIRY_NOTE_MAX, { error: VALIDATION.tooLong(ENQUIRY_NOTE_MAX) })
      .superRefine(textRule('multiline'))
      .optional(),
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
