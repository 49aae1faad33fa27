import type { CasesContract } from '@firm/shared/cases/contract';
import { CASES_ENDPOINTS } from '@firm/shared/cases/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** Cases' requests, their notes' and documents', from their contract (packages/shared/src/cases). */
export const casesApi = endpointClient<CasesContract>(CASES_ENDPOINTS);
