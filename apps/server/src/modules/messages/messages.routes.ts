import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CASE_MESSAGES,
  MESSAGE_LIMITS,
  MESSAGE_MESSAGES,
  VALIDATION,
  createConversationFieldsSchema,
  createConversationInputSchema,
  filedToCaseSchema,
  messageBodyField,
  sendMessageInputSchema,
} from '@firm/shared';
import { messagesContract as contract } from '@firm/shared/messages/contract';
import { AppError } from '../../lib/app-error';
import {
  UploadRefused,
  cleanFileName,
  discardFile,
  isFileTooLarge,
  sendStoredFile,
  receiveFile,
} from '../../lib/file-storage';
import { currentUser } from '../../plugins/auth';
import {
  createConversation,
  listConversations,
  setConversationMembers,
  staffChoices,
  type NewConversation,
} from './conversations.service';
import { attachmentForDownload, fileAttachmentToCase } from './message-attachments.service';
import type { MessagesDeps } from './message-scope';
import {
  assertMaySend,
  listMessages,
  markConversationRead,
  sendMessage,
  withdrawMessage,
  type OutgoingFile,
} from './messages.service';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';

const errors = errorResponses(400, 401, 403, 404, 409);
const options = { tags: ['messages'], errors };
/** A form with files may be too large (413) or of a type not taken (415). */
const uploadOptions = { tags: ['messages'], errors: { ...errorResponses(413, 415), ...errors } };

/** The first message of a failed check, with every field's, as the validation errors answer. */
function invalid(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[issue.path.join('.') || '_'] ??= issue.message;
  return AppError.badRequest(
    Object.values(fieldErrors)[0] ?? MESSAGE_MESSAGES.bodyRequired,
    fieldErrors,
    'VALIDATION_ERROR',
  );
}

/** The text fields of a multipart message form (repeated ones, as `staffIds`, in order). */
type FormFields = Map<string, string[]>;

const FIELD_MAX: Record<string, number> = {
  body: MESSAGE_LIMITS.bodyMax,
  subject: MESSAGE_LIMITS.subjectMax,
};

/**
 * Reads a multipart message form: each file streamed to disk as it arrives (type from its bytes,
 * within the size limit) and each text field kept, as for case documents. On any refusal every
 * file received so far is removed before the error goes out, so nothing is left behind.
 */
async function readMessageForm(
  request: FastifyRequest,
  documentsDir: string,
  maxMb: number,
  fieldCount: number,
): Promise<{ fields: FormFields; files: OutgoingFile[] }> {
  const fields: FormFields = new Map();
  const files: OutgoingFile[] = [];
  try {
    const parts = request.parts({
      limits: { fields: fieldCount, parts: MESSAGE_LIMITS.attachmentsMax + fieldCount },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const name = cleanFileName(part.filename);
        files.push({ file: await receiveFile(part.file, documentsDir, name), name });
        continue;
      }
      // Cut at the field size limit: longer than any field may be.
      if (part.valueTruncated) {
        const tooLong = VALIDATION.tooLong(FIELD_MAX[part.fieldname] ?? MESSAGE_LIMITS.bodyMax);
        throw AppError.badRequest(tooLong, { [part.fieldname]: tooLong }, 'VALIDATION_ERROR');
      }
      // HTML's multipart encoding sends a form's line breaks as CRLF: stored as typed, LF.
      const text = typeof part.value === 'string' ? part.value.replace(/\r\n?/g, '\n') : '';
      fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), text]);
    }
    return { fields, files };
  } catch (error) {
    await Promise.all(files.map(({ file }) => discardFile(file)));
    if (isFileTooLarge(error)) {
      throw new AppError(413, CASE_MESSAGES.fileTooLarge(maxMb), 'FILE_TOO_LARGE');
    }
    if (error instanceof UploadRefused) {
      throw new AppError(415, CASE_MESSAGES.fileTypeNotAllowed, 'FILE_TYPE_NOT_ALLOWED');
    }
    if ((error as { code?: string } | null)?.code === 'FST_FILES_LIMIT') {
      throw new AppError(
        413,
        MESSAGE_MESSAGES.tooManyFiles(MESSAGE_LIMITS.attachmentsMax),
        'TOO_MANY_FILES',
      );
    }
    throw error;
  }
}

/** A multipart body field: null when blank (a message may be only files), else checked. */
function bodyOf(fields: FormFields): string | null {
  const text = fields.get('body')?.[0] ?? '';
  if (text.trim() === '') return null;
  const parsed = messageBodyField.safeParse(text);
  if (!parsed.success) throw invalid(parsed.error.issues.map((i) => ({ ...i, path: ['body'] })));
  return parsed.data;
}

