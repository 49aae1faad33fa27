import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { APPOINTMENT_MESSAGES as M, apiErrorSchema, isStaffAccount } from '@firm/shared';
import { appointmentsContract as contract } from '@firm/shared/appointments/contract';
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
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';

/** A 409 of a lost race carries the times still free that day, for the screen to offer. */
const conflictSchema = apiErrorSchema.extend({ times: z.array(z.string()).optional() });
const options = {
  tags: ['appointments'],
  errors: { ...errorResponses(400, 401, 403, 404, 429), 409: conflictSchema },
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
  // Shared by several routes: each route gets its own copy (plugins/route-hook-arrays.ts).
  const mayViewAppointments = [app.requirePermission('appointments:view')];
  const mayScheduleAppointments = [app.requirePermission('appointments:schedule')];

  app.route({
    ...contractRoute(contract.availability, options),
    handler: async (request) => availability(deps, request.query),
  });

  app.route({
    ...contractRoute(contract.bookingCalendar, options),
    handler: async (request) => bookingCalendar(deps, request.query),
  });

  app.route({
    ...contractRoute(contract.bookAppointment, options),
    config: bookingLimit,
    handler: async (request, reply) => {
      // A signed-in person books as themself; a gated account (a temporary password, staff without
      // a second factor) does what its gate asks first.
      const user = request.accountGate ? currentUser(request) : request.user;
      const created = await createAppointment(deps, user, request.body, requestMeta(request));
      // A visitor's booking is held until confirmed from the email (ADR 022): the answer says so.
      const message = user ? M.booked : M.heldForVisitor;
      return reply.status(201).send({ success: true, message, ...created });
    },
  });

  app.route({
    ...contractRoute(contract.listAppointments, options),
    onRequest: mayViewAppointments,
    handler: async (request) => listAppointments(deps, currentUser(request), request.query),
  });

  app.route({
    ...contractRoute(contract.bookableClients, options),
    onRequest: mayScheduleAppointments,
    handler: async (request) => ({
      clients: await bookableClients(deps, currentUser(request), request.query.search),
    }),
  });

  app.route({
    ...contractRoute(contract.getAppointment, options),
    onRequest: mayViewAppointments,
    handler: async (request) => ({
      success: true as const,
      message: 'OK',
      appointment: await getAppointment(deps, currentUser(request), request.params.id),
    }),
  });

  app.route({
    ...contractRoute(contract.updateAppointment, options),
    // Which rule applies depends on the body: recording a payment is `payments:record`, any
    // other change `appointments:schedule`; the service decides (updateAppointment).
    onRequest: [app.requireUser],
    handler: async (request) => {
      const { appointment, message } = await updateAppointment(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
        requestMeta(request),
      );
      return { success: true as const, message, appointment };
    },
  });

  app.route({
    ...contractRoute(contract.cancelAppointment, options),
    onRequest: mayScheduleAppointments,
    handler: async (request) => ({
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
  });

  // The visitor's emailed link: the token travels in the body, never in a URL or a log.
  app.route({
    ...contractRoute(contract.visitorBooking, options),
    config: linkLimit,
    handler: async (request) => ({
      success: true as const,
      message: 'OK',
      appointment: await viewByVisitorLink(deps, request.body.token),
    }),
  });

  app.route({
    ...contractRoute(contract.visitorConfirm, options),
    config: linkLimit,
    handler: async (request) => ({
      success: true as const,
      ...(await confirmByVisitorLink(deps, request.body.token)),
    }),
  });

  app.route({
    ...contractRoute(contract.visitorCancel, options),
    config: linkLimit,
    handler: async (request) => ({
      success: true as const,
      message: M.cancelled,
      appointment: await cancelByVisitorLink(
        deps,
        request.body.token,
        request.body.reason,
        requestMeta(request),
      ),
    }),
  });

  app.route({
    ...contractRoute(contract.visitorReschedule, options),
    config: linkLimit,
    handler: async (request) => ({
      success: true as const,
      message: M.rescheduled,
      appointment: await rescheduleByVisitorLink(
        deps,
        request.body.token,
        { date: request.body.date, time: request.body.time },
        requestMeta(request),
      ),
    }),
  });
};
