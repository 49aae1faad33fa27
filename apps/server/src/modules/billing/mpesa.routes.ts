import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, MPESA_TEXTS } from '@firm/shared';
import { billingContract as contract } from '@firm/shared/billing/contract';
import { AppError } from '../../lib/app-error';
import { callbackPath, createDarajaClient, parseStkCallback } from '../../lib/daraja';
import { contractRoute, errorResponses } from '../../lib/route-kit';
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
import type { MpesaDepositDesk, PushDeps } from './mpesa-push-flow';
import { sendPdf } from './billing.routes';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E, tags = ['billing']) =>
  contractRoute(endpoint, { tags, errors });

/**
 * M-Pesa (ADR 034): the push a payer asks for, Safaricom's callback (acknowledged at once; what
 * it claims is checked by the STK push query), and the scheduled query of pushes with no answer.
 */
export const mpesaRoutes: FastifyPluginAsyncZod<{ deposits?: MpesaDepositDesk }> = async (
  app,
  options,
) => {
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
  // A deposit (client money, ADR 045) goes the same way: same Daraja, callback and schedule.
  const deposits = options.deposits;
  const pushDeps: PushDeps | undefined =
    deps.daraja && settings
      ? {
          db: app.db,
          daraja: deps.daraja,
          callbackUrl: `${deps.publicUrl}${callbackPath(settings.callbackSecret)}`,
          shortcode: settings.shortcode,
          outbox: app.outbox,
          logger: app.log,
        }
      : undefined;

  app.route({
    ...route(contract.startMpesaPayment),
    onRequest: [app.requirePermission('payments:pay')],
    // Each push rings a phone: a person taps Pay a few times at most.
    config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    handler: async (request, reply) => {
      const user = currentUser(request);
      let started;
      if (request.body.purpose === 'deposit') {
        if (!pushDeps || !deposits) throw AppError.conflict(MPESA_TEXTS.notSetUp);
        started = await deposits.start(pushDeps, user, request.body);
      } else started = await startMpesaPayment(deps, user, request.body);
      return reply.status(202).send({
        ...started,
        status: 'pending' as const,
        message: MPESA_TEXTS.checkPhone,
      });
    },
  });

  // A visitor's emailed link: the token travels in the body, never in a URL or a log.
  const linkLimit = { rateLimit: { max: 10, timeWindow: '15 minutes' } };
  app.route({
    ...route(contract.startVisitorMpesaPayment),
    config: linkLimit,
    handler: async (request, reply) => {
      const started = await startVisitorMpesaPayment(deps, request.body);
      return reply.status(202).send({
        ...started,
        status: 'pending' as const,
        message: MPESA_TEXTS.checkPhone,
      });
    },
  });

  app.route({
    ...route(contract.visitorPaymentStatus),
    // Followed every few seconds while the phone asks for the PIN.
    config: { rateLimit: { max: 120, timeWindow: '15 minutes' } },
    handler: async (request) => visitorPaymentStatus(deps, request.body),
  });

  app.route({
    ...route(contract.visitorReceiptPdf),
    config: linkLimit,
    handler: async (request, reply) => sendPdf(reply, await visitorReceiptPdf(deps, request.body)),
  });

  // No session: Safaricom calls it. The secret is the path; a wrong one is simply not found.
  app.route({
    ...route(contract.mpesaCallback, ['system']),
    config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const expected = deps.callbackSecret;
      if (!expected || !sameSecret(request.params.secret, expected)) {
        throw AppError.notFound(MESSAGES.notFound);
      }
      const callback = parseStkCallback(request.body);
      if (callback) {
        // Acknowledged at once; the answer is settled after, by asking Safaricom itself.
        app.backgroundTasks.run('mpesa-callback', async () => {
          let outcome = await settleFromSafaricom(deps, callback.checkoutRequestId, callback);
          if (outcome === 'unknown' && pushDeps && deposits) {
            outcome = await deposits.settle(pushDeps, callback.checkoutRequestId, callback);
          }
          if (outcome === 'unknown') {
            request.log.warn(
              { checkoutRequestId: callback.checkoutRequestId },
              'M-Pesa callback for an unknown request',
            );
          }
        });
      } else request.log.warn('M-Pesa callback that is not one');
      return reply.status(200).send({ ResultCode: 0 as const, ResultDesc: 'Accepted' });
    },
  });

  if (deps.daraja) {
    await runOnSchedule(app, {
      name: 'mpesa-status-queries',
      cron: '* * * * *',
      firstRunDelayMs: 30_000,
      run: (now) =>
        queryDuePushes(deps, now)
          .then(async (settled) =>
            pushDeps && deposits ? settled + (await deposits.queryDue(pushDeps, now)) : settled,
          )
          .then((settled) => {
            if (settled > 0) app.log.info({ settled }, 'M-Pesa payments settled by query');
          })
          .catch((error: unknown) => app.log.error({ err: error }, 'M-Pesa status queries failed')),
    });
  }
};
