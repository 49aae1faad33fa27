import { APPOINTMENT_MESSAGES as M, type Appointment } from '@firm/shared';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';
import { notifyAppointmentBooked } from '../notifications/notify-appointment-events';
import { nowOf, type AppointmentDeps } from './appointment-deps';
import type { RequestMeta } from '../../lib/route-kit';
import { insertAppointmentEvent } from './appointment-events.repository';
import { queueAppointmentMail } from './appointment-mail';
import { isLive, toAppointment, visitorHoldOf } from './appointment-serializer';
import {
  findAppointment,
  findAppointmentByTokenHash,
  type AppointmentWithAdvocate,
} from './appointments.repository';
import { cancelRow } from './cancel-appointment.service';
import { moveAppointment } from './move-appointment';
import { confirmVisitorHold } from './visitor-holds.repository';

/**
 * A visitor's booking, through the private link emailed to them (ADR 022, ADR 027): view it,
 * confirm it while its hold lasts, cancel or move it. No account, no audit entry.
 */

/** A visitor through their link: nobody signed in. */
const visitor = (meta: RequestMeta) => ({ id: null, ip: meta.ip, audit: false, user: null });

/**
 * The appointment a visitor's emailed link names. The link is single-purpose (it manages this one
 * booking, nothing else) and stops working once the appointment has started.
 */
async function byVisitorToken(deps: AppointmentDeps, token: string) {
  const row = await findAppointmentByTokenHash(deps.db, hashToken(token));
  if (!row || row.startsAt.getTime() <= nowOf(deps).getTime()) {
    throw AppError.notFound(M.linkInvalid, 'INVALID_BOOKING_LINK');
  }
  return row;
}

/** POST /appointments/manage: the booking the link names. */
export async function viewByVisitorLink(deps: AppointmentDeps, token: string) {
  return toAppointment(await byVisitorToken(deps, token), nowOf(deps));
}

/** A held booking whose hold ran out can no longer be moved or confirmed: its time was released. */
function refuseReleased(deps: AppointmentDeps, row: AppointmentWithAdvocate): void {
  if (visitorHoldOf(row, nowOf(deps)) === 'released') {
    throw AppError.conflict(M.holdReleased, 'HOLD_RELEASED');
  }
}

/**
 * POST /appointments/manage/confirm: the visitor confirms their booking from the emailed link
 * (a POST from the page, never the GET of the link: mail scanners open links). The hold ends, the
 * booking becomes the request the firm confirms, and the firm hears of it: exactly once, however
 * often or concurrently the button is pressed.
 */
export async function confirmByVisitorLink(
  deps: AppointmentDeps,
  token: string,
): Promise<{ appointment: Appointment; message: string }> {
  const row = await byVisitorToken(deps, token);
  const now = nowOf(deps);
  if (row.visitorConfirmedAt) {
    return { appointment: toAppointment(row, now), message: M.alreadyConfirmed };
  }
  refuseReleased(deps, row);
  const mailIds = await deps.db.transaction(async (tx) => {
    const updated = await confirmVisitorHold(tx, row.id, now);
    if (!updated) return null;
    await insertAppointmentEvent(tx, {
      appointmentId: row.id,
      action: 'visitor_confirmed',
      actorId: null,
      details: {},
    });
    await notifyAppointmentBooked(tx, updated, null);
    // The address is proven now: the visitor gets the full request email, the firm its notice.
    return queueAppointmentMail(tx, deps, row.id, {
      kind: 'booked',
      visitorToken: token,
      notifyFirm: true,
    });
  });
  const full = (await findAppointment(deps.db, row.id))!;
  if (!mailIds) {
    // Another press got there first, or the hold ran out (or the booking was cancelled) meanwhile.
    if (full.visitorConfirmedAt) {
      return { appointment: toAppointment(full, now), message: M.alreadyConfirmed };
    }
    refuseReleased(deps, full);
    throw AppError.conflict(M.notChangeable, 'TRANSITION_NOT_ALLOWED');
  }
  await deps.outbox.dispatch(mailIds);
  return { appointment: toAppointment(full, now), message: M.visitorConfirmed };
}

/** POST /appointments/manage/cancel. */
export async function cancelByVisitorLink(
  deps: AppointmentDeps,
  token: string,
  reason: string,
  meta: RequestMeta,
): Promise<Appointment> {
  const row = await byVisitorToken(deps, token);
  refuseReleased(deps, row);
  const cancelled = await cancelRow(deps, row, reason, visitor(meta), {
    notifyFirm: !row.holdExpiresAt,
  });
  return toAppointment(cancelled);
}

/** POST /appointments/manage/reschedule: another free time with the same advocate. */
export async function rescheduleByVisitorLink(
  deps: AppointmentDeps,
  token: string,
  slot: { date: string; time: string },
  meta: RequestMeta,
): Promise<Appointment> {
  const row = await byVisitorToken(deps, token);
  refuseReleased(deps, row);
  if (!isLive(row)) throw AppError.conflict(M.notChangeable, 'TRANSITION_NOT_ALLOWED');
  const moved = await moveAppointment(
    deps,
    row,
    { ...slot, durationMinutes: row.durationMinutes, advocateId: row.advocateId },
    { status: 'scheduled' },
    visitor(meta),
    { kind: 'rescheduled', visitorToken: token, notifyFirm: !row.holdExpiresAt },
  );
  return toAppointment(moved);
}
