import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  MPESA_TEXTS,
  mpesaPaymentSchema,
  mpesaPaymentStartedSchema,
  paymentSchema,
  visitorMpesaPaymentSchema,
  visitorPaymentStatusSchema,
  visitorReceiptSchema,
} from '@firm/shared';
import { AppError } from '../../lib/app-error';
import { createDarajaClient, parseStkCallback } from '../../lib/daraja';
import { errorResponses } from '../../lib/route-kit';
import { sameSecret } from '../../lib/same-secret';
import { runOnSchedule } from '../../lib/scheduled-job';
import { currentUser } from '../../plugins/auth';
import {
  queryDuePushes,
  settleFromSafaricom,
  startMpesaPayment,
  startVisitorMpesaPayment,
  visitorPaymentStatus,
  visitorReceiptPdf,
  type MpesaDeps,
} from './mpesa.service';
import { sendPdf } from './billing.routes';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * M-Pesa (ADR 034): the push a payer asks for, Safaricom's callback (acknowledged at once; what
 * it claims is checked by the STK push query), and the scheduled query of pushes with no answer.
 */
export const mpesaRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.mpesa;
  const deps: MpesaDeps = {
    db: app.db,
    daraja: settings ? createDarajaClient(settings) : undefined,
    publicUrl: app.config.publicUrl,
    callbackSecret: settings?.callbackSecret,
    paybill: settings?.transactionType === 'CustomerPayBillOnline' ? settings.shortcode : null,
    firmNotifyEmail: app.config.firmNotifyEmail,
    outbox: app.outbox,
    logger: app.log,
  };

  app.post(
    '/payments/mpesa',
    {
      schema: {
        tags: ['billing'],
        summary:
          "Ask the payer's phone for the M-Pesa PIN (an STK push); follow the payment at GET /payments/{id}",
        body: mpesaPaymentSchema,
        response: { 202: mpesaPaymentStartedSchema, ...errors },
      },
      onRequest: [app.requirePermission('payments:pay')],
      // Each push rings a phone: a person taps Pay a few times at most.
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const started = await startMpesaPayment(deps, currentUser(request), request.body);
      return reply.status(202).send({
        ...started,
        status: 'pending' as const,
        message: MPESA_TEXTS.checkPhone,
      });
    },
  );

  // A visitor's emailed link: the token travels in the body, never in a URL or a log.
  const linkLimit = { rateLimit: { max: 10, timeWindow: '15 minutes' } };
  app.post(
    '/payments/mpesa/visitor',
    {
      schema: {
        tags: ['billing'],
        summary:
          "A visitor pays their booking's fee from their emailed link's page (an STK push to their phone)",
        body: visitorMpesaPaymentSchema,
        response: { 202: mpesaPaymentStartedSchema, ...errors },
      },
      config: linkLimit,
    },
    async (request, reply) => {
      const started = await startVisitorMpesaPayment(deps, request.body);
      return reply.status(202).send({
        ...started,
        status: 'pending' as const,
        message: MPESA_TEXTS.checkPhone,
      });
    },
  );

  app.post(
    '/payments/mpesa/visitor/status',
    {
      schema: {
        tags: ['billing'],
        summary: "One of the link's booking's payments, followed until Safaricom confirms it",
        body: visitorPaymentStatusSchema,
        response: { 200: paymentSchema, ...errors },
      },
      // Followed every few seconds while the phone asks for the PIN.
      config: { rateLimit: { max: 120, timeWindow: '15 minutes' } },
    },
    async (request) => visitorPaymentStatus(deps, request.body),
  );

  app.post(
    '/payments/mpesa/visitor/receipt',
    {
      schema: {
        tags: ['billing'],
        summary:
          "The receipt (A4 PDF) of one of the link's booking's succeeded payments (its latest, unnamed)",
        body: visitorReceiptSchema,
        response: errors,
      },
      config: linkLimit,
    },
    async (request, reply) => sendPdf(reply, await visitorReceiptPdf(deps, request.body)),
  );

  // No session: Safaricom calls it. The secret is the path; a wrong one is simply not found.
  app.post(
    '/mpesa/callback/:secret',
    {
      schema: {
        tags: ['system'],
        summary: "Safaricom's STK push result (Lipa na M-Pesa Online callback)",
        hide: true,
        params: z.object({ secret: z.string().max(200) }),
        body: z.unknown(),
      },
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const expected = deps.callbackSecret;
      if (!expected || !sameSecret(request.params.secret, expected)) {
        throw AppError.notFound(MESSAGES.notFound);
      }
      const callback = parseStkCallback(request.body);
      if (callback) {
        // Acknowledged at once; the answer is settled after, by asking Safaricom itself.
        app.backgroundTasks.run('mpesa-callback', async () => {
          const outcome = await settleFromSafaricom(deps, callback.checkoutRequestId, callback);
          if (outcome === 'unknown') {
            request.log.warn(
              { checkoutRequestId: callback.checkoutRequestId },
              'M-Pesa callback for an unknown request',
            );
          }
        });
      } else request.log.warn('M-Pesa callback that is not one');
      return reply.status(200).send({ ResultCode: 0, ResultDesc: 'Accepted' } as never);
    },
  );

  if (deps.daraja) {
    await runOnSchedule(app, {
      name: 'mpesa-status-queries',
      cron: '* * * * *',
      firstRunDelayMs: 30_000,
      run: (now) =>
        queryDuePushes(deps, now)
          .then((settled) => {
            if (settled > 0) app.log.info({ settled }, 'M-Pesa payments settled by query');
          })
          .catch((error: unknown) => app.log.error({ err: error }, 'M-Pesa status queries failed')),
    });
  }
};
