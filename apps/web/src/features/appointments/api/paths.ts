import type { ListAppointmentsQuery, ListCourtDatesQuery } from '@firm/shared';
import { APPOINTMENTS_ENDPOINTS } from '@firm/shared/appointments/endpoints';
import { requestPath } from '@firm/shared/common/endpoints';
import { listPath } from '../../../lib/list-path';

// The appointments' addresses, apart from their queries: app/first-requests.ts asks for a page's
// first ones beside the session check, and must name them as the screen does.

/** GET /api/appointments with a list's filters */
export const appointmentsListPath = (filters: ListAppointmentsQuery) =>
  requestPath(APPOINTMENTS_ENDPOINTS.listAppointments, { query: filters });

/** GET /api/court-dates: open cases' court dates, as the caller sees the cases (ADR 025). */
export const courtDatesPath = (filters: ListCourtDatesQuery) => listPath('/court-dates', filters);
