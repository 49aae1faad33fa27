import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@firm/shared';
import { AppError } from '../../lib/app-error';
import { sameSecret } from '../../lib/same-secret';
import { publishDomainEvent } from '../../lib/domain-events';
import { applySmsReport, isFailedReport, lockSmsByProviderId } from './deliveries.repository';

/** The fields of Africa's Talking's delivery report this app reads; it posts others too. */
const smsReportSchema = z.looseObject({
  id: z.string().min(1).max(200),
  status: z.string().min(1).max(50),
  phoneNumber: z.string().max(30).optional(),
  failureReason: z.string().max(200).optional(),
  networkCode: z.string().max(20).optional(),
  retryCount: z.string().max(10).optional(),
});

/**
 * Where Africa's Talking posts SMS delivery reports (form-encoded), at an address holding
 * AT_CALLBACK_SECRET: set https://<site>/api/deliveries/sms-reports/<secret> as the delivery
 * reports callback in its dashboard. Without the secret configured, or with a wrong one, the
 * address does not exist. A report repeated (Africa's Talking retries until it gets a 200) is
 * applied once.
 */
export const deliveryReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post(
    '/deliveries/sms-reports/:secret',
    {
      schema: {
        tags: ['system'],
        summary: "Africa's Talking SMS delivery report",
        hide: true,
        params: z.object({ secret: z.string().max(200) }),
        body: smsReportSchema,
      },
    },
    async (request, reply) => {
      const expected = app.config.smsCallbackSecret;
      if (!expected || !sameSecret(request.params.secret, expected)) {
        throw AppError.notFound(MESSAGES.notFound);
      }
      const { id, status, failureReason } = request.body;
      const isKnown = await app.db.transaction(async (tx) => {
        const before = await lockSmsByProviderId(tx, id);
        const applied = await applySmsReport(tx, {
          providerMessageId: id,
          status,
          failureReason: failureReason || undefined,
        });
        // The network's refusal, heard once: whoever must reach the person hears of it.
        if (before && before.status !== 'failed' && isFailedReport(status)) {
          await publishDomainEvent(tx, 'deliveryFailed', {
            id: before.id,
            channel: 'sms',
            kind: before.kind,
            recipient: before.recipient,
            reason: failureReason || status,
          });
        }
        return applied;
      });
      if (!isKnown)
        request.log.warn({ providerMessageId: id }, 'delivery report for an unknown SMS');
      return reply.status(200).send();
    },
  );
};
