import { defineEndpoints } from '../common/endpoints';

/** Clients and the enquiries inbox: where each endpoint is; shapes in contract.ts. */
export const CLIENTS_ENDPOINTS = defineEndpoints({
  listClients: { method: 'GET', path: '/clients' },
  getClient: { method: 'GET', path: '/clients/:id' },
  updateClient: { method: 'PATCH', path: '/clients/:id' },
  listEnquiries: { method: 'GET', path: '/enquiries' },
  countNewEnquiries: { method: 'GET', path: '/enquiries/new-count' },
  updateEnquiry: { method: 'PATCH', path: '/enquiries/:kind/:id' },
  convertEnquiry: { method: 'POST', path: '/enquiries/:kind/:id/convert' },
});
