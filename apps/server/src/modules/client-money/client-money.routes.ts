import { configuredMpesaNumber } from '../../lib/daraja';
import multipart from '@fastify/multipart';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_MONEY_MESSAGES as M, formatMonthTitle } from '@firm/shared';
import { z } from 'zod';
import { clientMoneyContract as contract } from '@firm/shared/client-money/contract';
import { currentUser } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import { cleanFileName } from '../../lib/file-storage';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';
import { createAccount, listAccounts } from './accounts.service';
import type { ClientMoneyDeps } from './client-money-deps';
import { recordEntry } from './entries.service';
import { listLedgers, readEntry, readLedger } from './ledgers.service';
import { assertStatementAccount, importStatement } from './statements.service';
import { ledgerPdf, receiptPdf } from './pdfs.service';
import { lockMonth, readReconciliation } from './reconciliations.service';
import { reconciliationPdf } from './reconciliation-pdf.service';
import { matchLine, recordLine, unmatchLine } from './statement-lines.service';
import { readMpesaDeposit } from './mpesa-deposits.service';
import { practiceYearCsv, practiceYearPackPdf } from './practice-year.service';
import { sendPdf } from '../billing/client-money-pdfs';

const errors = errorResponses(400, 401, 403, 404, 409);
const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E) =>
  contractRoute(endpoint, { tags: ['client-money'], errors });

