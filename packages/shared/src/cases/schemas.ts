import { z } from 'zod';
import {
  CASE_CATEGORY_CODES,
  CASE_EVENT_TYPES,
  CASE_LIMITS,
  CASE_PRIORITIES,
  CASE_SORTS,
  CASE_STATUSES,
  CASE_UNASSIGNED,
  PARTY_ROLE_CODES,
} from './rules';
import { CASE_MESSAGES } from './texts';
import { boundedInstant } from '../common/date-fields';
import { VALIDATION } from '../common/texts';
import { successMessageSchema } from '../auth/schemas';
import {
  idParamsSchema,
  textRule,
  paginationSchema,
  requiredText,
  uuidField,
} from '../common/fields';
import { queryDate, queryEnum, queryLimit, queryPage, querySearch } from '../common/list-query';

/**
 * The `/api/cases` contract (docs/product-rules.md#records, #validation). The server validates with these
 * schemas, the forms use the same ones, and the screens read the response types.
 */

// ---------------------------------------------------------------------------------------------
// Fields

export const caseIdParamsSchema = idParamsSchema(CASE_MESSAGES.invalidCaseId);
export const documentParamsSchema = z.object({
  id: uuidField(CASE_MESSAGES.invalidCaseId),
  docId: uuidField(CASE_MESSAGES.invalidDocumentId),
});
export const noteParamsSchema = z.object({
  id: uuidField(CASE_MESSAGES.invalidCaseId),
  noteId: uuidField(CASE_MESSAGES.invalidNoteId),
});

/**
 * PATCH /api/cases/:id/documents/:docId and /notes/:noteId: share an item with the
 * client after the fact, or make it internal again.
 */
export const visibilityInputSchema = z.object({
  visibleToClient: z.boolean({ message: CASE_MESSAGES.visibilityRequired }),
});
export type VisibilityInput = z.infer<typeof visibilityInputSchema>;

const emptyAsUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
/** An optional single line: empty means "none" (null), so a form can clear it. */
const optionalLine = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string()
      .trim()
      .max(max, { error: VALIDATION.tooLong(max) })
      .superRefine(textRule())
      .nullable()
      .optional(),
  );

const categoryField = z.enum(CASE_CATEGORY_CODES, { error: CASE_MESSAGES.categoryRequired });
const priorityField = z.enum(CASE_PRIORITIES, { error: CASE_MESSAGES.priorityRequired });
const courtDateField = z.preprocess(
  (value) => (value === '' ? null : value),
  boundedInstant('Court date must be a date and time').nullable().optional(),
);

export const partyInputSchema = z.object({
  role: z.enum(PARTY_ROLE_CODES, { error: 'Please choose the party’s role' }),
  name: requiredText('Party name is required', CASE_LIMITS.partyNameMax),
  contact: optionalLine(CASE_LIMITS.partyContactMax),
});
export type PartyInput = z.input<typeof partyInputSchema>;

/** "Checked: no conflict", with the reason, when the conflict check found matches. */
export const conflictClearanceSchema = z.object({
  cleared: z.literal(true, { error: CASE_MESSAGES.conflictCheckRequired }),
  reason: requiredText(CASE_MESSAGES.conflictReasonRequired, CASE_LIMITS.reasonMax, {
    multiline: true,
  }),
});
export type ConflictClearanceValues = z.output<typeof conflictClearanceSchema>;

// ---------------------------------------------------------------------------------------------
// Requests

/** POST /api/cases (docs/product-rules.md#validation: title, description, category and priority are required). */
export const createCaseInputSchema = z.object({
  title: requiredText(CASE_MESSAGES.titleRequired, CASE_LIMITS.titleMax, { printable: true }),
  description: requiredText(CASE_MESSAGES.descriptionRequired, CASE_LIMITS.descriptionMax, {
    multiline: true,
  }),
  category: categoryField,
  priority: priorityField,
  clientId: uuidField(CASE_MESSAGES.clientRequired),
  assignedTo: z.preprocess(emptyAsUndefined, uuidField(CASE_MESSAGES.assigneeNotFound).optional()),
  court: optionalLine(CASE_LIMITS.courtMax),
  courtCaseNumber: optionalLine(CASE_LIMITS.courtMax),
  courtDate: courtDateField,
  /** The person saw that the court date falls on a weekend or public holiday, and keeps it. */
  courtDateConfirmed: z.boolean().optional(),
  parties: z.array(partyInputSchema).max(CASE_LIMITS.partiesMax).default([]),
  conflictCheck: conflictClearanceSchema.optional(),
});
export type CreateCaseInput = z.input<typeof createCaseInputSchema>;
export type CreateCaseValues = z.output<typeof createCaseInputSchema>;

