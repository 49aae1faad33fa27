import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CASE_MESSAGES, type Action } from '@firm/shared';
import { casesContract as contract } from '@firm/shared/cases/contract';
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
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';

const errors = errorResponses(400, 401, 403, 404, 409);
const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E) =>
  contractRoute(endpoint, { tags: ['cases'], errors });

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

  // Streamed: the file is read as it arrives; busboy stops storing past the limit and drains the rest.
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.route({
    ...route(contract.listCases),
    onRequest: may('cases:view'),
    handler: async (request) => listCases(deps, currentUser(request), request.query),
  });

  app.route({
    ...route(contract.listCasePeople),
    onRequest: may('cases:create'),
    handler: async (request) => casePeople(deps, currentUser(request), request.query.search),
  });

  app.route({
    ...route(contract.checkConflicts),
    onRequest: may('cases:create'),
    handler: async (request) => ({
      success: true as const,
      matches: await conflictCheck(deps, currentUser(request), request.body),
    }),
  });

  app.route({
    ...route(contract.createCase),
    onRequest: may('cases:create'),
    handler: async (request, reply) => {
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
  });

  app.route({
    ...route(contract.getCase),
    onRequest: may('cases:view'),
    handler: async (request) => ({
      success: true as const,
      case: await getCase(deps, currentUser(request), request.params.id, requestMeta(request)),
    }),
  });

  app.route({
    ...route(contract.updateCase),
    onRequest: may('cases:manage'),
    handler: async (request) => ({
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
  });

  app.route({
    ...route(contract.deleteCase),
    onRequest: may('cases:delete'),
    handler: async (request) => {
      await deleteCase(deps, currentUser(request), request.params.id, requestMeta(request));
      return { success: true as const, message: CASE_MESSAGES.caseDeleted };
    },
  });

  app.route({
    ...route(contract.addCaseNote),
    onRequest: may('cases:manage'),
    handler: async (request, reply) => {
      const note = await addNote(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send({ success: true, message: CASE_MESSAGES.noteAdded, note });
    },
  });

  app.route({
    ...contractRoute(contract.uploadCaseDocument, {
      tags: ['cases'],
      errors: { ...errorResponses(413, 415), ...errors },
    }),
    onRequest: may('files:upload'),
    handler: async (request, reply) => {
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
  });

  app.route({
    // Streamed bytes: the route never declared its error answers.
    ...contractRoute(contract.downloadCaseDocument, { tags: ['cases'], errors: {} }),
    onRequest: may('files:open'),
    handler: async (request, reply) => {
      const document = await documentForDownload(
        deps,
        currentUser(request),
        request.params.id,
        request.params.docId,
        requestMeta(request),
      );
      return sendStoredFile(reply, deps.documentsDir, document);
    },
  });

  app.route({
    ...route(contract.deleteCaseDocument),
    onRequest: may('cases:manage'),
    handler: async (request) => {
      await deleteDocument(
        deps,
        currentUser(request),
        request.params.id,
        request.params.docId,
        requestMeta(request),
      );
      return { success: true as const, message: CASE_MESSAGES.documentDeleted };
    },
  });

  app.route({
    ...route(contract.setDocumentVisibility),
    onRequest: may('files:share'),
    handler: async (request) => {
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
  });

  app.route({
    ...route(contract.setNoteVisibility),
    onRequest: may('cases:manage'),
    handler: async (request) => {
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
  });
};
