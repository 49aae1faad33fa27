import { configuredMpesaNumber } from '../../lib/daraja';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BILLING_MESSAGES as M,
  cancelFeeNoteSchema,
  createFeeNoteSchema,
  feeNotePageSchema,
  feeNoteSavedSchema,
  feeNoteSchema,
  formatKsh,
  idParamsSchema,
  listFeeNotesQuerySchema,
  listPaymentsQuerySchema,
  paymentPageSchema,
  paymentRecordedSchema,
  paymentSchema,
  recordPaymentSchema,
  successMessageSchema,
  updateFeeNoteSchema,
} from '@firm/shared';
import { currentUser } from '../../plugins/auth';
import { errorResponses, requestMeta } from '../../lib/route-kit';
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
const feeNoteParams = idParamsSchema(M.feeNoteNotFound);
const paymentParams = idParamsSchema(M.paymentNotFound);

/** `/api/fee-notes` and `/api/payments` (ADR 035); M-Pesa's own routes are in mpesa.routes.ts. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: BillingDeps = {
    db: app.db,
    firmNotifyEmail: app.config.firmNotifyEmail,
    mpesa: configuredMpesaNumber(app.config.mpesa),
    logger: app.log,
  };
  const tags = ['billing'];
  const mayViewFeeNotes = [app.requirePermission('fee-notes:view')];
  const mayManageFeeNotes = [app.requirePermission('fee-notes:manage')];
  const mayRecordPayments = [app.requirePermission('payments:record')];

  /** A PDF download for whoever may see the record (`fee-notes:view`; a client their own). */
  const pdfRoute = (
    path: string,
    summary: string,
    params: typeof feeNoteParams,
    make: typeof feeNotePdf,
  ) =>
    app.get(
      path,
      { schema: { tags, summary, params, response: errors }, onRequest: mayViewFeeNotes },
      async (request, reply) =>
        sendPdf(reply, await make(deps, currentUser(request), request.params.id)),
    );

  app.get(
    '/fee-notes',
    {
      schema: {
        tags,
        summary: 'Fee notes, newest first (a client: their own issued ones and their balance)',
        querystring: listFeeNotesQuerySchema,
        response: { 200: feeNotePageSchema, ...errors },
      },
      onRequest: mayViewFeeNotes,
    },
    async (request) => listFeeNotes(deps, currentUser(request), request.query),
  );

  app.post(
    '/fee-notes',
    {
      schema: {
        tags,
        summary: 'Draft a fee note for a client (and optionally one of their cases)',
        body: createFeeNoteSchema,
        response: { 201: feeNoteSavedSchema, ...errors },
      },
      onRequest: mayManageFeeNotes,
    },
    async (request, reply) => {
      const feeNote = await createFeeNote(
        deps,
        currentUser(request),
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send({ success: true as const, message: M.created, feeNote });
    },
  );

  app.get(
    '/fee-notes/:id',
    {
      schema: {
        tags,
        summary: 'One fee note with its lines, totals and payments',
        params: feeNoteParams,
        response: { 200: feeNoteSchema, ...errors },
      },
      onRequest: mayViewFeeNotes,
    },
    async (request) => readFeeNote(deps, currentUser(request), request.params.id),
  );

  app.put(
    '/fee-notes/:id',
    {
      schema: {
        tags,
        summary: 'Change a draft (an issued fee note is cancelled, never changed)',
        params: feeNoteParams,
        body: updateFeeNoteSchema,
        response: { 200: feeNoteSavedSchema, ...errors },
      },
      onRequest: mayManageFeeNotes,
    },
    async (request) => ({
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
  );

  app.delete(
    '/fee-notes/:id',
    {
      schema: {
        tags,
        summary: 'Delete a draft',
        params: feeNoteParams,
        response: { 200: successMessageSchema, ...errors },
      },
      onRequest: mayManageFeeNotes,
    },
    async (request) => {
      await deleteFeeNote(deps, currentUser(request), request.params.id, requestMeta(request));
      return { success: true as const, message: M.deleted };
    },
  );

  app.post(
    '/fee-notes/:id/issue',
    {
      schema: {
        tags,
        summary: 'Issue a draft: its FN number, and the client told by email, text and bell',
        params: feeNoteParams,
        response: { 200: feeNoteSavedSchema, ...errors },
      },
      onRequest: mayManageFeeNotes,
    },
    async (request) => {
      const feeNote = await issueFeeNote(
        deps,
        currentUser(request),
        request.params.id,
        requestMeta(request),
      );
      return { success: true as const, message: M.issued(feeNote.number ?? ''), feeNote };
    },
  );

  app.post(
    '/fee-notes/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel an issued fee note with nothing paid on it, by a numbered credit note',
        params: feeNoteParams,
        body: cancelFeeNoteSchema,
        response: { 200: feeNoteSavedSchema, ...errors },
      },
      onRequest: mayManageFeeNotes,
    },
    async (request) => {
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
  );

  pdfRoute(
    '/fee-notes/:id/pdf',
    'The fee note as an A4 PDF (an issued one; a cancelled one says so)',
    feeNoteParams,
    feeNotePdf,
  );

  pdfRoute(
    '/fee-notes/:id/credit-note',
    'The credit note that cancelled a fee note, as an A4 PDF',
    feeNoteParams,
    creditNotePdf,
  );

  app.post(
    '/payments',
    {
      schema: {
        tags,
        summary: 'Record money received by hand (cash, bank, cheque, M-Pesa outside the portal)',
        body: recordPaymentSchema,
        response: { 201: paymentRecordedSchema, ...errors },
      },
      onRequest: mayRecordPayments,
    },
    async (request, reply) => {
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
  );

  app.get(
    '/payments',
    {
      schema: {
        tags,
        summary: 'Payments, newest first (a client: their own)',
        querystring: listPaymentsQuerySchema,
        response: { 200: paymentPageSchema, ...errors },
      },
      onRequest: mayViewFeeNotes,
    },
    async (request) => listPayments(deps, currentUser(request), request.query),
  );

  app.get(
    '/payments/:id',
    {
      schema: {
        tags,
        summary: 'One payment (an M-Pesa push is followed here until Safaricom confirms it)',
        params: paymentParams,
        response: { 200: paymentSchema, ...errors },
      },
      onRequest: mayViewFeeNotes,
    },
    async (request) => readPayment(deps, currentUser(request), request.params.id),
  );

  pdfRoute(
    '/payments/:id/receipt',
    "A succeeded payment's receipt as an A4 PDF",
    paymentParams,
    receiptPdf,
  );
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
