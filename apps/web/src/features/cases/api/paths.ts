import { CASES_ENDPOINTS } from '@firm/shared/cases/endpoints';
import { pathOf } from '@firm/shared/common/endpoints';
import { listPath } from '../../../lib/list-path';
import type { CaseListFilters } from './list-cases';

// The cases' addresses, apart from their queries: app/first-requests.ts asks for a page's first
// ones beside the session check, and must name them as the screen does (lib/endpoint-client.ts
// builds a request's path the same way).

/** GET /api/cases with a list's filters */
export const casesListPath = (filters: CaseListFilters) =>
  listPath(pathOf(CASES_ENDPOINTS.listCases), filters);

/** GET /api/cases/:id */
export const casePath = (id: string) => pathOf(CASES_ENDPOINTS.getCase, { id });