/**
 * `/api/conversations/*` and `/api/messages/*` (ADR 020). Routes check who may call
 * before a body is read; the service repeats it, scopes every query and holds the rules.
 */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: MessagesDeps = { db: app.db, documentsDir: app.config.documentsDir };
  const maxBytes = app.config.maxUploadBytes;
  const maxMb = Math.round(maxBytes / (1024 * 1024));
  const mayViewMessages = [app.requirePermission('messages:view')];

  // Streamed as for case documents: each file goes to disk as it arrives, within the size limit.
  await app.register(multipart, {
    limits: {
      fileSize: maxBytes,
      files: MESSAGE_LIMITS.attachmentsMax,
      // Each route sets how many text fields its form has (readMessageForm).
      fields: 2,
      parts: MESSAGE_LIMITS.attachmentsMax + 2,
      fieldSize: MESSAGE_LIMITS.bodyMax * 4,
    },
  });

  app.route({
    ...contractRoute(contract.listConversations, options),
    onRequest: mayViewMessages,
    handler: async (request) =>
      listConversations(deps, currentUser(request), request.query, requestMeta(request)),
  });

  app.route({
    ...contractRoute(contract.startConversation, uploadOptions),
    onRequest: [app.requirePermission('messages:start')],
    handler: async (request, reply) => {
      let input: NewConversation;
      if (request.isMultipart()) {
        // subject, caseId, clientId, body and one staffIds field per colleague named.
        const form = await readMessageForm(
          request,
          deps.documentsDir,
          maxMb,
          4 + MESSAGE_LIMITS.staffMax,
        );
        try {
          const first = (name: string) => form.fields.get(name)?.[0];
          const parsed = createConversationFieldsSchema.safeParse({
            subject: first('subject') ?? '',
            caseId: first('caseId'),
            clientId: first('clientId'),
            staffIds: form.fields.get('staffIds') ?? [],
          });
          if (!parsed.success) throw invalid(parsed.error.issues);
          input = { ...parsed.data, body: bodyOf(form.fields), files: form.files };
        } catch (error) {
          await Promise.all(form.files.map(({ file }) => discardFile(file)));
          throw error;
        }
      } else {
        const parsed = createConversationInputSchema.safeParse(request.body ?? {});
        if (!parsed.success) throw invalid(parsed.error.issues);
        input = { ...parsed.data, files: [] };
      }
      const created = await createConversation(
        deps,
        currentUser(request),
        input,
        requestMeta(request),
      );
      return reply
        .status(201)
        .send({ success: true, message: MESSAGE_MESSAGES.conversationCreated, ...created });
    },
  });

  app.route({
    ...contractRoute(contract.conversationStaff, options),
    onRequest: [app.requirePermission('messages:start')],
    handler: async (request) => ({
      success: true as const,
      staff: await staffChoices(deps, currentUser(request)),
    }),
  });

  app.route({
    ...contractRoute(contract.listMessages, options),
    onRequest: mayViewMessages,
    handler: async (request) =>
      listMessages(
        deps,
        currentUser(request),
        request.params.id,
        request.query,
        requestMeta(request),
      ),
  });

  app.route({
    ...contractRoute(contract.sendMessage, uploadOptions),
    onRequest: mayViewMessages,
    handler: async (request, reply) => {
      const actor = currentUser(request);
      await assertMaySend(deps, actor, request.params.id);
      let body: string | null;
      let files: OutgoingFile[] = [];
      if (request.isMultipart()) {
        const form = await readMessageForm(request, deps.documentsDir, maxMb, 2);
        files = form.files;
        try {
          body = bodyOf(form.fields);
        } catch (error) {
          await Promise.all(files.map(({ file }) => discardFile(file)));
          throw error;
        }
      } else {
        const parsed = sendMessageInputSchema.safeParse(request.body ?? {});
        if (!parsed.success) throw invalid(parsed.error.issues);
        body = parsed.data.body;
      }
      const sent = await sendMessage(
        deps,
        actor,
        request.params.id,
        { body, files },
        requestMeta(request),
      );
      return reply.status(201).send({ success: true, message: MESSAGE_MESSAGES.messageSent, sent });
    },
  });

  app.route({
    ...contractRoute(contract.markConversationRead, options),
    onRequest: mayViewMessages,
    handler: async (request) => {
      const at = await markConversationRead(
        deps,
        currentUser(request),
        request.params.id,
        requestMeta(request),
      );
      return {
        success: true as const,
        message: MESSAGE_MESSAGES.markedRead,
        lastReadAt: at.toISOString(),
      };
    },
  });

  app.route({
    ...contractRoute(contract.setConversationMembers, options),
    onRequest: [app.requirePermission('messages:all')],
    handler: async (request) => ({
      success: true as const,
      message: MESSAGE_MESSAGES.membersChanged,
      conversation: await setConversationMembers(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
    }),
  });

  app.route({
    ...contractRoute(contract.withdrawMessage, options),
    onRequest: mayViewMessages,
    handler: async (request) => ({
      success: true as const,
      message: MESSAGE_MESSAGES.messageWithdrawn,
      withdrawn: await withdrawMessage(
        deps,
        currentUser(request),
        request.params.id,
        requestMeta(request),
      ),
    }),
  });

  // A stored file's stream: no answer described at all (the API description's default 200),
  // not even the errors, as the route had it before the contract.
  app.route({
    ...contractRoute(contract.downloadAttachment, { tags: ['messages'], errors: {} }),
    onRequest: mayViewMessages,
    handler: async (request, reply) => {
      const attachment = await attachmentForDownload(
        deps,
        currentUser(request),
        request.params.id,
        request.params.attachmentId,
        requestMeta(request),
      );
      return sendStoredFile(reply, deps.documentsDir, attachment);
    },
  });

  app.route({
    ...contractRoute(contract.fileAttachmentToCase, {
      tags: ['messages'],
      // Besides the contract's 201: the 200 of an attachment filed before.
      errors: { ...errors, 200: filedToCaseSchema },
    }),
    onRequest: [app.requirePermission('messages:file')],
    handler: async (request, reply) => {
      const { document, filedTo, created } = await fileAttachmentToCase(
        deps,
        currentUser(request),
        request.params.id,
        request.params.attachmentId,
        request.body ?? { visibleToClient: true },
        requestMeta(request),
      );
      // Filed before: 200 with the document filed then, never a second copy (ADR 020).
      return reply.status(created ? 201 : 200).send({
        success: true,
        message: created ? MESSAGE_MESSAGES.filedToCase : MESSAGE_MESSAGES.alreadyFiledToCase,
        document,
        filedTo,
      });
    },
  });
};
