import { appointmentAuditDetails } from './appointment-audit';
import type { NewAppointmentRow } from '../../db/schema';
import { writeAudit } from '../audit/audit-log.repository';
import { notifyAppointmentChanged } from '../notifications/notify-appointment-events';
import { nowOf, settingsOf, type AppointmentActor, type AppointmentDeps } from './appointment-deps';
import { insertAppointmentEvent } from './appointment-events.repository';
import { queueAppointmentMail, type AppointmentMailPlan } from './appointment-mail';
import {
  findAppointment,
  updateAppointment as updateAppointmentRow,
  type AppointmentWithAdvocate,
} from './appointments.repository';
import { lockClientDiary, lockDiary, rethrowUnlessDiaryTaken, slotTaken } from './booking-guards';
import { courtRanges } from './advocate-diary.repository';
import { checkSlot, courtBlock, freeTimes, slotRange } from './slot-engine';

/**
 * Moves a live appointment to `date` `time` (same advocate unless `advocateId`), raising its
 * calendar sequence and clearing its reminder; the constraint answers a clash with 409. Staff
 * (PUT /appointments/:id), the client who booked it, and a visitor through their link move it so.
 */
export async function moveAppointment(
  deps: AppointmentDeps,
  row: AppointmentWithAdvocate,
  change: { date: string; time: string; durationMinutes: number; advocateId: string | null },
  rest: Partial<NewAppointmentRow>,
  actor: AppointmentActor,
  mail: AppointmentMailPlan,
): Promise<AppointmentWithAdvocate> {
  const settings = await settingsOf(deps);
  checkSlot(change.date, change.time, change.durationMinutes, nowOf(deps), settings);
  const { startsAt, endsAt } = slotRange(change.date, change.time, change.durationMinutes);
  const diary = change.advocateId ?? row.advocateId;
  // Not into the advocate's court date and its travel (ADR 025); a court appearance is the hearing.
  if (diary && row.type !== 'court_appearance') {
    const inCourt = await courtRanges(deps.db, startsAt, endsAt, courtBlock(settings), [diary]);
    if (inCourt.length > 0) {
      throw slotTaken(
        await freeTimes(
          deps,
          change.date,
          change.durationMinutes,
          { advocateId: diary, excludeId: row.id },
          settings,
        ),
      );
    }
  }
  let mailIds: string[];
  try {
    mailIds = await deps.db.transaction(async (tx) => {
      if (row.clientId) await lockClientDiary(tx, row.clientId);
      if (diary) await lockDiary(tx, diary);
      await updateAppointmentRow(tx, row.id, {
        ...rest,
        startsAt,
        endsAt,
        durationMinutes: change.durationMinutes,
        advocateId: change.advocateId,
        sequence: row.sequence + 1,
        reminderSentAt: null,
      });
      await insertAppointmentEvent(tx, {
        appointmentId: row.id,
        action: 'rescheduled',
        actorId: actor.id,
        details: {
          from: {
            startsAt: row.startsAt.toISOString(),
            endsAt: row.endsAt.toISOString(),
            advocateId: row.advocateId,
          },
          to: {
            startsAt: startsAt.toISOString(),
            endsAt: endsAt.toISOString(),
            advocateId: change.advocateId,
          },
        },
      });
      if (actor.audit) {
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'appointment.rescheduled',
          targetUserId: row.clientId,
          ip: actor.ip,
          details: {
            ...appointmentAuditDetails(row),
            from: row.startsAt.toISOString(),
            to: startsAt.toISOString(),
          },
        });
      }
      // A booking still awaiting its visitor's confirmation is not yet the firm's business.
      if (!row.holdExpiresAt) {
        await notifyAppointmentChanged(
          tx,
          { ...row, startsAt, advocateId: change.advocateId },
          'appointment_rescheduled',
          actor.user,
          row,
        );
      }
      return queueAppointmentMail(tx, deps, row.id, mail);
    });
  } catch (error) {
    rethrowUnlessDiaryTaken(error, actor.audit);
    throw slotTaken(
      change.advocateId
        ? await freeTimes(deps, change.date, change.durationMinutes, {
            advocateId: change.advocateId,
            excludeId: row.id,
          })
        : [],
    );
  }
  await deps.outbox.dispatch(mailIds);
  return (await findAppointment(deps.db, row.id))!;
}
