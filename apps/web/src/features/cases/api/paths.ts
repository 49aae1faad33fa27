import { CASES_ENDPOINTS } from '@firm/shared/cases/endpoints';
import { requestPath } from '@firm/shared/common/endpoints';
import type { CaseListFilters } from './list-cases';

// The cases' addresses, apart from their queries: app/first-requests.ts asks for a page's first
// ones beside the session check, and must name them as the screen does (lib/endpoint-client.ts
// builds a request's address with the same requestPath).

/** GET /api/cases with a list's filters */
export const casesListPath = (filters: CaseListFilters) =>
  requestPath(CASES_ENDPOINTS.listCases, { query: filters });

/** GET /api/cases/:id */
export const casePath = (id: string) => requestPath(CASES_ENDPOINTS.getCase, { params: { id } });
