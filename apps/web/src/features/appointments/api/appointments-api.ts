import type { AppointmentsContract } from '@firm/shared/appointments/contract';
import { APPOINTMENTS_ENDPOINTS } from '@firm/shared/appointments/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** Appointments' requests, from their contract (packages/shared/src/appointments). */
export const appointmentsApi = endpointClient<AppointmentsContract>(APPOINTMENTS_ENDPOINTS);
