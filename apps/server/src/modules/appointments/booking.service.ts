import { appointmentAuditDetails } from './appointment-audit';
import {
  APPOINTMENT_MESSAGES as M,
  APPOINTMENT_TYPE_DEFAULTS,
  PRIVACY_NOTICE_VERSION,
  VISITOR_HOLD_MINUTES,
  isAdvocateAccount,
  isStaffAccount,
  typeTerms,
  visitorDetailsSchema,
  type Appointment,
  type CreateAppointmentValues,
} from '@firm/shared';
import type { NewAppointmentRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import { generateToken, hashToken } from '../../lib/tokens';
import { writeAudit } from '../audit/audit-log.repository';
import { claimUnprovenRecipient } from '../mail-guard/mail-guard';
import { notifyAppointmentBooked } from '../notifications/notify-appointment-events';
import { bookableAdvocates } from '../users/user-lookups.repository';
import { findUserById } from '../users/users.repository';
import { nowOf, settingsOf, type AppointmentDeps } from './appointment-deps';
import type { RequestMeta } from '../../lib/route-kit';
import { insertAppointmentEvent } from './appointment-events.repository';
import { calendarFile, queueAppointmentMail } from './appointment-mail';
import { forMail } from './appointment-serializer';
import { busyRanges, courtRanges, preferredAdvocates } from './advocate-diary.repository';
import { findAppointment, insertAppointment } from './appointments.repository';
import {
  checkVisitorCaps,
  lockClientDiary,
  lockDiary,
  rethrowUnlessDiaryTaken,
  slotTaken,
} from './booking-guards';
import { checkSlot, courtBlock, dayBounds, freeTimes, slotRange } from './slot-engine';
import { releaseExpiredHolds } from './visitor-holds.repository';

type BookedPerson = Pick<
  NewAppointmentRow,
  'clientId' | 'clientFirstName' | 'clientLastName' | 'clientEmail' | 'clientPhone'
>;

const personOf = (account: UserRow): BookedPerson => ({
  clientId: account.id,
  clientFirstName: account.firstName,
  clientLastName: account.lastName,
  clientEmail: account.email,
  clientPhone: account.phone,
});

/**
 * Whom the booking is for: the visitor's typed details (checked here: the route's schema lets a
 * signed-in caller leave them out), the client themself, or the client staff named.
 */
async function bookedPerson(
  deps: AppointmentDeps,
  user: UserRow | null,
  input: CreateAppointmentValues,
): Promise<BookedPerson> {
  if (!user) {
    const parsed = visitorDetailsSchema.safeParse(input);
    if (!parsed.success) {
      const errors = Object.fromEntries(
        parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
      );
      throw AppError.badRequest(Object.values(errors)[0]!, errors, 'VALIDATION_ERROR');
    }
    return {
      clientId: null,
      clientFirstName: parsed.data.firstName,
      clientLastName: parsed.data.lastName,
      clientEmail: parsed.data.email,
      clientPhone: parsed.data.phone,
    };
  }
  if (!isStaffAccount(user)) return personOf(user);
  if (!input.clientId) throw AppError.badRequest(M.clientRequired, { clientId: M.clientRequired });
  const found = await findUserById(deps.db, input.clientId);
  if (!found || isStaffAccount(found)) {
    throw AppError.badRequest(M.clientNotFound, { clientId: M.clientNotFound });
  }
  return personOf(found);
}

/**
 * POST /appointments, for a visitor (their contact details and consent, no account), a client
 * (their own) or staff with canScheduleAppointments (for a client, any type, duration and fee).
 * The advocate asked for, or the free advocates best first: each try is its own transaction, and
 * the exclusion constraint, not a read before the write, decides who gets a contested slot.
 */
export async function createAppointment(
  deps: AppointmentDeps,
  user: UserRow | null,
  input: CreateAppointmentValues,
  meta: RequestMeta,
): Promise<{ appointment: Appointment; calendar: string } | null> {
  const now = nowOf(deps);
  const isStaff = user !== null && isStaffAccount(user);
  if (isStaff) assertCan(user, 'appointments:schedule');
  if (!user && input.website) {
    // A bot filled the hidden field: answer as if all went well, keep nothing.
    deps.logger.info('booking dropped by the honeypot');
    return null;
  }
  const client = await bookedPerson(deps, user, input);
  const consent: Pick<NewAppointmentRow, 'consentAt' | 'noticeVersion' | 'ipAddress'> = user
    ? {}
    : { consentAt: now, noticeVersion: PRIVACY_NOTICE_VERSION, ipAddress: meta.ip };

  if (!isStaff && !APPOINTMENT_TYPE_DEFAULTS[input.type].bookableByClients) {
    throw AppError.badRequest(M.typeNotBookable, { type: M.typeNotBookable });
  }
  // The type's fee and duration as the firm settings say; staff may set others for one booking.
  const settings = await settingsOf(deps);
  const defaults = typeTerms(settings.appointmentTypes, input.type);
  // The free preliminary call is advertised as free, by phone (ADR 015): nobody sets a fee
  // or another place on it; staff may still give it more time.
  const isFreeCall = input.type === 'preliminary_call';
  const durationMinutes = (isStaff && input.durationMinutes) || defaults.durationMinutes;
  const feeKsh =
    isStaff && !isFreeCall && input.feeKsh !== undefined ? input.feeKsh : defaults.feeKsh;
  const location = isFreeCall ? 'phone' : input.location;
  checkSlot(input.date, input.time, durationMinutes, now, settings);

  const { startsAt, endsAt } = slotRange(input.date, input.time, durationMinutes);
  const [dayStart, dayEnd] = dayBounds(input.date);
  let candidates: { id: string }[];
  if (input.advocateId) {
    candidates = await bookableAdvocates(deps.db, input.advocateId);
    if (candidates.length === 0) {
      throw AppError.badRequest(M.advocateNotFound, { advocateId: M.advocateNotFound });
    }
  } else if (isStaff && isAdvocateAccount(user)) {
    candidates = [{ id: user.id }];
  } else {
    const preferred = await preferredAdvocates(
      deps.db,
      client.clientId ?? null,
      dayStart,
      dayEnd,
      now,
    );
    // Skip those already busy then; the constraint still decides between two people racing.
    const busy = await busyRanges(deps.db, startsAt, endsAt, { now });
    const busyIds = new Set(busy.map((range) => range.advocateId));
    candidates = preferred.filter((each) => !busyIds.has(each.id));
  }
  // An advocate in court (with the travel either side) is not there to meet anyone (ADR 025):
  // the answer is then 409 with the day's remaining times, as for a time already taken. A court
  // appearance is the hearing itself, entered by the firm.
  const inCourt = new Set(
    (input.type === 'court_appearance'
      ? []
      : await courtRanges(
          deps.db,
          startsAt,
          endsAt,
          courtBlock(settings),
          candidates.map((each) => each.id),
        )
    ).map((range) => range.advocateId),
  );
  candidates = candidates.filter((each) => !inCourt.has(each.id));

  const visitorToken = user ? null : generateToken();
  // A hold that ran out must not block this booking through the exclusion constraints.
  await releaseExpiredHolds(deps.db, now);
  for (const candidate of candidates) {
    try {
      const { row, mayMailVisitor, mailIds } = await deps.db.transaction(async (tx) => {
        // Locks in one order everywhere: visitor caps or the client's own diary, then the advocate's.
        if (!user) {
          await checkVisitorCaps(
            tx,
            { email: client.clientEmail, phone: client.clientPhone ?? '' },
            now,
            settings.visitorBookingsDailyCeiling,
          );
        } else if (client.clientId) {
          await lockClientDiary(tx, client.clientId);
        }
        await lockDiary(tx, candidate.id);
        const inserted = await insertAppointment(tx, {
          title: input.title,
          description: input.description,
          type: input.type,
          startsAt,
          endsAt,
          durationMinutes,
          feeKsh,
          location,
          officeId: location === 'office' ? (input.officeId ?? null) : null,
          meetingLink:
            isStaff && location === 'video' && input.meetingLink ? input.meetingLink : null,
          ...client,
          ...consent,
          advocateId: candidate.id,
          bookedById: user?.id ?? null,
          visitorTokenHash: visitorToken ? hashToken(visitorToken) : null,
          // A visitor's booking holds its slot only until confirmed from the email (ADR 022).
          holdExpiresAt: user ? null : new Date(now.getTime() + VISITOR_HOLD_MINUTES * 60_000),
        });
        await insertAppointmentEvent(tx, {
          appointmentId: inserted.id,
          action: 'booked',
          actorId: user?.id ?? null,
          details: { startsAt: startsAt.toISOString(), advocateId: candidate.id },
        });
        if (isStaff) {
          await writeAudit(tx, {
            actorId: user.id,
            action: 'appointment.created',
            targetUserId: client.clientId ?? null,
            ip: meta.ip,
            details: appointmentAuditDetails(inserted),
          });
        }
        // The firm hears of a visitor's booking once the visitor confirms it, not per attempt.
        if (user) await notifyAppointmentBooked(tx, inserted, user);
        // The hold email goes to an address nobody has proven: one of its few a day (ADR 023),
        // claimed with the booking so a rolled-back booking spends none.
        const mayMailVisitor = user
          ? true
          : await claimUnprovenRecipient(tx, client.clientEmail, now);
        // Staff booked it for the client: the email says so, not "we received your request"
        // (ADR 015); the firm needs no email about its own booking.
        const mailIds = await queueAppointmentMail(
          tx,
          deps,
          inserted.id,
          visitorToken
            ? { kind: 'hold', visitorToken, toClient: mayMailVisitor }
            : { kind: isStaff ? 'bookedByFirm' : 'booked', notifyFirm: !isStaff },
        );
        return { row: inserted, mayMailVisitor, mailIds };
      });
      await deps.outbox.dispatch(mailIds);
      const full = (await findAppointment(deps.db, row.id))!;
      if (visitorToken && !mayMailVisitor) {
        deps.logger.info(
          { appointmentId: row.id },
          'hold email skipped: the daily cap of automatic mail to this address is reached',
        );
      }
      const { sequence, ...appointment } = forMail(full, now);
      return { appointment, calendar: calendarFile(deps, { ...appointment, sequence }) };
    } catch (error) {
      // Taken by a request that committed first: try the next advocate, if any.
      rethrowUnlessDiaryTaken(error, isStaff);
    }
  }
  throw slotTaken(
    await freeTimes(deps, input.date, durationMinutes, { advocateId: input.advocateId }, settings),
  );
}