/** PUT /api/cases/:id: the fields to change, and the version they were read at. */
export const updateCaseInputSchema = z.object({
  version: z.number({ error: CASE_MESSAGES.versionRequired }).int().min(1),
  title: requiredText(CASE_MESSAGES.titleRequired, CASE_LIMITS.titleMax, {
    printable: true,
  }).optional(),
  description: requiredText(CASE_MESSAGES.descriptionRequired, CASE_LIMITS.descriptionMax, {
    multiline: true,
  }).optional(),
  category: categoryField.optional(),
  priority: priorityField.optional(),
  status: z.enum(CASE_STATUSES, { error: 'Unknown status' }).optional(),
  assignedTo: z.preprocess(
    (value) => (value === '' ? null : value),
    uuidField(CASE_MESSAGES.assigneeNotFound).nullable().optional(),
  ),
  court: optionalLine(CASE_LIMITS.courtMax),
  courtCaseNumber: optionalLine(CASE_LIMITS.courtMax),
  courtDate: courtDateField,
  /** The person saw that the court date falls on a weekend or public holiday, and keeps it. */
  courtDateConfirmed: z.boolean().optional(),
  /** A hearing took place (a timeline entry), e.g. "Mention: directions given". */
  courtHearing: optionalLine(CASE_LIMITS.courtMax),
});
export type UpdateCaseInput = z.input<typeof updateCaseInputSchema>;
export type UpdateCaseValues = z.output<typeof updateCaseInputSchema>;

/** POST /api/cases/:id/notes. Staff notes are internal unless shared; a client's are shared. */
export const addNoteInputSchema = z.object({
  content: requiredText(CASE_MESSAGES.noteRequired, CASE_LIMITS.noteMax, { multiline: true }),
  visibleToClient: z.boolean().default(false),
});
export type AddNoteInput = z.input<typeof addNoteInputSchema>;

/** POST /api/cases/:id/documents?visibleToClient=true (the file itself is the multipart body). */
export const uploadQuerySchema = z.object({
  visibleToClient: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
  ),
});

/** POST /api/cases/conflict-check */
export const conflictCheckInputSchema = z.object({
  clientName: z.preprocess(
    emptyAsUndefined,
    z.string().trim().max(CASE_LIMITS.partyNameMax).superRefine(textRule()).optional(),
  ),
  /** The client whose own account is not a match (the client chosen for the case). */
  clientId: z.preprocess(emptyAsUndefined, uuidField(CASE_MESSAGES.clientNotFound).optional()),
  /** A case being edited is not a match for itself. */
  excludeCaseId: z.preprocess(emptyAsUndefined, uuidField(CASE_MESSAGES.invalidCaseId).optional()),
  parties: z
    .array(
      z.object({
        name: z.string().trim().max(CASE_LIMITS.partyNameMax).superRefine(textRule()),
        role: z.enum(PARTY_ROLE_CODES).optional(),
      }),
    )
    .max(CASE_LIMITS.partiesMax)
    .default([]),
});
export type ConflictCheckInput = z.input<typeof conflictCheckInputSchema>;
export type ConflictCheckValues = z.output<typeof conflictCheckInputSchema>;

/** GET /api/cases. `sort=updated` (the default, newest first) gives a dashboard "recent cases". */
export const listCasesQuerySchema = z.object({
  search: querySearch(CASE_LIMITS.searchMax),
  /** A status, or `open`: every status but closed (the dashboards' open cases). */
  status: queryEnum([...CASE_STATUSES, 'open'] as const, 'Status'),
  priority: queryEnum(CASE_PRIORITIES, 'Priority'),
  category: queryEnum(CASE_CATEGORY_CODES, 'Category'),
  /** A member of staff's id, or `none` (CASE_UNASSIGNED): the cases nobody is assigned to. */
  assignee: z.preprocess(
    emptyAsUndefined,
    z
      .union([z.literal(CASE_UNASSIGNED), uuidField(CASE_MESSAGES.invalidAssigneeFilter)], {
        error: CASE_MESSAGES.invalidAssigneeFilter,
      })
      .optional(),
  ),
  client: z.preprocess(emptyAsUndefined, uuidField('Invalid client id').optional()),
  /** Court dates from / to (inclusive), calendar days in Africa/Nairobi. */
  courtFrom: queryDate,
  courtTo: queryDate,
  /** Opened (created) from / to these Nairobi days, inclusive (the caseload report). */
  openedFrom: queryDate,
  openedTo: queryDate,
  /** Closed from / to these Nairobi days, inclusive. */
  closedFrom: queryDate,
  closedTo: queryDate,
  /** Open at the end of this Nairobi day: opened by then, and not closed by then. */
  openOn: queryDate,
  sort: z.preprocess(emptyAsUndefined, z.enum(CASE_SORTS).default('updated')),
  page: queryPage,
  limit: queryLimit,
});
export type ListCasesQuery = z.input<typeof listCasesQuerySchema>;
export type ListCasesFilters = z.output<typeof listCasesQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses

