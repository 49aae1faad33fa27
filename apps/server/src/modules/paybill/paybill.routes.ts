import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, PAYBILL_TEXTS } from '@firm/shared';
import { paybillContract as contract } from '@firm/shared/paybill/contract';
import { AppError } from '../../lib/app-error';
import { createDarajaClient, DarajaRefused, DarajaUnavailable } from '../../lib/daraja';
import { C2B_ACCEPTED, parseTransactionStatusResult } from '../../lib/daraja-c2b';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';
import { sameSecret } from '../../lib/same-secret';
import { currentUser } from '../../plugins/auth';
import { allocatePaybillPayment, listUnallocatedPaybillPayments } from './allocations.service';
import { recordPaybillConfirmation, validatePaybillPayment } from './confirmations.service';
import type { PaybillDeps } from './paybill-deps';
import { scheduleDailySweep, startPaybillQueue } from './paybill-queue';
import { recordStatusResult } from './status-checks.service';
import { registerPaybillUrls } from './url-registration.service';
import { runPaybillSweep, type SweepDeps } from './sweep.service';
import { settleStalePushes } from '../billing/pushes-from-sweep';

const errors = errorResponses(400, 401, 403, 404, 409);
const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E, tags = ['payments']) =>
  contractRoute(endpoint, { tags, errors });

/**
 * Paybill payments (ADR 047): Safaricom's C2B validation and confirmation, the Transaction Status
 * Result that confirms a payment, and staff's list and allocation of what waits for them.
 */
export const paybillRoutes: FastifyPluginAsyncZod<{ dailySweep?: boolean }> = async (
  app,
  options,
) => {
  const settings = app.config.mpesa;
  const deps: PaybillDeps = {
    db: app.db,
    daraja: settings ? createDarajaClient(settings) : null,
    canAskStatus: Boolean(settings?.initiator),
    shortcode: settings?.shortcode ?? null,
    publicUrl: app.config.publicUrl,
    callbackSecret: settings?.callbackSecret ?? null,
    firmNotifyEmail: app.config.firmNotifyEmail,
    logger: app.log,
  };
  const queue = await startPaybillQueue(app, deps);
  // The daily sweep (ADR 054) also settles stale pushes, by billing's own STK push query.
  const sweepDeps: SweepDeps = {
    ...deps,
    pullNominatedNumber: settings?.pullNominatedNumber ?? null,
    ...(deps.daraja && settings
      ? {
          settleStalePushes: (olderThan: Date) =>
            settleStalePushes(
              {
                db: app.db,
                daraja: deps.daraja!,
                publicUrl: deps.publicUrl,
                callbackSecret: settings.callbackSecret,
                firmNotifyEmail: deps.firmNotifyEmail,
                outbox: app.outbox,
                logger: app.log,
              },
              olderThan,
            ),
        }
      : {}),
  };
  if (options.dailySweep !== false) await scheduleDailySweep(app, sweepDeps);

  // No session: Safaricom calls these. The secret is the path; a wrong one is simply not found.
  // Whatever the body (not JSON, another content type), Safaricom gets its well-formed answer:
  // these routes read the body themselves, so a parser's 400 or 415 never reaches M-Pesa.
  await app.register(async (scope) => {
    const safaricomCalls = scope.withTypeProvider<ZodTypeProvider>();
    safaricomCalls.removeAllContentTypeParsers();
    safaricomCalls.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(null, null);
      }
    });
    const assertSecret = (secret: string) => {
      if (!deps.callbackSecret || !sameSecret(secret, deps.callbackSecret)) {
        throw AppError.notFound(MESSAGES.notFound);
      }
    };
    const safaricom = { rateLimit: { max: 600, timeWindow: '1 minute' } };

    safaricomCalls.route({
      ...route(contract.c2bValidation, ['system']),
      config: safaricom,
      handler: async (request) => {
        assertSecret(request.params.secret);
        return validatePaybillPayment(deps, request.body);
      },
    });

    safaricomCalls.route({
      ...route(contract.c2bConfirmation, ['system']),
      config: safaricom,
      handler: async (request) => {
        assertSecret(request.params.secret);
        const id = await recordPaybillConfirmation(deps, request.body);
        if (id) await queue.advance(id);
        return C2B_ACCEPTED;
      },
    });

    safaricomCalls.route({
      ...route(contract.c2bStatusResult, ['system']),
      config: safaricom,
      handler: async (request) => {
        assertSecret(request.params.secret);
        const result = parseTransactionStatusResult(request.body);
        if (!result) {
          request.log.warn('Transaction Status Result that is not one');
          return C2B_ACCEPTED;
        }
        const { outcome, id } = await recordStatusResult(deps, result);
        if (outcome === 'unknown') request.log.warn('Transaction Status Result for no question');
        if (outcome === 'confirmed' && id) await queue.advance(id);
        return C2B_ACCEPTED;
      },
    });

    // The question timed out in Safaricom's queue: the payment's next question is already set.
    safaricomCalls.route({
      ...route(contract.c2bStatusTimeout, ['system']),
      config: safaricom,
      handler: async (request) => {
        assertSecret(request.params.secret);
        request.log.warn('Transaction Status timed out in the queue; asked again later');
        return C2B_ACCEPTED;
      },
    });
  });

  app.route({
    ...route(contract.listUnallocated),
    onRequest: [app.requirePermission('payments:record')],
    handler: async (request) => listUnallocatedPaybillPayments(deps, currentUser(request)),
  });

  // System Settings › Firm settings › M-Pesa: advocates only, as the rest of System Settings.
  app.route({
    ...contractRoute(contract.registerUrls, {
      tags: ['system settings'],
      errors: errorResponses(400, 401, 403, 409, 502),
    }),
    onRequest: [app.requirePermission('settings:view')],
    handler: async (request) =>
      registerPaybillUrls(
        {
          db: app.db,
          daraja: deps.daraja,
          publicUrl: app.config.publicUrl,
          mpesa: settings,
          logger: request.log,
        },
        currentUser(request),
        request.body,
        requestMeta(request),
      ),
  });

  app.route({
    ...route(contract.allocate),
    onRequest: [app.requirePermission('payments:record')],
    handler: async (request) =>
      allocatePaybillPayment(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  });

  // Advocates (and ops) run the sweep now: after an outage, or to check the set-up.
  app.route({
    ...route(contract.runSweep, ['system settings']),
    onRequest: [app.requirePermission('settings:view')],
    handler: async () => {
      if (!deps.daraja) throw AppError.conflict(PAYBILL_TEXTS.sweepNotSetUp);
      try {
        return await runPaybillSweep(sweepDeps, { again: true });
      } catch (error) {
        if (error instanceof DarajaUnavailable || error instanceof DarajaRefused) {
          throw AppError.conflict(PAYBILL_TEXTS.sweepFailed);
        }
        throw error;
      }
    },
  });
};
