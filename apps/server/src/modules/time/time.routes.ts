import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CASE_MESSAGES, TIME_TEXTS as T, expenseInputSchema, type Action } from '@firm/shared';
import { timeContract as contract } from '@firm/shared/time/contract';
import { AppError } from '../../lib/app-error';
import {
  UploadRefused,
  cleanFileName,
  discardFile,
  isFileTooLarge,
  receiveFile,
  sendStoredFile,
  type ReceivedFile,
} from '../../lib/file-storage';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';
import { currentUser } from '../../plugins/auth';
import {
  createExpense,
  deleteExpense,
  listExpenses,
  receiptsDir,
  updateExpense,
} from './expenses.service';
import { receiptForDownload } from './expense-receipts.service';
import {
  getFeeArrangement,
  listActivities,
  listRates,
  setFeeArrangement,
  setRate,
} from './rates.service';
import type { TimeDeps } from './time-deps';
import {
  createTimeEntry,
  deleteTimeEntry,
  listTimeEntries,
  updateTimeEntry,
} from './time-entries.service';
import { actOnTimer, discardTimer, readTimer } from './timer.service';
import { billUnbilled, listUnbilled } from './unbilled.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E) =>
  contractRoute(endpoint, { tags: ['time'], errors });

/** Zod's field messages, as the validation errors of every other route give them. */
function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]) {
  return Object.fromEntries(
    issues.map((issue) => [String(issue.path[0] ?? 'body'), issue.message]),
  );
}

/**
 * Time, the timer, expenses, rates, fee arrangements and unbilled work (ADR 050). Each route
 * checks who may call before the body is read; the services repeat it.
 */
export const timeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: TimeDeps = {
    db: app.db,
    documentsDir: app.config.documentsDir,
    billing: { db: app.db, firmNotifyEmail: app.config.firmNotifyEmail, logger: app.log },
  };
  const maxBytes = app.config.maxUploadBytes;
  const maxMb = Math.round(maxBytes / (1024 * 1024));
  const may = (action: Action) => [app.requirePermission(action)];
  const record = may('time:record');
  const manage = may('time:manage');

  // Streamed, as case documents are: busboy stops storing past the limit and drains the rest.
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  });

  app.route({
    ...route(contract.listTimeEntries),
    onRequest: record,
    handler: async (request) => listTimeEntries(deps, currentUser(request), request.query),
  });
  app.route({
    ...route(contract.createTimeEntry),
    onRequest: record,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await createTimeEntry(deps, currentUser(request), request.body, requestMeta(request)),
        ),
  });
  app.route({
    ...route(contract.updateTimeEntry),
    onRequest: record,
    handler: async (request) =>
      updateTimeEntry(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  });
  app.route({
    ...route(contract.deleteTimeEntry),
    onRequest: record,
    handler: async (request) => {
      await deleteTimeEntry(deps, currentUser(request), request.params.id, requestMeta(request));
      return { success: true as const, message: T.entryDeleted };
    },
  });

  app.route({
    ...route(contract.getTimer),
    onRequest: record,
    handler: async (request) => readTimer(deps, currentUser(request)),
  });
  app.route({
    ...route(contract.actOnTimer),
    onRequest: record,
    handler: async (request) =>
      actOnTimer(deps, currentUser(request), request.body, requestMeta(request)),
  });
  app.route({
    ...route(contract.discardTimer),
    onRequest: record,
    handler: async (request) => discardTimer(deps, currentUser(request)),
  });

  app.route({
    ...route(contract.listExpenses),
    onRequest: record,
    handler: async (request) => listExpenses(deps, currentUser(request), request.query),
  });
  app.route({
    ...contractRoute(contract.createExpense, {
      tags: ['time'],
      errors: { ...errorResponses(413, 415), ...errors },
    }),
    onRequest: record,
    handler: async (request, reply) => {
      if (!request.isMultipart()) {
        throw AppError.badRequest(T.receiptRequired, { file: T.receiptRequired });
      }
      const fields: Record<string, string> = {};
      let receipt: { file: ReceivedFile; name: string } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const name = cleanFileName(part.filename);
            receipt = { file: await receiveFile(part.file, receiptsDir(deps), name), name };
          } else {
            fields[part.fieldname] = String(part.value);
          }
        }
      } catch (error) {
        if (receipt) await discardFile(receipt.file);
        if (isFileTooLarge(error)) {
          throw new AppError(413, CASE_MESSAGES.fileTooLarge(maxMb), 'FILE_TOO_LARGE');
        }
        if (error instanceof UploadRefused) {
          throw new AppError(415, CASE_MESSAGES.fileTypeNotAllowed, 'FILE_TYPE_NOT_ALLOWED');
        }
        throw error;
      }
      const parsed = expenseInputSchema.safeParse(fields);
      if (!parsed.success || !receipt) {
        if (receipt) await discardFile(receipt.file);
        const problems = parsed.success ? {} : fieldErrors(parsed.error.issues);
        if (!receipt) problems.file = T.receiptRequired;
        throw AppError.badRequest(Object.values(problems)[0] ?? T.receiptRequired, problems);
      }
      const expense = await createExpense(
        deps,
        currentUser(request),
        parsed.data,
        receipt,
        requestMeta(request),
      );
      return reply.status(201).send(expense);
    },
  });
  app.route({
    ...route(contract.updateExpense),
    onRequest: record,
    handler: async (request) =>
      updateExpense(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  });
  app.route({
    ...route(contract.deleteExpense),
    onRequest: record,
    handler: async (request) => {
      await deleteExpense(deps, currentUser(request), request.params.id, requestMeta(request));
      return { success: true as const, message: T.expenseDeleted };
    },
  });

  app.route({
    // Streamed bytes: as a case document's download, the route declares no error answers.
    ...contractRoute(contract.downloadExpenseReceipt, { tags: ['time'], errors: {} }),
    onRequest: record,
    handler: async (request, reply) => {
      const receipt = await receiptForDownload(deps, currentUser(request), request.params.id);
      return sendStoredFile(reply, receiptsDir(deps), receipt);
    },
  });

  app.route({
    ...route(contract.listActivities),
    onRequest: record,
    handler: async (request) => listActivities(deps, currentUser(request)),
  });
  app.route({
    ...route(contract.listRates),
    onRequest: manage,
    handler: async (request) => listRates(deps, currentUser(request)),
  });
  app.route({
    ...route(contract.setRate),
    onRequest: manage,
    handler: async (request) =>
      setRate(deps, currentUser(request), request.params.id, request.body.hourlyRateKsh),
  });
  app.route({
    ...route(contract.getFeeArrangement),
    onRequest: record,
    handler: async (request) => getFeeArrangement(deps, currentUser(request), request.params.id),
  });
  app.route({
    ...route(contract.setFeeArrangement),
    onRequest: manage,
    handler: async (request) =>
      setFeeArrangement(deps, currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...route(contract.listUnbilled),
    onRequest: manage,
    handler: async (request) => listUnbilled(deps, currentUser(request), request.query),
  });
  app.route({
    ...route(contract.billUnbilled),
    onRequest: [app.requirePermission('time:manage'), app.requirePermission('fee-notes:manage')],
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await billUnbilled(deps, currentUser(request), request.body, requestMeta(request))),
  });
};