const personRef = z.object({ id: z.string(), name: z.string() });

export const caseSummarySchema = z.object({
  id: z.string(),
  caseNumber: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CASE_CATEGORY_CODES),
  status: z.enum(CASE_STATUSES),
  priority: z.enum(CASE_PRIORITIES),
  clientId: z.string(),
  clientName: z.string(),
  assignedTo: z.string().nullable(),
  assigneeName: z.string().nullable(),
  court: z.string().nullable(),
  courtCaseNumber: z.string().nullable(),
  courtDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  version: z.number().int(),
  /** What the caller may see: a client counts shared documents and notes only. */
  documentCount: z.number().int(),
  noteCount: z.number().int(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const caseDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.string(),
  uploadedBy: personRef.nullable(),
  visibleToClient: z.boolean(),
});
export type CaseDocument = z.infer<typeof caseDocumentSchema>;

export const caseNoteSchema = z.object({
  id: z.string(),
  content: z.string(),
  author: z.string(),
  authorId: z.string().nullable(),
  createdAt: z.string(),
  visibleToClient: z.boolean(),
  /** When it was last shared with the client; null while internal. */
  sharedAt: z.string().nullable(),
});
export type CaseNote = z.infer<typeof caseNoteSchema>;

export const caseEventSchema = z.object({
  id: z.string(),
  event: z.enum(CASE_EVENT_TYPES),
  description: z.string(),
  date: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type CaseEvent = z.infer<typeof caseEventSchema>;

export const casePartySchema = z.object({
  id: z.string(),
  role: z.enum(PARTY_ROLE_CODES),
  name: z.string(),
  contact: z.string().nullable(),
});
export type CaseParty = z.infer<typeof casePartySchema>;

export const caseDetailSchema = caseSummarySchema.extend({
  parties: z.array(casePartySchema),
  documents: z.array(caseDocumentSchema),
  notes: z.array(caseNoteSchema),
  timeline: z.array(caseEventSchema),
  /** Staff only: the recorded "Checked: no conflict". */
  conflictClearance: z
    .object({ reason: z.string(), by: z.string().nullable(), at: z.string() })
    .nullable()
    .optional(),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const caseListSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  total: z.number().int(),
  pagination: paginationSchema,
  cases: z.array(caseSummarySchema),
});
export type CaseList = z.infer<typeof caseListSchema>;

export const caseResponseSchema = successMessageSchema.extend({ case: caseDetailSchema });
export type CaseResponse = z.infer<typeof caseResponseSchema>;
export const caseReadSchema = z.object({ success: z.literal(true), case: caseDetailSchema });
export const noteResponseSchema = successMessageSchema.extend({ note: caseNoteSchema });
export const documentResponseSchema = successMessageSchema.extend({ document: caseDocumentSchema });
export type DocumentResponse = z.infer<typeof documentResponseSchema>;

export const conflictMatchSchema = z.object({
  /** The name that was checked. */
  name: z.string(),
  matchedName: z.string(),
  /** An existing client account, or a party of a case. */
  source: z.enum(['client', 'party']),
  role: z.enum(PARTY_ROLE_CODES).nullable(),
  caseId: z.string().nullable(),
  caseNumber: z.string().nullable(),
  similarity: z.number(),
});
export type ConflictMatch = z.infer<typeof conflictMatchSchema>;
export const conflictCheckResultSchema = z.object({
  success: z.literal(true),
  matches: z.array(conflictMatchSchema),
});
export type ConflictCheckResult = z.infer<typeof conflictCheckResultSchema>;

/** The people the New Case modal may pick: active clients, and advocates and admins. */
/** GET /api/cases/people: who the New Case form may pick, filtered by name or email. */
export const casePeopleQuerySchema = z.object({ search: querySearch(CASE_LIMITS.searchMax) });

export const casePeopleSchema = z.object({
  success: z.literal(true),
  clients: z.array(personRef.extend({ email: z.string() })),
  assignees: z.array(personRef.extend({ role: z.string() })),
});
export type CasePeople = z.infer<typeof casePeopleSchema>;
