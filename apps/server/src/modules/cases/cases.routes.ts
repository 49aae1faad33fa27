import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CASE_MESSAGES,
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
  successMessageSchema,
  updateCaseInputSchema,
  uploadQuerySchema,
  visibilityInputSchema,
  type Action,
} from '@firm/shared';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import type { CasesDeps } from './case-access';
import {
  addNote,
  assertMayUpload,
  deleteDocument,
  documentForDownload,
  recordDocument,
  setDocumentVisibility,
  setNoteVisibility,
} from './case-contents.service';
import { conflictCheck } from './case-conflicts.service';
import {
  casePeople,
  createCase,
  deleteCase,
  getCase,
  listCases,
  updateCase,
} from './cases.service';
import {
  UploadRefused,
  cleanFileName,
  isFileTooLarge,
  sendStoredFile,
  receiveFile,
} from '../../lib/file-storage';
import { errorResponses, requestMeta } from '../../lib/route-kit';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * `/api/cases/*` (the earlier frontend's paths are kept, docs/product-rules.md#wire-contract). Each
 * route checks who may call before the body is read; the service repeats the check, scopes every
 * query to the caller and holds the rules.
 */
export const caseRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: CasesDeps = {
    db: app.db,
    documentsDir: app.config.documentsDir,
    events: app.domainEvents,
  };
  const maxBytes = app.config.maxUploadBytes;
  const maxMb = Math.round(maxBytes / (1024 * 1024));
  const may = (action: Action) => [app.requirePermission(action)];
  const tags = ['cases'];

  // Streamed: the file is read as it arrives; busboy stops storing past the limit and drains the rest.
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.get(
    '/cases',
    {
      schema: {
        tags,
        summary: 'List the cases the caller may see (a client: their own), filtered and paged',
        querystring: listCasesQuerySchema,
        response: { 200: caseListSchema, ...errors },
      },
      onRequest: may('cases:view'),
    },
    async (request) => listCases(deps, currentUser(request), request.query),
  );

  app.get(
    '/cases/people',
    {
      schema: {
        tags,
        summary: 'Clients and staff the New Case form may pick',
        querystring: casePeopleQuerySchema,
        response: { 200: casePeopleSchema, ...errors },
      },
      onRequest: may('cases:create'),
    },
    async (request) => casePeople(deps, currentUser(request), request.query.search),
  );

  app.post(
    '/cases/conflict-check',
    {
      schema: {
        tags,
        summary: 'Conflict-of-interest check: similar clients and case parties',
        body: conflictCheckInputSchema,
        response: { 200: conflictCheckResultSchema, ...errors },
      },
      onRequest: may('cases:create'),
    },
    async (request) => ({
      success: true as const,
      matches: await conflictCheck(deps, currentUser(request), request.body),
    }),
  );

  app.post(
    '/cases',
    {
      schema: {
        tags,
        summary: 'Open a case; the server gives its number',
        body: createCaseInputSchema,
        response: { 201: caseResponseSchema, ...errors },
      },
      onRequest: may('cases:create'),
    },
    async (request, reply) => {
      const created = await createCase(
        deps,
        currentUser(request),
        request.body,
        requestMeta(request),
      );
      return reply
        .status(201)
        .send({ success: true, message: CASE_MESSAGES.caseCreated, case: created });
    },
  );

  app.get(
    '/cases/:id',
    {
      schema: {
        tags,
        summary: 'A case with its documents, notes and timeline as the caller may see them',
        params: caseIdParamsSchema,
        response: { 200: caseReadSchema, ...errors },
      },
      onRequest: may('cases:view'),
    },
    async (request) => ({
      success: true as const,
      case: await getCase(deps, currentUser(request), request.params.id, requestMeta(request)),
    }),
  );

  app.put(
    '/cases/:id',
    {
      schema: {
        tags,
        summary: 'Change a case (with the version it was read at)',
        params: caseIdParamsSchema,
        body: updateCaseInputSchema,
        response: { 200: caseResponseSchema, ...errors },
      },
      onRequest: may('cases:manage'),
    },
    async (request) => ({
      success: true as const,
      message: CASE_MESSAGES.caseUpdated,
      case: await updateCase(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
    }),
  );

  app.delete(
    '/cases/:id',
    {
      schema: {
        tags,
        summary: 'Delete an empty case entered by mistake (advocates)',
        params: caseIdParamsSchema,
        response: { 200: successMessageSchema, ...errors },
      },
      onRequest: may('cases:delete'),
    },
    async (request) => {
      await deleteCase(deps, currentUser(request), request.params.id, requestMeta(request));
      return { success: true as const, message: CASE_MESSAGES.caseDeleted };
    },
  );

  app.post(
    '/cases/:id/notes',
    {
      schema: {
        tags,
        summary: 'Add a note (internal unless shared with the client)',
        params: caseIdParamsSchema,
        body: addNoteInputSchema,
        response: { 201: noteResponseSchema, ...errors },
      },
      onRequest: may('cases:manage'),
    },
    async (request, reply) => {
      const note = await addNote(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send({ success: true, message: CASE_MESSAGES.noteAdded, note });
    },
  );

  app.post(
    '/cases/:id/documents',
    {
      schema: {
        tags,
        summary: `Upload one document (multipart field "file"), streamed to disk`,
        params: caseIdParamsSchema,
        querystring: uploadQuerySchema,
        response: {
          201: documentResponseSchema,
          ...errorResponses(413, 415),
          ...errors,
        },
      },
      onRequest: may('files:upload'),
    },
    async (request, reply) => {
      const actor = currentUser(request);
      await assertMayUpload(deps, actor, request.params.id);
      if (!request.isMultipart()) {
        throw AppError.badRequest(CASE_MESSAGES.fileRequired, { file: CASE_MESSAGES.fileRequired });
      }
      let received;
      let name: string;
      try {
        const part = await request.file();
        if (!part) {
          throw AppError.badRequest(CASE_MESSAGES.fileRequired, {
            file: CASE_MESSAGES.fileRequired,
          });
        }
        name = cleanFileName(part.filename);
        received = await receiveFile(part.file, deps.documentsDir, name);
      } catch (error) {
        if (isFileTooLarge(error)) {
          throw new AppError(413, CASE_MESSAGES.fileTooLarge(maxMb), 'FILE_TOO_LARGE');
        }
        if (error instanceof UploadRefused) {
          throw new AppError(415, CASE_MESSAGES.fileTypeNotAllowed, 'FILE_TYPE_NOT_ALLOWED');
        }
        throw error;
      }
      const document = await recordDocument(
        deps,
        actor,
        request.params.id,
        received,
        { name, visibleToClient: request.query.visibleToClient },
        requestMeta(request),
      );
      return reply
        .status(201)
        .send({ success: true, message: CASE_MESSAGES.documentUploaded, document });
    },
  );

  app.get(
    '/cases/:id/documents/:docId',
    {
      schema: {
        tags,
        summary: 'Download a document (streamed, as an attachment)',
        params: documentParamsSchema,
      },
      onRequest: may('files:open'),
    },
    async (request, reply) => {
      const document = await documentForDownload(
        deps,
        currentUser(request),
        request.params.id,
        request.params.docId,
        requestMeta(request),
      );
      return sendStoredFile(reply, deps.documentsDir, document);
    },
  );

  app.delete(
    '/cases/:id/documents/:docId',
    {
      schema: {
        tags,
        summary: 'Remove a document (staff who manage cases; the audit log keeps what it was)',
        params: documentParamsSchema,
        response: { 200: successMessageSchema, ...errors },
      },
      onRequest: may('cases:manage'),
    },
    async (request) => {
      await deleteDocument(
        deps,
        currentUser(request),
        request.params.id,
        request.params.docId,
        requestMeta(request),
      );
      return { success: true as const, message: CASE_MESSAGES.documentDeleted };
    },
  );

  app.patch(
    '/cases/:id/documents/:docId',
    {
      schema: {
        tags,
        summary: 'Share a document with the client, or make it internal (audited)',
        params: documentParamsSchema,
        body: visibilityInputSchema,
        response: { 200: documentResponseSchema, ...errors },
      },
      onRequest: may('files:share'),
    },
    async (request) => {
      const document = await setDocumentVisibility(
        deps,
        currentUser(request),
        request.params.id,
        request.params.docId,
        request.body.visibleToClient,
        requestMeta(request),
      );
      return {
        success: true as const,
        message: document.visibleToClient
          ? CASE_MESSAGES.documentShared
          : CASE_MESSAGES.documentMadeInternal,
        document,
      };
    },
  );

  app.patch(
    '/cases/:id/notes/:noteId',
    {
      schema: {
        tags,
        summary: 'Share a note with the client, or make it internal (audited)',
        params: noteParamsSchema,
        body: visibilityInputSchema,
        response: { 200: noteResponseSchema, ...errors },
      },
      onRequest: may('cases:manage'),
    },
    async (request) => {
      const note = await setNoteVisibility(
        deps,
        currentUser(request),
        request.params.id,
        request.params.noteId,
        request.body.visibleToClient,
        requestMeta(request),
      );
      return {
        success: true as const,
        message: note.visibleToClient ? CASE_MESSAGES.noteShared : CASE_MESSAGES.noteMadeInternal,
        note,
      };
    },
  );
};
