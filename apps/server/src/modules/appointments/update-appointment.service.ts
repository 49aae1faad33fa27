import {
  APPOINTMENT_MESSAGES as M,
  APPOINTMENT_TYPE_DEFAULTS,
  SMS,
  canMoveTo,
  formatKsh,
  formatNairobiDateTime,
  isStaffAccount,
  nairobiDateTime,
  type Appointment,
  type UpdateAppointmentValues,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { NewAppointmentRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import { writeAudit } from '../audit/audit-log.repository';
import { enquiryFollowsBooking } from '../clients/enquiry-follows-booking';
import { appointmentAuditDetails } from './appointment-audit';
import { queueClientSms } from '../notifications/client-sms';
import { notifyAppointmentChanged } from '../notifications/notify-appointment-events';
import { findUserById } from '../users/users.repository';
import { bookableAdvocates } from '../users/user-lookups.repository';
import { nowOf, type AppointmentDeps } from './appointment-deps';
import type { RequestMeta } from '../../lib/route-kit';
import { insertAppointmentEvent } from './appointment-events.repository';
import { queueAppointmentMail, type AppointmentMailKind } from './appointment-mail';
import { findInScope } from './appointment-reads.service';
import { isLive, toAppointment } from './appointment-serializer';
import {
  findAppointment,
  updateAppointment as updateAppointmentRow,
  type AppointmentWithAdvocate,
} from './appointments.repository';
import { moveAppointment } from './move-appointment';

/** The columns a PUT changes, other than the time, duration and advocate (a move's). */
function changesOf(
  input: UpdateAppointmentValues,
  row: AppointmentWithAdvocate,
  now: Date,
): Partial<NewAppointmentRow> {
  const changes: Partial<NewAppointmentRow> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined) changes.description = input.description;
  if (input.type !== undefined) changes.type = input.type;
  if (input.feeKsh !== undefined) changes.feeKsh = input.feeKsh;
  if (input.location !== undefined) {
    changes.location = input.location;
    if (input.location !== 'office') changes.officeId = null;
  }
  if (input.officeId !== undefined) changes.officeId = input.officeId || null;
  if (input.meetingLink !== undefined) changes.meetingLink = input.meetingLink || null;
  if (input.paymentMethod !== undefined) changes.paymentMethod = input.paymentMethod;
  if (input.paymentReference !== undefined)
    changes.paymentReference = input.paymentReference || null;
  if (input.paymentStatus !== undefined) {
    changes.paymentStatus = input.paymentStatus;
    changes.paidAt = input.paymentStatus === 'paid' ? (row.paidAt ?? now) : null;
  }
  if (input.status) changes.status = input.status;
  // The free preliminary call stays free and by phone, whatever else is changed (ADR 015).
  if ((changes.type ?? row.type) === 'preliminary_call') {
    if (changes.type || changes.feeKsh !== undefined) changes.feeKsh = 0;
    if (changes.type || changes.location !== undefined) {
      changes.location = 'phone';
      changes.officeId = null;
      changes.meetingLink = null;
    }
  }
  return changes;
}

/**
 * The client's text receipt of a fee recorded as paid (ADR 033), under their appointment texts;
 * a visitor's booking has no account to text.
 */
async function queueReceipt(
  tx: Executor,
  row: AppointmentWithAdvocate,
  newReference: string | null,
): Promise<string[]> {
  const client = row.clientId ? await findUserById(tx, row.clientId) : undefined;
  const reference = newReference ?? row.paymentReference;
  if (!client || !reference || row.feeKsh <= 0) return [];
  const text = SMS.paymentReceived(
    formatKsh(row.feeKsh),
    APPOINTMENT_TYPE_DEFAULTS[row.type].label.toLowerCase(),
    formatNairobiDateTime(row.startsAt.toISOString()),
    reference,
  );
  const id = await queueClientSms(tx, client, 'appointments', 'payment_receipt', text);
  return id ? [id] : [];
}

/**
 * PUT /appointments/:id. A client may reschedule their own live appointment (it then waits for
 * the firm to confirm again); staff with canScheduleAppointments may also change its type, fee,
 * duration, place and advocate, confirm or complete it. Recording its payment is `payments:record`
 * (advocates, admins with canManageCases), whether or not the caller keeps the diary.
 */
export async function updateAppointment(
  deps: AppointmentDeps,
  user: UserRow,
  id: string,
  input: UpdateAppointmentValues,
  meta: RequestMeta,
): Promise<{ appointment: Appointment; message: string }> {
  const row = await findInScope(deps, user, id);
  const { date, time, ...others } = input;
  const staffFields = Object.entries(others).filter(([, value]) => value !== undefined);
  const recordsPayment = staffFields.some(([key]) => key.startsWith('payment'));
  const onlyRecordsPayment =
    recordsPayment && date === undefined && staffFields.every(([key]) => key.startsWith('payment'));
  if (recordsPayment) assertCan(user, 'payments:record');
  if (!onlyRecordsPayment) assertCan(user, 'appointments:schedule', { clientId: row.clientId });
  const isStaff = isStaffAccount(user);
  if (!isStaff && staffFields.length > 0) throw AppError.forbidden(M.accessDenied);

  if (row.holdExpiresAt) {
    throw AppError.conflict(M.notYetConfirmedByVisitor, 'AWAITING_VISITOR_CONFIRMATION');
  }
  const isPaymentOnly =
    staffFields.every(([key]) => key.startsWith('payment')) && date === undefined;
  if (!isLive(row) && !(row.status === 'completed' && isPaymentOnly)) {
    throw AppError.conflict(M.notChangeable, 'TRANSITION_NOT_ALLOWED');
  }
  if (input.status && !canMoveTo(row.status, input.status)) {
    throw AppError.conflict(
      M.transitionNotAllowed(row.status, input.status),
      'TRANSITION_NOT_ALLOWED',
    );
  }
  if (input.paymentStatus === 'paid') {
    const method = input.paymentMethod ?? row.paymentMethod;
    const reference = input.paymentReference ?? row.paymentReference;
    if (!method || (method !== 'cash' && !reference)) {
      throw AppError.badRequest(M.paymentReferenceRequired, {
        [method ? 'paymentReference' : 'paymentMethod']: M.paymentReferenceRequired,
      });
    }
  }
  if (input.advocateId && (await bookableAdvocates(deps.db, input.advocateId)).length === 0) {
    throw AppError.badRequest(M.advocateNotFound, { advocateId: M.advocateNotFound });
  }

  const changes = changesOf(input, row, nowOf(deps));
  // A meeting link belongs to a video call only: on an office visit or a phone call the client
  // would be sent a link to a meeting that will not happen.
  if (changes.meetingLink && (changes.location ?? row.location) !== 'video') {
    throw AppError.badRequest(M.meetingLinkNotVideo, { meetingLink: M.meetingLinkNotVideo });
  }
  const current = nairobiDateTime(row.startsAt);
  const newDuration = input.durationMinutes ?? row.durationMinutes;
  const newAdvocate = input.advocateId ?? row.advocateId;
  const isMove =
    (date !== undefined && (date !== current.date || time !== current.time)) ||
    newDuration !== row.durationMinutes ||
    newAdvocate !== row.advocateId;

  let updated: AppointmentWithAdvocate;
  let mailKind: AppointmentMailKind | null = null;
  if (isMove) {
    // A client's move waits for the firm to confirm it again.
    if (!isStaff) changes.status = 'scheduled';
    updated = await moveAppointment(
      deps,
      row,
      {
        date: date ?? current.date,
        time: time ?? current.time,
        durationMinutes: newDuration,
        advocateId: newAdvocate,
      },
      changes,
      { id: user.id, ip: meta.ip, audit: isStaff, user },
      { kind: 'rescheduled', notifyFirm: !isStaff },
    );
    mailKind = 'rescheduled';
  } else {
    const isConfirming = input.status === 'confirmed' && row.status !== 'confirmed';
    const touchesCalendar =
      isConfirming || changes.location !== undefined || changes.meetingLink !== undefined;
    if (touchesCalendar) changes.sequence = row.sequence + 1;
    // A link added or changed after the booking is emailed to the client at once (ADR 015); when
    // confirming, the confirmation itself carries it.
    const sendsLink =
      !isConfirming && !!changes.meetingLink && changes.meetingLink !== row.meetingLink;
    const mailIds = await deps.db.transaction(async (tx) => {
      if (Object.keys(changes).length > 0) await updateAppointmentRow(tx, row.id, changes);
      const action =
        input.status === 'confirmed'
          ? 'confirmed'
          : input.status === 'completed'
            ? 'completed'
            : input.paymentStatus === 'paid' && row.paymentStatus !== 'paid'
              ? 'paid'
              : 'updated';
      await insertAppointmentEvent(tx, {
        appointmentId: row.id,
        action,
        actorId: user.id,
        details: Object.fromEntries(staffFields),
      });
      await writeAudit(tx, {
        actorId: user.id,
        action: `appointment.${action}`,
        targetUserId: row.clientId,
        ip: meta.ip,
        details: { ...appointmentAuditDetails(row), changes: Object.fromEntries(staffFields) },
      });
      if (action === 'confirmed' || action === 'completed') {
        await enquiryFollowsBooking(tx, row, action, user.id);
      }
      if (action === 'paid') return queueReceipt(tx, row, changes.paymentReference ?? null);
      if (sendsLink) return queueAppointmentMail(tx, deps, row.id, { kind: 'meetingLink' });
      if (!isConfirming) return [];
      await notifyAppointmentChanged(tx, row, 'appointment_confirmed', user);
      return queueAppointmentMail(tx, deps, row.id, { kind: 'confirmed', notifyFirm: !isStaff });
    });
    await deps.outbox.dispatch(mailIds);
    updated = (await findAppointment(deps.db, row.id))!;
    if (isConfirming) mailKind = 'confirmed';
    else if (sendsLink) mailKind = 'meetingLink';
  }
  const message =
    mailKind === 'rescheduled'
      ? M.rescheduled
      : mailKind === 'confirmed'
        ? M.confirmed
        : mailKind === 'meetingLink'
          ? M.meetingLinkSent
          : M.updated;
  return { appointment: toAppointment(updated), message };
}
