import { defineContract } from '../common/contract';
import { healthSchema, readinessSchema } from '../common/schemas';
import { HEALTH_ENDPOINTS } from './endpoints';

/**
 * Health and readiness: each endpoint's answer when it can serve (ADR 044). Each answers 503 with
 * the same shape when it cannot, which the route declares beside its other statuses.
 */
export const healthContract = defineContract(HEALTH_ENDPOINTS, {
  health: {
    summary: 'Whether the service and its database answer',
    response: healthSchema,
  },
  ready: {
    summary: 'Whether this process can serve: database, job queue, no migration running',
    response: readinessSchema,
  },
});

export type HealthContract = typeof healthContract;
