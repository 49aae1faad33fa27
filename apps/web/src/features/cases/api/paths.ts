import { listPath } from '../../../lib/list-path';
import type { CaseListFilters } from './list-cases';

// The cases' addresses, apart from their queries: app/first-requests.ts asks for a page's first
// ones beside the session check, and must name them as the screen does.

/** GET /api/cases with a list's filters */
export const casesListPath = (filters: CaseListFilters) => listPath('/cases', filters);

/** GET /api/cases/:id */
export const casePath = (id: string) => `/cases/${encodeURIComponent(id)}`;
