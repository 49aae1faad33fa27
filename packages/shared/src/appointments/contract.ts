import { defineContract } from '../common/contract';
import { APPOINTMENTS_ENDPOINTS } from './endpoints';
import {
  appointmentAnswerSchema,
  appointmentCreatedSchema,
  appointmentIdParamsSchema,
  appointmentListSchema,
  availabilityQuerySchema,
  availabilitySchema,
  bookableClientsQuerySchema,
  bookableClientsSchema,
  bookingTokenSchema,
  calendarQuerySchema,
  calendarSchema,
  cancelAppointmentInputSchema,
  createAppointmentInputSchema,
  listAppointmentsQuerySchema,
  updateAppointmentInputSchema,
  visitorCancelInputSchema,
  visitorRescheduleInputSchema,
} from './schemas';

/**
 * Appointments: each endpoint's params, query, body and answer (ADR 044). A visitor's link
 * carries its token in the body, never in a URL.
 */
export const appointmentsContract = defineContract(APPOINTMENTS_ENDPOINTS, {
  availability: {
    summary: 'The free start times of a day (Nairobi time), for a type and optionally one advocate',
    query: availabilityQuerySchema,
    response: availabilitySchema,
  },
  bookingCalendar: {
    summary:
      'A month for a type (and advocate): closed days, days without a free time, whether booking is open',
    query: calendarQuerySchema,
    response: calendarSchema,
  },
  bookAppointment: {
    summary: 'Book an appointment: a visitor, a client (their own) or staff (for a client)',
    body: createAppointmentInputSchema,
    response: appointmentCreatedSchema,
    status: 201,
  },
  listAppointments: {
    summary: 'List appointments: a client their own, staff all (filtered, paged, by start time)',
    query: listAppointmentsQuerySchema,
    response: appointmentListSchema,
  },
  bookableClients: {
    summary: 'Clients staff may book for, by name or email (schedulers; 20 at most)',
    query: bookableClientsQuerySchema,
    response: bookableClientsSchema,
  },
  getAppointment: {
    summary: 'One appointment (a client: only their own, else 404)',
    params: appointmentIdParamsSchema,
    response: appointmentAnswerSchema,
  },
  updateAppointment: {
    summary: 'Reschedule, change type, fee or duration, confirm, complete, record payment',
    params: appointmentIdParamsSchema,
    body: updateAppointmentInputSchema,
    response: appointmentAnswerSchema,
  },
  cancelAppointment: {
    summary: 'Cancel an appointment, with a reason',
    params: appointmentIdParamsSchema,
    body: cancelAppointmentInputSchema,
    response: appointmentAnswerSchema,
  },
  visitorBooking: {
    summary: "A visitor's booking, through the token of their emailed link",
    body: bookingTokenSchema,
    response: appointmentAnswerSchema,
  },
  visitorConfirm: {
    summary:
      'The visitor confirms their held booking through their emailed link (a POST: mail scanners open links with GET)',
    body: bookingTokenSchema,
    response: appointmentAnswerSchema,
  },
  visitorCancel: {
    summary: "Cancel a visitor's booking through their emailed link",
    body: visitorCancelInputSchema,
    response: appointmentAnswerSchema,
  },
  visitorReschedule: {
    summary: "Move a visitor's booking to another free time through their emailed link",
    body: visitorRescheduleInputSchema,
    response: appointmentAnswerSchema,
  },
});

export type AppointmentsContract = typeof appointmentsContract;
