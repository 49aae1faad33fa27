import { defineEndpoints } from '../common/endpoints';

/**
 * Whether the service answers (a monitor's) and whether this process can serve (a load
 * balancer's, ADR 040): where each endpoint is; shapes in contract.ts.
 */
export const HEALTH_ENDPOINTS = defineEndpoints({
  health: { method: 'GET', path: '/health' },
  ready: { method: 'GET', path: '/ready' },
});
