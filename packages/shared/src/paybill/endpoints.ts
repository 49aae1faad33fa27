import { defineEndpoints } from '../common/endpoints';

/** Paybill payments (ADR 047): where each endpoint is; shapes in contract.ts. */
export const PAYBILL_ENDPOINTS = defineEndpoints({
  // Safaricom's: the secret in the path is the firm's MPESA_CALLBACK_SECRET.
  c2bValidation: { method: 'POST', path: '/payments/c2b/validation/:secret' },
  c2bConfirmation: { method: 'POST', path: '/payments/c2b/confirmation/:secret' },
  c2bStatusResult: { method: 'POST', path: '/payments/c2b/status-result/:secret' },
  c2bStatusTimeout: { method: 'POST', path: '/payments/c2b/status-timeout/:secret' },
  listUnallocated: { method: 'GET', path: '/payments/unallocated' },
  allocate: { method: 'POST', path: '/payments/:id/allocate' },
  // System Settings › Firm settings › M-Pesa (advocates only, ADR 048).
  registerUrls: { method: 'POST', path: '/settings/mpesa/c2b/register' },
  // The daily sweep of Safaricom's Pull Transactions, run now (ADR 054).
  runSweep: { method: 'POST', path: '/settings/mpesa/sweep' },
});
