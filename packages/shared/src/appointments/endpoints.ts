import { defineEndpoints } from '../common/endpoints';

/** Appointments and a visitor's emailed link: where each endpoint is; shapes in contract.ts. */
export const APPOINTMENTS_ENDPOINTS = defineEndpoints({
  availability: { method: 'GET', path: '/appointments/availability' },
  bookingCalendar: { method: 'GET', path: '/appointments/calendar' },
  bookAppointment: { method: 'POST', path: '/appointments' },
  listAppointments: { method: 'GET', path: '/appointments' },
  bookableClients: { method: 'GET', path: '/appointments/clients' },
  getAppointment: { method: 'GET', path: '/appointments/:id' },
  updateAppointment: { method: 'PUT', path: '/appointments/:id' },
  cancelAppointment: { method: 'PATCH', path: '/appointments/:id/cancel' },
  visitorBooking: { method: 'POST', path: '/appointments/manage' },
  visitorConfirm: { method: 'POST', path: '/appointments/manage/confirm' },
  visitorCancel: { method: 'POST', path: '/appointments/manage/cancel' },
  visitorReschedule: { method: 'POST', path: '/appointments/manage/reschedule' },
});
