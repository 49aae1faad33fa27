import { can, type Actor, type Appointment } from '@firm/shared';

/**
 * An appointment as `viewer` may see it (ADR 021). Every admin lists the diary, but the booked
 * person's email and phone go only to those who handle bookings (`appointments:contact`: advocates,
 * admins with canScheduleAppointments or canAdmitClients, and a client for their own); the others
 * get the name, time and purpose. Emails and calendar files use the whole record, not this.
 */
export function appointmentAsSeenBy(viewer: Actor, appointment: Appointment): Appointment {
  if (can(viewer, 'appointments:contact', { clientId: appointment.clientId })) return appointment;
  return { ...appointment, clientEmail: null, clientPhone: null };
}
