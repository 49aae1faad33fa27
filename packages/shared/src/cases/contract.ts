import { successMessageSchema } from '../auth/schemas';
import { defineContract } from '../common/contract';
import { CASES_ENDPOINTS } from './endpoints';
import {
  addNoteInputSchema,
  caseIdParamsSchema,
  caseListSchema,
  casePeopleQuerySchema,
  casePeopleSchema,
  caseReadSchema,
  caseResponseSchema,
  conflictCheckInputSchema,
  conflictCheckResultSchema,
  createCaseInputSchema,
  documentParamsSchema,
  documentResponseSchema,
  listCasesQuerySchema,
  noteParamsSchema,
  noteResponseSchema,
  updateCaseInputSchema,
  uploadQuerySchema,
  visibilityInputSchema,
} from './schemas';

/** Cases, their notes and documents: each endpoint's params, query, body and answer (ADR 044). */
export const casesContract = defineContract(CASES_ENDPOINTS, {
  listCases: {
    summary: 'List the cases the caller may see (a client: their own), filtered and paged',
    query: listCasesQuerySchema,
    response: caseListSchema,
  },
  listCasePeople: {
    summary: 'Clients and staff the New Case form may pick',
    query: casePeopleQuerySchema,
    response: casePeopleSchema,
  },
  checkConflicts: {
    summary: 'Conflict-of-interest check: similar clients and case parties',
    body: conflictCheckInputSchema,
    response: conflictCheckResultSchema,
  },
  createCase: {
    summary: 'Open a case; the server gives its number',
    body: createCaseInputSchema,
    response: caseResponseSchema,
    status: 201,
  },
  getCase: {
    summary: 'A case with its documents, notes and timeline as the caller may see them',
    params: caseIdParamsSchema,
    response: caseReadSchema,
  },
  updateCase: {
    summary: 'Change a case (with the version it was read at)',
    params: caseIdParamsSchema,
    body: updateCaseInputSchema,
    response: caseResponseSchema,
  },
  deleteCase: {
    summary: 'Delete an empty case entered by mistake (advocates)',
    params: caseIdParamsSchema,
    response: successMessageSchema,
  },
  addCaseNote: {
    summary: 'Add a note (internal unless shared with the client)',
    params: caseIdParamsSchema,
    body: addNoteInputSchema,
    response: noteResponseSchema,
    status: 201,
  },
  // The file comes as multipart (field "file"), read by the route as it streams: no body schema.
  uploadCaseDocument: {
    summary: `Upload one document (multipart field "file"), streamed to disk`,
    params: caseIdParamsSchema,
    query: uploadQuerySchema,
    response: documentResponseSchema,
    status: 201,
  },
  downloadCaseDocument: {
    summary: 'Download a document (streamed, as an attachment)',
    params: documentParamsSchema,
    response: 'file',
  },
  deleteCaseDocument: {
    summary: 'Remove a document (staff who manage cases; the audit log keeps what it was)',
    params: documentParamsSchema,
    response: successMessageSchema,
  },
  setDocumentVisibility: {
    summary: 'Share a document with the client, or make it internal (audited)',
    params: documentParamsSchema,
    body: visibilityInputSchema,
    response: documentResponseSchema,
  },
  setNoteVisibility: {
    summary: 'Share a note with the client, or make it internal (audited)',
    params: noteParamsSchema,
    body: visibilityInputSchema,
    response: noteResponseSchema,
  },
});

export type CasesContract = typeof casesContract;