/** `/api/client-money` (ADR 045): the firm's accounts, the journal and the ledgers. */
export const clientMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ClientMoneyDeps = {
    db: app.db,
    firmNotifyEmail: app.config.firmNotifyEmail,
    logger: app.log,
    mpesaShortcode: app.config.mpesa?.shortcode ?? null,
    mpesa: configuredMpesaNumber(app.config.mpesa),
  };
  const maxBytes = app.config.maxUploadBytes;
  const maxMb = Math.round(maxBytes / (1024 * 1024));

  // Streamed, as the case documents are: busboy stops passing bytes past the limit (ADR 046).
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });

  app.route({
    ...route(contract.listAccounts),
    onRequest: [app.requirePermission('client-money:record')],
    handler: async (request) => listAccounts(deps, currentUser(request)),
  });

  app.route({
    ...route(contract.createAccount),
    onRequest: [app.requirePermission('client-money:accounts')],
    handler: async (request, reply) => {
      const account = await createAccount(
        deps,
        currentUser(request),
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send({ success: true as const, message: M.accountCreated, account });
    },
  });

  // The least any kind needs; the service asks again for the kind (a transfer or a reversal is
  // an advocate's), which the guard cannot know before the body is read.
  app.route({
    ...route(contract.recordEntry),
    onRequest: [app.requirePermission('client-money:record')],
    handler: async (request, reply) => {
      const recorded = await recordEntry(
        deps,
        currentUser(request),
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send({
        success: true as const,
        message: M.entryRecorded,
        entry: await readEntry(deps.db, recorded.entryId),
        balanceKsh: recorded.balanceKsh,
        caseBalanceKsh: recorded.caseBalanceKsh,
      });
    },
  });

  app.route({
    ...route(contract.listLedgers),
    onRequest: [app.requirePermission('client-money:view')],
    handler: async (request) => listLedgers(deps, currentUser(request), request.query),
  });

  app.route({
    ...route(contract.getLedger),
    onRequest: [app.requirePermission('client-money:view')],
    handler: async (request) =>
      readLedger(deps, currentUser(request), request.params.clientId, request.query),
  });

  app.route({
    ...contractRoute(contract.importStatement, {
      tags: ['client-money'],
      errors: { ...errorResponses(413, 415), ...errors },
    }),
    onRequest: [app.requirePermission('client-money:reconcile')],
    handler: async (request, reply) => {
      const user = currentUser(request);
      const fileRequired = () =>
        AppError.badRequest(M.statementFileRequired, { file: M.statementFileRequired });
      if (!request.isMultipart()) throw fileRequired();
      const part = await request.file();
      if (!part) throw fileRequired();
      try {
        const field = part.fields.accountId;
        const accountId =
          field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : '';
        if (!UUID.test(accountId)) {
          throw AppError.badRequest(M.statementAccountFirst, { accountId: M.accountRequired });
        }
        await assertStatementAccount(deps, user, accountId);
        const statement = await importStatement(
          deps,
          user,
          accountId,
          { fileName: cleanFileName(part.filename), file: part.file, maxMb },
          requestMeta(request),
        );
        return reply
          .status(201)
          .send({ success: true as const, message: M.statementImported, statement });
      } finally {
        // A refusal before the end of the file: the rest is read and dropped, never kept.
        part.file.resume();
      }
    },
  });

  // Reconciliation (ADR 046): the advocates' alone, as the statement import.
  const reconcile = [app.requirePermission('client-money:reconcile')];

  app.route({
    ...route(contract.matchStatementLine),
    onRequest: reconcile,
    handler: async (request) => ({
      success: true as const,
      message: M.lineMatched,
      line: await matchLine(
        deps,
        currentUser(request),
        request.params.id,
        request.body.entryId,
        requestMeta(request),
      ),
    }),
  });

  app.route({
    ...route(contract.unmatchStatementLine),
    onRequest: reconcile,
    handler: async (request) => ({
      success: true as const,
      message: M.lineUnmatched,
      line: await unmatchLine(deps, currentUser(request), request.params.id, requestMeta(request)),
    }),
  });

  app.route({
    ...route(contract.recordStatementLine),
    onRequest: reconcile,
    handler: async (request, reply) => {
      const line = await recordLine(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send({ success: true as const, message: M.lineRecorded, line });
    },
  });

  app.route({
    ...route(contract.getReconciliation),
    onRequest: reconcile,
    handler: async (request) =>
      readReconciliation(deps, currentUser(request), request.query.accountId, request.query.month),
  });

  app.route({
    ...route(contract.lockMonth),
    onRequest: reconcile,
    handler: async (request) => ({
      success: true as const,
      message: M.monthLockedNow(formatMonthTitle(request.params.month)),
      reconciliation: await lockMonth(
        deps,
        currentUser(request),
        request.params.accountId,
        request.params.month,
        requestMeta(request),
      ),
    }),
  });

  app.route({
    ...route(contract.reconciliationPdf),
    onRequest: reconcile,
    handler: async (request, reply) =>
      sendPdf(
        reply,
        await reconciliationPdf(
          deps,
          currentUser(request),
          request.params.accountId,
          request.params.month,
        ),
      ),
  });

  // A client's own receipt or statement; another's is not found (the service asks again).
  app.route({
    ...route(contract.receiptPdf),
    onRequest: [app.requirePermission('client-money:view')],
    handler: async (request, reply) =>
      sendPdf(reply, await receiptPdf(deps, currentUser(request), request.params.id)),
  });

  app.route({
    ...route(contract.ledgerPdf),
    onRequest: [app.requirePermission('client-money:view')],
    handler: async (request, reply) =>
      sendPdf(reply, await ledgerPdf(deps, currentUser(request), request.params.clientId)),
  });

  // A deposit paid by M-Pesa, followed by its payer while the phone asks for the PIN.
  app.route({
    ...route(contract.getMpesaDeposit),
    onRequest: [app.requirePermission('client-money:view')],
    config: { rateLimit: { max: 120, timeWindow: '15 minutes' } },
    handler: async (request) => readMpesaDeposit(deps, currentUser(request), request.params.id),
  });

  // The accountant's practice-year pack (ADR 045): those who see the Client money report.
  app.route({
    ...route(contract.practiceYearPackPdf),
    onRequest: [app.requirePermission('reports:client-money')],
    handler: async (request, reply) =>
      sendPdf(
        reply,
        await practiceYearPackPdf(
          deps,
          currentUser(request),
          request.params.year,
          requestMeta(request),
        ),
      ),
  });

  const csv = route(contract.practiceYearCsv);
  app.route({
    ...csv,
    schema: {
      ...csv.schema,
      // A stream: Fastify sends it as it is, without the serializer.
      produces: ['text/csv'],
      response: { 200: z.unknown().describe('The CSV file'), ...errors },
    },
    onRequest: [app.requirePermission('reports:client-money')],
    handler: async (request, reply) => {
      const { filename, lines } = await practiceYearCsv(
        deps,
        currentUser(request),
        request.params.year,
        request.params.part,
        request.query,
        requestMeta(request),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  });
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
