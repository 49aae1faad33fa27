import { defineEndpoints } from '../common/endpoints';

/**
 * The delivery log (System Settings → Deliveries, ADR 028) and Africa's Talking's SMS delivery
 * reports: where each endpoint is; shapes in contract.ts.
 */
export const DELIVERIES_ENDPOINTS = defineEndpoints({
  listDeliveries: { method: 'GET', path: '/deliveries' },
  retryDelivery: { method: 'POST', path: '/deliveries/:id/retry' },
  smsDeliveryReport: { method: 'POST', path: '/deliveries/sms-reports/:secret' },
});
