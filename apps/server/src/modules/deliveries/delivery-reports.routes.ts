import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@firm/shared';
import { deliveriesContract as contract } from '@firm/shared/deliveries/contract';
import { AppError } from '../../lib/app-error';
import { contractRoute } from '../../lib/route-kit';
import { sameSecret } from '../../lib/same-secret';
import { applySmsReport } from './deliveries.repository';

/**
 * Where Africa's Talking posts SMS delivery reports (form-encoded), at an address holding
 * AT_CALLBACK_SECRET: set https://<site>/api/deliveries/sms-reports/<secret> as the delivery
 * reports callback in its dashboard. Without the secret configured, or with a wrong one, the
 * address does not exist. A report repeated (Africa's Talking retries until it gets a 200) is
 * applied once; the first final report stands (applySmsReport).
 */
export const deliveryReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.route({
    ...contractRoute(contract.smsDeliveryReport, { tags: ['system'], errors: {} }),
    handler: async (request, reply) => {
      const expected = app.config.smsCallbackSecret;
      if (!expected || !sameSecret(request.params.secret, expected)) {
        throw AppError.notFound(MESSAGES.notFound);
      }
      const { id, status, failureReason } = request.body;
      const result = await app.db.transaction(async (tx) => {
        const applied = await applySmsReport(tx, {
          providerMessageId: id,
          status,
          failureReason: failureReason || undefined,
        });
        // The network's refusal, heard once: whoever must reach the person hears of it.
        if (applied.outcome === 'applied' && applied.failed && applied.sms.status !== 'failed') {
          await app.domainEvents.publish(tx, 'deliveryFailed', {
            id: applied.sms.id,
            channel: 'sms',
            kind: applied.sms.kind,
            recipient: applied.sms.recipient,
            reason: failureReason || status,
          });
        }
        return applied;
      });
      if (result.outcome === 'unknown') {
        request.log.warn({ providerMessageId: id }, 'delivery report for an unknown SMS');
      } else if (result.outcome === 'contradicts') {
        // Suspicious: forged, or the gateway confused. Kept out of the row, written down here.
        request.log.warn(
          { deliveryId: result.sms.id, first: result.sms.providerStatus, reported: status },
          'delivery report contradicts the final report already recorded; ignored',
        );
      }
      return reply.status(200).send();
    },
  });
};
