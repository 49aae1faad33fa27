import { defineEndpoints } from '../common/endpoints';

/** The settings the website reads at run time: where the endpoint is; its shape in contract.ts. */
export const PUBLIC_CONFIG_ENDPOINTS = defineEndpoints({
  getPublicConfig: { method: 'GET', path: '/public-config' },
});
