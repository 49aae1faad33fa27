import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  APPOINTMENT_MESSAGES as M,
  apiErrorSchema,
  appointmentAnswerSchema,
  appointmentIdParamsSchema,
  appointmentListSchema,
  appointmentCreatedSchema,
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
  isStaffAccount,
} from '@firm/shared';
import { currentUser } from '../../plugins/auth';
import type { AppointmentDeps } from './appointment-deps';
import { bookableClients, getAppointment, listAppointments } from './appointment-reads.service';
import { createAppointment } from './booking.service';
import { cancelAppointment } from './cancel-appointment.service';
import { availability, bookingCalendar } from './slot-engine';
import { updateAppointment } from './update-appointment.service';
import {
  cancelByVisitorLink,
  confirmByVisitorLink,
  rescheduleByVisitorLink,
  viewByVisitorLink,
} from './visitor-link.service';
import { errorResponses, requestMeta } from '../../lib/route-kit';

/** A 409 of a lost race carries the times still free that day, for the screen to offer. */
const conflictSchema = apiErrorSchema.extend({ times: z.array(z.string()).optional() });
const errors = {
  ...errorResponses(400, 401, 403, 404, 429),
  409: conflictSchema,
};

/**
 * Bookings: a visitor's are limited per address (generous, since mobile networks put many people
 * behind one), a client's per account; staff entering the diary are not limited.
 */
const bookingLimit = {
  rateLimit: {
    timeWindow: '15 minutes',
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `user:${request.user.id}` : `ip:${request.ip}`,
    max: (request: FastifyRequest) => (request.user ? 30 : 10),
    allowList: (request: FastifyRequest) => request.user !== null && isStaffAccount(request.user),
  },
};
const linkLimit = { rateLimit: { max: 30, timeWindow: '15 minutes' } };

/**
 * `/api/appointments` (the paths and bodies the firm's earlier frontend declared). Who
 * may call is checked before the body is read; the service repeats it with the record in hand.
 */
