import type { CreateAppointmentInput } from '@firm/shared';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

/** Who books: a visitor (no account), a client for themselves, or staff for a client. */
export type BookingMode = 'visitor' | 'client' | 'staff';

/** The booking form's values: the request, and a visitor's consent to the privacy policy. */
export type BookingValues = CreateAppointmentInput & { consent?: boolean };

/** The fields a server refusal may name (lib/form-errors.ts puts its messages under them). */
export const BOOKING_FIELDS = [
  'clientId',
  'durationMinutes',
  'feeKsh',
  'meetingLink',
  'title',
  'type',
  'description',
  'date',
  'time',
  'firstName',
  'lastName',
  'email',
  'phone',
  'consent',
] as const;

/** The schemas (and zod) load when the modal opens (lib/lazy-resolver.ts). */
const loadSchemas = () => import('@firm/shared/appointments/schemas');
export const bookingResolver = lazyZodResolver(() =>
  loadSchemas().then((m) => m.createAppointmentInputSchema),
);
export const visitorBookingResolver = lazyZodResolver(() =>
  loadSchemas().then((m) => m.createAppointmentInputSchema.extend(m.visitorDetailsSchema.shape)),
);

/** An empty number field means "the type's default". */
export const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/**
 * What is sent: only what the booker may say. A visitor's contact details only from a visitor;
 * the office only for a meeting there; the client, length, fee and link only from staff.
 */
export function bookingRequest(values: BookingValues, mode: BookingMode): CreateAppointmentInput {
  const body: CreateAppointmentInput = { ...values };
  if (mode !== 'visitor') {
    for (const field of ['firstName', 'lastName', 'email', 'phone', 'consent'] as const) {
      delete body[field];
    }
  }
  if (values.location !== 'office') delete body.officeId;
  if (mode !== 'staff') {
    for (const field of ['clientId', 'durationMinutes', 'feeKsh', 'meetingLink'] as const) {
      delete body[field];
    }
  }
  return body;
}
