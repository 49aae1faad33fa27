import type { BillingContract } from '@firm/shared/billing/contract';
import { BILLING_ENDPOINTS } from '@firm/shared/billing/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** Fee notes' and payments' requests, from their contract (packages/shared/src/billing). */
export const billingApi = endpointClient<BillingContract>(BILLING_ENDPOINTS);