export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AppointmentDeps = {
    db: app.db,
    outbox: app.outbox,
    logger: app.log,
    firmNotifyEmail: app.config.firmNotifyEmail,
    publicUrl: app.config.publicUrl,
    mailFrom: app.config.mailFrom,
  };
  const tags = ['appointments'];
  // Shared by several routes: each route gets its own copy (plugins/route-hook-arrays.ts).
  const mayViewAppointments = [app.requirePermission('appointments:view')];
  const mayScheduleAppointments = [app.requirePermission('appointments:schedule')];

  app.get(
    '/appointments/availability',
    {
      schema: {
        tags,
        summary:
          'The free start times of a day (Nairobi time), for a type and optionally one advocate',
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema, ...errors },
      },
    },
    async (request) => availability(deps, request.query),
  );

  app.get(
    '/appointments/calendar',
    {
      schema: {
        tags,
        summary:
          'A month for a type (and advocate): closed days, days without a free time, whether booking is open',
        querystring: calendarQuerySchema,
        response: { 200: calendarSchema, ...errors },
      },
    },
    async (request) => bookingCalendar(deps, request.query),
  );

  app.post(
    '/appointments',
    {
      schema: {
        tags,
        summary: 'Book an appointment: a visitor, a client (their own) or staff (for a client)',
        body: createAppointmentInputSchema,
        response: {
          201: appointmentCreatedSchema,
          ...errors,
        },
      },
      config: bookingLimit,
    },
    async (request, reply) => {
      // A signed-in person books as themself; a gated account (a temporary password, staff without
      // a second factor) does what its gate asks first.
      const user = request.accountGate ? currentUser(request) : request.user;
      const created = await createAppointment(deps, user, request.body, requestMeta(request));
      // A visitor's booking is held until confirmed from the email (ADR 022): the answer says so.
      const message = user ? M.booked : M.heldForVisitor;
      return reply.status(201).send({ success: true, message, ...created });
    },
  );

  app.get(
    '/appointments',
    {
      schema: {
        tags,
        summary:
          'List appointments: a client their own, staff all (filtered, paged, by start time)',
        querystring: listAppointmentsQuerySchema,
        response: { 200: appointmentListSchema, ...errors },
      },
      onRequest: mayViewAppointments,
    },
    async (request) => listAppointments(deps, currentUser(request), request.query),
  );

  app.get(
    '/appointments/clients',
    {
      schema: {
        tags,
        summary: 'Clients staff may book for, by name or email (schedulers; 20 at most)',
        querystring: bookableClientsQuerySchema,
        response: { 200: bookableClientsSchema, ...errors },
      },
      onRequest: mayScheduleAppointments,
    },
    async (request) => ({
      clients: await bookableClients(deps, currentUser(request), request.query.search),
    }),
  );

  app.get(
    '/appointments/:id',
    {
      schema: {
        tags,
        summary: 'One appointment (a client: only their own, else 404)',
        params: appointmentIdParamsSchema,
        response: { 200: appointmentAnswerSchema, ...errors },
      },
      onRequest: mayViewAppointments,
    },
    async (request) => ({
      success: true as const,
      message: 'OK',
      appointment: await getAppointment(deps, currentUser(request), request.params.id),
    }),
  );

  app.put(
    '/appointments/:id',
    {
      schema: {
        tags,
        summary: 'Reschedule, change type, fee or duration, confirm, complete, record payment',
        params: appointmentIdParamsSchema,
        body: updateAppointmentInputSchema,
        response: { 200: appointmentAnswerSchema, ...errors },
      },
      // Which rule applies depends on the body: recording a payment is `payments:record`, any
      // other change `appointments:schedule`; the service decides (updateAppointment).
      onRequest: [app.requireUser],
    },
    async (request) => {
      const { appointment, message } = await updateAppointment(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
        requestMeta(request),
      );
      return { success: true as const, message, appointment };
    },
  );

  app.patch(
    '/appointments/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel an appointment, with a reason',
        params: appointmentIdParamsSchema,
        body: cancelAppointmentInputSchema,
        response: { 200: appointmentAnswerSchema, ...errors },
      },
      onRequest: mayScheduleAppointments,
    },
    async (request) => ({
      success: true as const,
      message: M.cancelled,
      appointment: await cancelAppointment(
        deps,
        currentUser(request),
        request.params.id,
        request.body.reason,
        requestMeta(request),
      ),
    }),
  );

  // The visitor's emailed link: the token travels in the body, never in a URL or a log.
  app.post(
    '/appointments/manage',
    {
      schema: {
        tags,
        summary: "A visitor's booking, through the token of their emailed link",
        body: bookingTokenSchema,
        response: { 200: appointmentAnswerSchema, ...errors },
      },
      config: linkLimit,
    },
    async (request) => ({
      success: true as const,
      message: 'OK',
      appointment: await viewByVisitorLink(deps, request.body.token),
    }),
  );

  app.post(
    '/appointments/manage/confirm',
    {
      schema: {
        tags,
        summary:
          'The visitor confirms their held booking through their emailed link (a POST: mail scanners open links with GET)',
        body: bookingTokenSchema,
        response: { 200: appointmentAnswerSchema, ...errors },
      },
      config: linkLimit,
    },
    async (request) => ({
      success: true as const,
      ...(await confirmByVisitorLink(deps, request.body.token)),
    }),
  );

  app.post(
    '/appointments/manage/cancel',
    {
      schema: {
        tags,
        summary: "Cancel a visitor's booking through their emailed link",
        body: visitorCancelInputSchema,
        response: { 200: appointmentAnswerSchema, ...errors },
      },
      config: linkLimit,
    },
    async (request) => ({
      success: true as const,
      message: M.cancelled,
      appointment: await cancelByVisitorLink(
        deps,
        request.body.token,
        request.body.reason,
        requestMeta(request),
      ),
    }),
  );

  app.post(
    '/appointments/manage/reschedule',
    {
      schema: {
        tags,
        summary: "Move a visitor's booking to another free time through their emailed link",
        body: visitorRescheduleInputSchema,
        response: { 200: appointmentAnswerSchema, ...errors },
      },
      config: linkLimit,
    },
    async (request) => ({
      success: true as const,
      message: M.rescheduled,
      appointment: await rescheduleByVisitorLink(
        deps,
        request.body.token,
        { date: request.body.date, time: request.body.time },
        requestMeta(request),
      ),
    }),
  );
};
