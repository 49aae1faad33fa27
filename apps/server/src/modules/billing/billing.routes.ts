import { configuredMpesaNumber } from '../../lib/daraja';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BILLING_MESSAGES as M, formatKsh } from '@firm/shared';
import { billingContract as contract } from '@firm/shared/billing/contract';
import { currentUser } from '../../plugins/auth';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';
import type { BillingDeps } from './billing-deps';
import { creditNotePdf, feeNotePdf, receiptPdf } from './billing-pdf.service';
import {
  cancelFeeNote,
  createFeeNote,
  deleteFeeNote,
  issueFeeNote,
  listFeeNotes,
  readFeeNote,
  updateFeeNote,
} from './fee-notes.service';
import { listPayments, readPayment, recordPayment } from './payments.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E) =>
  contractRoute(endpoint, { tags: ['billing'], errors });

/** `/api/fee-notes` and `/api/payments` (ADR 035); M-Pesa's own routes are in mpesa.routes.ts. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: BillingDeps = {
    db: app.db,
    firmNotifyEmail: app.config.firmNotifyEmail,
    mpesa: configuredMpesaNumber(app.config.mpesa),
    logger: app.log,
    etims: { branch: app.etims.branch, afterCommit: app.etims.advance },
  };
  const mayViewFeeNotes = [app.requirePermission('fee-notes:view')];
  const mayManageFeeNotes = [app.requirePermission('fee-notes:manage')];
  const mayRecordPayments = [app.requirePermission('payments:record')];

  /** A PDF download for whoever may see the record (`fee-notes:view`; a client their own). */
  const pdfRoute = (
    endpoint:
      typeof contract.feeNotePdf | typeof contract.creditNotePdf | typeof contract.receiptPdf,
    make: typeof feeNotePdf,
  ) =>
    app.route({
      ...route(endpoint),
      onRequest: mayViewFeeNotes,
      handler: async (request, reply) =>
        sendPdf(reply, await make(deps, currentUser(request), request.params.id)),
    });

  app.route({
    ...route(contract.listFeeNotes),
    onRequest: mayViewFeeNotes,
    handler: async (request) => listFeeNotes(deps, currentUser(request), request.query),
  });

  app.route({
    ...route(contract.createFeeNote),
    onRequest: mayManageFeeNotes,
    handler: async (request, reply) => {
      const feeNote = await createFeeNote(
        deps,
        currentUser(request),
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send({ success: true as const, message: M.created, feeNote });
    },
  });

  app.route({
    ...route(contract.getFeeNote),
    onRequest: mayViewFeeNotes,
    handler: async (request) => readFeeNote(deps, currentUser(request), request.params.id),
  });

  app.route({
    ...route(contract.updateFeeNote),
    onRequest: mayManageFeeNotes,
    handler: async (request) => ({
      success: true as const,
      message: M.updated,
      feeNote: await updateFeeNote(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
    }),
  });

  app.route({
    ...route(contract.deleteFeeNote),
    onRequest: mayManageFeeNotes,
    handler: async (request) => {
      await deleteFeeNote(deps, currentUser(request), request.params.id, requestMeta(request));
      return { success: true as const, message: M.deleted };
    },
  });

  app.route({
    ...route(contract.issueFeeNote),
    onRequest: mayManageFeeNotes,
    handler: async (request) => {
      const feeNote = await issueFeeNote(
        deps,
        currentUser(request),
        request.params.id,
        requestMeta(request),
      );
      return { success: true as const, message: M.issued(feeNote.number ?? ''), feeNote };
    },
  });

  app.route({
    ...route(contract.cancelFeeNote),
    onRequest: mayManageFeeNotes,
    handler: async (request) => {
      const feeNote = await cancelFeeNote(
        deps,
        currentUser(request),
        request.params.id,
        request.body.reason,
        requestMeta(request),
      );
      return {
        success: true as const,
        message: M.cancelled(feeNote.cancellation?.creditNoteNumber ?? ''),
        feeNote,
      };
    },
  });

  pdfRoute(contract.feeNotePdf, feeNotePdf);
  pdfRoute(contract.creditNotePdf, creditNotePdf);

  app.route({
    ...route(contract.recordPayment),
    onRequest: mayRecordPayments,
    handler: async (request, reply) => {
      const { payment, stillOwedKsh } = await recordPayment(
        deps,
        currentUser(request),
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send({
        success: true as const,
        message: M.paymentRecorded(
          payment.receiptNumber ?? '',
          formatKsh(payment.amountKsh),
          stillOwedKsh > 0 ? formatKsh(stillOwedKsh) : null,
        ),
        payment,
      });
    },
  });

  app.route({
    ...route(contract.listPayments),
    onRequest: mayViewFeeNotes,
    handler: async (request) => listPayments(deps, currentUser(request), request.query),
  });

  app.route({
    ...route(contract.getPayment),
    onRequest: mayViewFeeNotes,
    handler: async (request) => readPayment(deps, currentUser(request), request.params.id),
  });

  pdfRoute(contract.receiptPdf, receiptPdf);
};

/** A PDF as a download that no cache keeps (a receipt names a person and their money). */
export function sendPdf(reply: FastifyReply, file: { filename: string; bytes: Buffer }) {
  return (
    reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="${file.filename}"`)
      .header('Cache-Control', 'private, no-store')
      // A PDF has no response schema; the typed reply knows only the error bodies.
      .send(file.bytes)
  );
}
