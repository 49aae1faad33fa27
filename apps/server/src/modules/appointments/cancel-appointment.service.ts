import { APPOINTMENT_MESSAGES as M, isStaffAccount, type Appointment } from '@firm/shared';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import { writeAudit } from '../audit/audit-log.repository';
import { enquiryFollowsBooking } from '../clients/enquiry-follows-booking';
import { appointmentAuditDetails } from './appointment-audit';
import { notifyAppointmentChanged } from '../notifications/notify-appointment-events';
import { nowOf, type AppointmentActor, type AppointmentDeps } from './appointment-deps';
import type { RequestMeta } from '../../lib/route-kit';
import { insertAppointmentEvent } from './appointment-events.repository';
import { queueAppointmentMail } from './appointment-mail';
import { findInScope } from './appointment-reads.service';
import { isLive, toAppointment } from './appointment-serializer';
import {
  findAppointment,
  updateAppointment as updateAppointmentRow,
  type AppointmentWithAdvocate,
} from './appointments.repository';

/**
 * Cancels a live appointment with `reason`, raising its calendar sequence: staff, the client who
 * booked it, or a visitor through their link (`actor.user` null).
 */
export async function cancelRow(
  deps: AppointmentDeps,
  row: AppointmentWithAdvocate,
  reason: string,
  actor: AppointmentActor,
  { notifyFirm }: { notifyFirm: boolean },
): Promise<AppointmentWithAdvocate> {
  if (!isLive(row)) {
    throw AppError.conflict(
      M.transitionNotAllowed(row.status, 'cancelled'),
      'TRANSITION_NOT_ALLOWED',
    );
  }
  const mailIds = await deps.db.transaction(async (tx) => {
    await updateAppointmentRow(tx, row.id, {
      status: 'cancelled',
      cancellationReason: reason,
      cancelledAt: nowOf(deps),
      cancelledBy: actor.user && isStaffAccount(actor.user) ? 'firm' : 'client',
      sequence: row.sequence + 1,
    });
    await insertAppointmentEvent(tx, {
      appointmentId: row.id,
      action: 'cancelled',
      actorId: actor.id,
      details: { reason },
    });
    if (actor.audit) {
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'appointment.cancelled',
        targetUserId: row.clientId,
        ip: actor.ip,
        details: appointmentAuditDetails(row),
      });
    }
    await enquiryFollowsBooking(tx, row, 'cancelled', actor.id);
    if (!row.holdExpiresAt) {
      await notifyAppointmentChanged(tx, row, 'appointment_cancelled', actor.user);
    }
    return queueAppointmentMail(tx, deps, row.id, { kind: 'cancelled', notifyFirm });
  });
  await deps.outbox.dispatch(mailIds);
  return (await findAppointment(deps.db, row.id))!;
}

/** PATCH /appointments/:id/cancel: staff with the toggle, or the client who booked, with a reason. */
export async function cancelAppointment(
  deps: AppointmentDeps,
  user: UserRow,
  id: string,
  reason: string,
  meta: RequestMeta,
): Promise<Appointment> {
  const row = await findInScope(deps, user, id);
  assertCan(user, 'appointments:schedule', { clientId: row.clientId });
  const isStaff = isStaffAccount(user);
  const cancelled = await cancelRow(
    deps,
    row,
    reason,
    { id: user.id, ip: meta.ip, audit: isStaff, user },
    { notifyFirm: !isStaff },
  );
  return toAppointment(cancelled);
}
