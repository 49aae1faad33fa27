import { defineEndpoints } from '../common/endpoints';

/** KRA eTIMS (ADR 049): where each endpoint is; shapes in contract.ts. */
export const ETIMS_ENDPOINTS = defineEndpoints({
  getSettings: { method: 'GET', path: '/settings/etims' },
  initialise: { method: 'POST', path: '/settings/etims/initialise' },
  listProblems: { method: 'GET', path: '/settings/etims/transmissions' },
  retry: { method: 'POST', path: '/fee-notes/:id/etims/retry' },
});
