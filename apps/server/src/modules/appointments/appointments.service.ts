import {
  APPOINTMENT_MESSAGES as M,
  APPOINTMENT_TYPE_DEFAULTS,
  PRIVACY_NOTICE_VERSION,
  VISITOR_HOLD_MINUTES,
  VISITOR_OPEN_BOOKINGS_MAX,
  type FirmSettings,
  addDays,
  bookableStartTimes,
  can,
  canMoveTo,
  daysOfMonth,
  isClosedDay,
  nairobiDateTime,
  nairobiInstant,
  nairobiToday,
  slotProblem,
  typeTerms,
  visitorDetailsSchema,
  type Appointment,
  type AppointmentList,
  type AppointmentWithContact,
  type AppointmentType,
  type Availability,
  type BookingCalendar,
  type CreateAppointmentValues,
  type ListAppointmentsFilters,
  type SlotProblem,
  type UpdateAppointmentValues,
  paginationOf,
  isStaffAccount,
  isAdvocateAccount,
  isClientAccount,
} from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { lockForTransaction, lockRecordForTransaction } from '../../db/advisory-locks';
import type { AppointmentRow, NewAppointmentRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { BackgroundTasks } from '../../lib/background-tasks';
import { isKenyanPublicHoliday } from '../../lib/kenyan-holidays';
import type { Mailer } from '../../lib/mailer';
import { generateToken, hashToken } from '../../lib/tokens';
import { writeAudit } from '../audit/audit-log.repository';
import { findUserById } from '../users/users.repository';
import { wantsEmail } from '../notifications/notifications.service';
import { notifyAppointmentBooked, notifyAppointmentChanged } from '../notifications/notify-events';
import { readFirmSettings } from '../settings/firm-settings.service';
import { claimUnprovenRecipient } from '../mail-guard/mail-guard';
import { calendarFile, sendAppointmentMail, type AppointmentMailKind } from './appointment-mail';
import { appointmentAsSeenBy } from './appointment-view';
import {
  appointmentsOfPerson,
  bookableAdvocates,
  busyRanges,
  confirmVisitorHold,
  countOpenVisitorBookings,
  countUnconfirmedVisitorBookings,
  diaryOfDay,
  findAppointment,
  findAppointmentByTokenHash,
  insertAppointment,
  insertAppointmentEvent,
  listAppointments as listAppointmentRows,
  preferredAdvocates,
  releaseExpiredHolds,
  reissueVisitorToken,
  searchBookableClients,
  updateAppointment as updateAppointmentRow,
  type AppointmentScope,
  type AppointmentWithAdvocate,
  type BusyRange,
} from './appointments.repository';

export interface AppointmentDeps {
  db: Db;
  mailer: Mailer;
  backgroundTasks: BackgroundTasks;
  logger: FastifyBaseLogger;
  firmNotifyEmail: string;
  publicUrl: string;
  mailFrom: string;
  /** "Now", replaceable in tests. */
  now?: () => Date;
}

interface Meta {
  ip: string;
}

const nowOf = (deps: AppointmentDeps) => deps.now?.() ?? new Date();

/** The firm settings in force (fees, durations, start times, where the firm's mail goes). */
const settingsOf = (deps: AppointmentDeps) =>
  readFirmSettings({ db: deps.db, firmNotifyEmail: deps.firmNotifyEmail, logger: deps.logger });

const SLOT_MESSAGES: Record<SlotProblem, string> = {
  closed_day: M.closedDay,
  not_a_slot: M.notASlot,
  past: M.past,
  too_soon: M.tooSoon,
  after_hours: M.afterHours,
};

/**
 * "Download my data": a client's appointments, as their list shows them. Staff get none: the
 * appointments in an advocate's diary are the clients' personal data, not the advocate's.
 */
export async function ownAppointmentsForExport(
  db: Executor,
  user: UserRow,
): Promise<Appointment[]> {
  if (isStaffAccount(user)) return [];
  return (await appointmentsOfPerson(db, user.id, user.email)).map((row) => toAppointment(row));
}

/** The human reference of an appointment, as on screens, emails and calendars. */
export const appointmentReference = (id: string) => `APT-${id.slice(0, 8).toUpperCase()}`;

/**
 * Where a visitor's booking stands with its hold (ADR 022): awaiting the visitor's
 * confirmation from the email while the hold lasts; released once it ran out (even before the
 * periodic job has marked it cancelled); null for every confirmed or non-visitor booking.
 */
export function visitorHoldOf(
  row: Pick<AppointmentRow, 'holdExpiresAt' | 'status' | 'cancellationReason'>,
  now: Date = new Date(),
): Appointment['visitorHold'] {
  if (!row.holdExpiresAt) return null;
  if (row.status === 'scheduled') {
    return row.holdExpiresAt.getTime() > now.getTime() ? 'awaiting' : 'released';
  }
  return row.status === 'cancelled' && row.cancellationReason === M.holdReleasedReason
    ? 'released'
    : null;
}

export function toAppointment(
  row: AppointmentWithAdvocate,
  now: Date = new Date(),
): AppointmentWithContact {
  const { date, time } = nairobiDateTime(row.startsAt);
  return {
    id: row.id,
    reference: appointmentReference(row.id),
    title: row.title,
    description: row.description,
    type: row.type,
    status: row.status,
    date,
    time,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    duration: row.durationMinutes,
    fee: row.feeKsh,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod ?? null,
    paymentReference: row.paymentReference ?? null,
    location: row.location,
    officeId: row.officeId ?? null,
    meetingLink: row.meetingLink ?? null,
    client: `${row.clientFirstName} ${row.clientLastName}`,
    clientId: row.clientId ?? null,
    clientEmail: row.clientEmail,
    clientPhone: row.clientPhone ?? null,
    advocateId: row.advocateId ?? '',
    advocateName: row.advocateName ?? 'Unassigned',
    cancellationReason: row.cancellationReason ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelledBy: row.cancelledBy ?? null,
    visitorHold: visitorHoldOf(row, now),
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A client sees their own appointments only; staff see all. */
function scopeOf(user: UserRow): AppointmentScope {
  return isClientAccount(user) ? { clientId: user.id } : {};
}

/**
 * Bookings into one advocate's diary take turns. The exclusion constraint alone keeps them from
 * overlapping, but PostgreSQL checks it by waiting on each other's uncommitted rows, and
 * overlapping (not identical) inserts then deadlock one another; under a burst of 100 the waits
 * and the deadlock detector held every pooled connection until requests failed (500 and 503).
 * Queued behind this lock, each insert takes a millisecond and meets only committed rows.
 */
function lockDiary(tx: Executor, advocateId: string): Promise<void> {
  return lockRecordForTransaction(tx, 'advocateDiary', advocateId);
}

/**
 * Which exclusion constraint refused a write (SQLSTATE 23P01), if one did: the advocate's diary
 * (`appointments_no_overlap`), or the client's or visitor email's own (ADR 022).
 */
function overlapConstraint(error: unknown): string | null {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === '23P01') {
      return typeof e.constraint === 'string' ? e.constraint : 'appointments_no_overlap';
    }
    e = e.cause as typeof e;
  }
  return null;
}

/** The advocate's diary is taken then: another advocate may still be free. */
const isOverlap = (error: unknown) => overlapConstraint(error) === 'appointments_no_overlap';

/** The client (or visitor email) already has a live appointment overlapping that time. */
function personBusy(error: unknown, forStaff: boolean): AppError | null {
  const constraint = overlapConstraint(error);
  if (
    constraint !== 'appointments_client_no_overlap' &&
    constraint !== 'appointments_visitor_email_no_overlap'
  ) {
    return null;
  }
  return AppError.conflict(forStaff ? M.clientOverlapForStaff : M.clientOverlap, 'PERSON_BUSY');
}

/**
 * The caps on visitor bookings (ADR 022), counted under one firm-wide lock so that
 * requests racing each other cannot pass them together: a few open bookings per email and per
 * phone, and a ceiling a day on bookings their visitors never confirmed (a firm setting).
 */
async function checkVisitorCaps(
  tx: Executor,
  contact: { email: string; phone: string },
  now: Date,
  dailyCeiling: number,
): Promise<void> {
  await lockForTransaction(tx, 'visitorBookings');
  const open = await countOpenVisitorBookings(tx, contact, now);
  if (open.byEmail >= VISITOR_OPEN_BOOKINGS_MAX || open.byPhone >= VISITOR_OPEN_BOOKINGS_MAX) {
    throw AppError.conflict(M.tooManyOpenBookings, 'VISITOR_BOOKING_LIMIT');
  }
  const [today] = dayBounds(nairobiToday(now));
  if ((await countUnconfirmedVisitorBookings(tx, today)) >= dailyCeiling) {
    throw AppError.tooManyRequests(M.dailyCeilingReached, 'VISITOR_BOOKINGS_PAUSED');
  }
}

function checkSlot(
  date: string,
  time: string,
  durationMinutes: number,
  now: Date,
  settings: FirmSettings,
): void {
  const problem = slotProblem({
    date,
    time,
    durationMinutes,
    now,
    isHoliday: isKenyanPublicHoliday,
    bookingTimes: settings.bookingTimes,
  });
  if (problem) {
    const field = problem === 'closed_day' ? 'date' : 'time';
    throw AppError.badRequest(
      SLOT_MESSAGES[problem],
      { [field]: SLOT_MESSAGES[problem] },
      'SLOT_UNAVAILABLE',
    );
  }
}

/** The Nairobi day [00:00, 24:00) of `date` as instants. */
const dayBounds = (date: string) =>
  [nairobiInstant(date, '00:00'), nairobiInstant(addDays(date, 1), '00:00')] as const;

const overlaps = (range: BusyRange, start: number, end: number) =>
  range.startsAt.getTime() < end && range.endsAt.getTime() > start;

/** Each advocate's busy ranges, by advocate. */
function busyByAdvocate(busy: BusyRange[]): Map<string, BusyRange[]> {
  const byAdvocate = new Map<string, BusyRange[]>();
  for (const range of busy) {
    byAdvocate.set(range.advocateId, [...(byAdvocate.get(range.advocateId) ?? []), range]);
  }
  return byAdvocate;
}

/**
 * Of the start times `allowed` on `date`, those at which at least one of `advocateIds` has nothing
 * overlapping a booking of `durationMinutes`.
 */
function unblockedTimes(
  date: string,
  allowed: readonly string[],
  durationMinutes: number,
  advocateIds: readonly string[],
  byAdvocate: Map<string, BusyRange[]>,
): string[] {
  return allowed.filter((time) => {
    const start = nairobiInstant(date, time).getTime();
    const end = start + durationMinutes * 60_000;
    return advocateIds.some(
      (id) => !(byAdvocate.get(id) ?? []).some((range) => overlaps(range, start, end)),
    );
  });
}

/**
 * The free start times of `date` for a booking of `durationMinutes`: those the rules allow at which
 * at least one bookable advocate (or the one asked for) has nothing overlapping.
 */
async function freeTimes(
  deps: AppointmentDeps,
  date: string,
  durationMinutes: number,
  options: { advocateId?: string | undefined; excludeId?: string | undefined } = {},
  settings?: FirmSettings,
): Promise<string[]> {
  const allowed = bookableStartTimes({
    date,
    durationMinutes,
    now: nowOf(deps),
    isHoliday: isKenyanPublicHoliday,
    bookingTimes: (settings ?? (await settingsOf(deps))).bookingTimes,
  });
  if (allowed.length === 0) return [];
  const [from, to] = dayBounds(date);
  const { advocateIds, busy } = await diaryOfDay(deps.db, from, to, {
    ...options,
    now: nowOf(deps),
  });
  return unblockedTimes(date, allowed, durationMinutes, advocateIds, busyByAdvocate(busy));
}

/** GET /appointments/availability: the free start times of a day. */
export async function availability(
  deps: AppointmentDeps,
  query: {
    date: string;
    type: AppointmentType;
    advocateId?: string | undefined;
    excludeId?: string | undefined;
  },
): Promise<Availability> {
  const settings = await settingsOf(deps);
  const closed = isClosedDay(query.date, isKenyanPublicHoliday, settings.bookingTimes);
  const times = closed
    ? []
    : await freeTimes(
        deps,
        query.date,
        typeTerms(settings.appointmentTypes, query.type).durationMinutes,
        { advocateId: query.advocateId, excludeId: query.excludeId },
        settings,
      );
  return { date: query.date, closed, times };
}

/**
 * GET /appointments/calendar: a month at a glance for the type (and advocate) chosen (ADR 015):
 * the days that take no bookings (Sundays, days the firm settings leave without
 * start times, holidays), the open days from today on without a free start time, and whether any
 * advocate takes bookings at all. The month's diary is read in one query (the days from today to
 * the month's end, expired visitor holds left out as in availability: ADR 022), then each day is
 * worked out as `availability` would; the answer names days only, never who is booked.
 */
export async function bookingCalendar(
  deps: AppointmentDeps,
  query: {
    month: string;
    type: AppointmentType;
    advocateId?: string | undefined;
    excludeId?: string | undefined;
  },
): Promise<BookingCalendar> {
  const settings = await settingsOf(deps);
  const { bookingTimes } = settings;
  const now = nowOf(deps);
  const today = nairobiToday(now);
  const days = daysOfMonth(query.month);
  const closedDays = days.filter((day) => isClosedDay(day, isKenyanPublicHoliday, bookingTimes));
  const durationMinutes = typeTerms(settings.appointmentTypes, query.type).durationMinutes;
  const openDays = days.filter((day) => day >= today && !closedDays.includes(day));
  // Every bookable advocate is read, whichever is asked for: "is booking open" is the firm's.
  const { advocateIds, busy } = openDays.length
    ? await diaryOfDay(deps.db, dayBounds(openDays[0]!)[0], dayBounds(openDays.at(-1)!)[1], {
        excludeId: query.excludeId,
        now,
      })
    : { advocateIds: (await bookableAdvocates(deps.db)).map((each) => each.id), busy: [] };
  const asked = query.advocateId
    ? advocateIds.filter((id) => id === query.advocateId)
    : advocateIds;
  const byAdvocate = busyByAdvocate(busy);
  const fullDays = openDays.filter((day) => {
    const allowed = bookableStartTimes({
      date: day,
      durationMinutes,
      now,
      isHoliday: isKenyanPublicHoliday,
      bookingTimes,
    });
    return unblockedTimes(day, allowed, durationMinutes, asked, byAdvocate).length === 0;
  });
  return {
    month: query.month,
    today,
    bookingOpen: advocateIds.length > 0,
    closedDays,
    fullDays,
  };
}

function slotTaken(times: string[]): AppError {
  return AppError.conflict(M.slotTaken, 'SLOT_TAKEN', { times });
}

function manageUrl(deps: AppointmentDeps, token: string | null): string {
  return token
    ? `${deps.publicUrl}/appointments/manage#token=${token}`
    : `${deps.publicUrl}/appointments`;
}

/** A fresh private link for a visitor's booking (ADR 027); null when it has none. */
export function newVisitorLink(db: Executor, id: string): Promise<string | null> {
  const token = generateToken();
  return reissueVisitorToken(db, id, token, hashToken(token));
}

/** Sends an appointment's email after the answer, never failing the request. */
function queueMail(
  deps: AppointmentDeps,
  kind: AppointmentMailKind,
  row: AppointmentWithAdvocate,
  options: { visitorToken?: string | null; notifyFirm?: boolean; toClient?: boolean } = {},
): void {
  const appointment = { ...toAppointment(row), sequence: row.sequence };
  const clientId = row.clientId;
  deps.backgroundTasks.run(`appointment ${kind} email`, async () => {
    // A client may switch these emails off in Profile; visitors have no preferences.
    const preferenceKind =
      kind === 'confirmed' || kind === 'rescheduled' || kind === 'cancelled'
        ? (`appointment_${kind}` as const)
        : null;
    const toClient =
      options.toClient !== false &&
      (clientId && preferenceKind ? await wantsEmail(deps.db, clientId, preferenceKind) : true);
    // A visitor's booking confirmed or moved by the firm: the email carries a fresh private link
    // (only hashes are kept, so the first one cannot be sent again; ADR 027).
    const visitorToken =
      options.visitorToken ??
      (toClient && clientId === null && (kind === 'confirmed' || kind === 'rescheduled')
        ? await newVisitorLink(deps.db, row.id)
        : null);
    // Read when sent: the firm's address and the auto-reply are the ones in force then.
    const settings = await settingsOf(deps);
    await sendAppointmentMail(
      { ...deps, firmNotifyEmail: settings.notificationEmail },
      kind,
      appointment,
      {
        manageUrl: manageUrl(deps, visitorToken),
        hasAccount: row.clientId !== null,
        linkReissued: visitorToken !== null && !options.visitorToken,
        notifyFirm: options.notifyFirm ?? false,
        toClient,
        bookingAutoReply: settings.bookingAutoReply,
      },
    );
  });
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
  meta: Meta,
): Promise<{ appointment: Appointment; calendar: string } | null> {
  const now = nowOf(deps);
  const isStaff = user !== null && isStaffAccount(user);
  if (isStaff) assertCan(user, 'appointments:schedule');

  let client: Pick<
    NewAppointmentRow,
    'clientId' | 'clientFirstName' | 'clientLastName' | 'clientEmail' | 'clientPhone'
  >;
  let consent: Pick<NewAppointmentRow, 'consentAt' | 'noticeVersion' | 'ipAddress'> = {};
  if (!user) {
    if (input.website) {
      // A bot filled the hidden field: answer as if all went well, keep nothing.
      deps.logger.info('booking dropped by the honeypot');
      return null;
    }
    const parsed = visitorDetailsSchema.safeParse(input);
    if (!parsed.success) {
      const errors = Object.fromEntries(
        parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
      );
      throw AppError.badRequest(Object.values(errors)[0]!, errors, 'VALIDATION_ERROR');
    }
    client = {
      clientId: null,
      clientFirstName: parsed.data.firstName,
      clientLastName: parsed.data.lastName,
      clientEmail: parsed.data.email,
      clientPhone: parsed.data.phone,
    };
    consent = { consentAt: now, noticeVersion: PRIVACY_NOTICE_VERSION, ipAddress: meta.ip };
  } else if (!isStaff) {
    client = {
      clientId: user.id,
      clientFirstName: user.firstName,
      clientLastName: user.lastName,
      clientEmail: user.email,
      clientPhone: user.phone,
    };
  } else {
    if (!input.clientId)
      throw AppError.badRequest(M.clientRequired, { clientId: M.clientRequired });
    const found = await findUserById(deps.db, input.clientId);
    if (!found || isStaffAccount(found)) {
      throw AppError.badRequest(M.clientNotFound, { clientId: M.clientNotFound });
    }
    client = {
      clientId: found.id,
      clientFirstName: found.firstName,
      clientLastName: found.lastName,
      clientEmail: found.email,
      clientPhone: found.phone,
    };
  }

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

  const startsAt = nairobiInstant(input.date, input.time);
  const endsAt = new Date(startsAt.getTime() + durationMinutes * 60_000);
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

  const visitorToken = user ? null : generateToken();
  // A hold that ran out must not block this booking through the exclusion constraints.
  await releaseExpiredHolds(deps.db, now);
  for (const candidate of candidates) {
    try {
      const { row, mayMailVisitor } = await deps.db.transaction(async (tx) => {
        // Locks in one order everywhere: visitor caps or the client's own diary, then the advocate's.
        if (!user) {
          await checkVisitorCaps(
            tx,
            { email: client.clientEmail, phone: client.clientPhone ?? '' },
            now,
            settings.visitorBookingsDailyCeiling,
          );
        } else if (client.clientId) {
          await lockRecordForTransaction(tx, 'clientDiary', client.clientId);
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
            details: { appointmentId: inserted.id, startsAt: startsAt.toISOString() },
          });
        }
        // The firm hears of a visitor's booking once the visitor confirms it, not per attempt.
        if (user) await notifyAppointmentBooked(tx, inserted, user);
        // The hold email goes to an address nobody has proven: one of its few a day (ADR 023),
        // claimed with the booking so a rolled-back booking spends none.
        const mayMailVisitor = user
          ? true
          : await claimUnprovenRecipient(tx, client.clientEmail, now);
        return { row: inserted, mayMailVisitor };
      });
      const full = (await findAppointment(deps.db, row.id))!;
      if (visitorToken) {
        if (!mayMailVisitor) {
          deps.logger.info(
            { appointmentId: row.id },
            'hold email skipped: the daily cap of automatic mail to this address is reached',
          );
        }
        queueMail(deps, 'hold', full, { visitorToken, toClient: mayMailVisitor });
      } else {
        // Staff booked it for the client: the email says so, not "we received your request"
        // (ADR 015); the firm needs no email about its own booking.
        queueMail(deps, isStaff ? 'bookedByFirm' : 'booked', full, { notifyFirm: !isStaff });
      }
      const appointment = toAppointment(full, now);
      return {
        appointment,
        calendar: calendarFile(deps, { ...appointment, sequence: full.sequence }),
      };
    } catch (error) {
      const busyPerson = personBusy(error, isStaff);
      if (busyPerson) throw busyPerson;
      if (!isOverlap(error)) throw error;
      // Taken by a request that committed first: try the next advocate, if any.
    }
  }
  throw slotTaken(
    await freeTimes(deps, input.date, durationMinutes, { advocateId: input.advocateId }, settings),
  );
}

/** The staff booking's client picker; a client schedules only their own, so gets none. */
export async function bookableClients(deps: AppointmentDeps, user: UserRow, search?: string) {
  return isClientAccount(user) ? [] : searchBookableClients(deps.db, search);
}

export async function listAppointments(
  deps: AppointmentDeps,
  user: UserRow,
  filters: ListAppointmentsFilters,
): Promise<AppointmentList> {
  const { rows, total } = await listAppointmentRows(
    deps.db,
    { ...scopeOf(user), searchesEmail: can(user, 'appointments:contact') },
    filters,
  );
  return {
    success: true,
    count: rows.length,
    total,
    pagination: paginationOf(filters, total),
    appointments: rows.map((row) => appointmentAsSeenBy(user, toAppointment(row))),
  };
}

async function findInScope(deps: AppointmentDeps, user: UserRow, id: string) {
  const row = await findAppointment(deps.db, id, scopeOf(user));
  if (!row) throw AppError.notFound(M.notFound, 'APPOINTMENT_NOT_FOUND');
  return row;
}

export async function getAppointment(deps: AppointmentDeps, user: UserRow, id: string) {
  return appointmentAsSeenBy(user, toAppointment(await findInScope(deps, user, id)));
}

const isLive = (row: AppointmentRow) => row.status === 'scheduled' || row.status === 'confirmed';

/**
 * Moves a live appointment to `date` `time` (same advocate unless `advocateId`), raising its
 * calendar sequence and clearing its reminder; the constraint answers a clash with 409.
 */
async function moveAppointment(
  deps: AppointmentDeps,
  row: AppointmentWithAdvocate,
  change: { date: string; time: string; durationMinutes: number; advocateId: string | null },
  rest: Partial<NewAppointmentRow>,
  actor: { id: string | null; ip: string; audit: boolean; user: UserRow | null },
): Promise<AppointmentWithAdvocate> {
  checkSlot(change.date, change.time, change.durationMinutes, nowOf(deps), await settingsOf(deps));
  const startsAt = nairobiInstant(change.date, change.time);
  const endsAt = new Date(startsAt.getTime() + change.durationMinutes * 60_000);
  try {
    await deps.db.transaction(async (tx) => {
      if (row.clientId) await lockRecordForTransaction(tx, 'clientDiary', row.clientId);
      const diary = change.advocateId ?? row.advocateId;
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
            appointmentId: row.id,
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
    });
  } catch (error) {
    const busyPerson = personBusy(error, actor.audit);
    if (busyPerson) throw busyPerson;
    if (!isOverlap(error)) throw error;
    throw slotTaken(
      change.advocateId
        ? await freeTimes(deps, change.date, change.durationMinutes, {
            advocateId: change.advocateId,
            excludeId: row.id,
          })
        : [],
    );
  }
  return (await findAppointment(deps.db, row.id))!;
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
  meta: Meta,
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
    changes.paidAt = input.paymentStatus === 'paid' ? (row.paidAt ?? nowOf(deps)) : null;
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
    );
    mailKind = 'rescheduled';
  } else {
    const isConfirming = input.status === 'confirmed' && row.status !== 'confirmed';
    const touchesCalendar =
      isConfirming || changes.location !== undefined || changes.meetingLink !== undefined;
    if (touchesCalendar) changes.sequence = row.sequence + 1;
    await deps.db.transaction(async (tx) => {
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
        details: { appointmentId: row.id, changes: Object.fromEntries(staffFields) },
      });
      if (isConfirming) await notifyAppointmentChanged(tx, row, 'appointment_confirmed', user);
    });
    updated = (await findAppointment(deps.db, row.id))!;
    if (isConfirming) mailKind = 'confirmed';
  }
  if (mailKind) queueMail(deps, mailKind, updated, { notifyFirm: !isStaff });
  const message =
    mailKind === 'rescheduled' ? M.rescheduled : mailKind === 'confirmed' ? M.confirmed : M.updated;
  return { appointment: toAppointment(updated), message };
}

async function cancelRow(
  deps: AppointmentDeps,
  row: AppointmentWithAdvocate,
  reason: string,
  actor: { id: string | null; ip: string; audit: boolean; user: UserRow | null },
): Promise<AppointmentWithAdvocate> {
  if (!isLive(row)) {
    throw AppError.conflict(
      M.transitionNotAllowed(row.status, 'cancelled'),
      'TRANSITION_NOT_ALLOWED',
    );
  }
  await deps.db.transaction(async (tx) => {
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
        details: { appointmentId: row.id },
      });
    }
    if (!row.holdExpiresAt) {
      await notifyAppointmentChanged(tx, row, 'appointment_cancelled', actor.user);
    }
  });
  return (await findAppointment(deps.db, row.id))!;
}

/** PATCH /appointments/:id/cancel: staff with the toggle, or the client who booked, with a reason. */
export async function cancelAppointment(
  deps: AppointmentDeps,
  user: UserRow,
  id: string,
  reason: string,
  meta: Meta,
): Promise<Appointment> {
  const row = await findInScope(deps, user, id);
  assertCan(user, 'appointments:schedule', { clientId: row.clientId });
  const isStaff = isStaffAccount(user);
  const cancelled = await cancelRow(deps, row, reason, {
    id: user.id,
    ip: meta.ip,
    audit: isStaff,
    user,
  });
  queueMail(deps, 'cancelled', cancelled, { notifyFirm: !isStaff });
  return toAppointment(cancelled);
}

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
  const confirmed = await deps.db.transaction(async (tx) => {
    const updated = await confirmVisitorHold(tx, row.id, now);
    if (!updated) return null;
    await insertAppointmentEvent(tx, {
      appointmentId: row.id,
      action: 'visitor_confirmed',
      actorId: null,
      details: {},
    });
    await notifyAppointmentBooked(tx, updated, null);
    return updated;
  });
  const full = (await findAppointment(deps.db, row.id))!;
  if (!confirmed) {
    // Another press got there first, or the hold ran out (or the booking was cancelled) meanwhile.
    if (full.visitorConfirmedAt) {
      return { appointment: toAppointment(full, now), message: M.alreadyConfirmed };
    }
    refuseReleased(deps, full);
    throw AppError.conflict(M.notChangeable, 'TRANSITION_NOT_ALLOWED');
  }
  // The address is proven now: the visitor gets the full request email, the firm its notice.
  queueMail(deps, 'booked', full, { visitorToken: token, notifyFirm: true });
  return { appointment: toAppointment(full, now), message: M.visitorConfirmed };
}

export async function cancelByVisitorLink(
  deps: AppointmentDeps,
  token: string,
  reason: string,
  meta: Meta,
): Promise<Appointment> {
  const row = await byVisitorToken(deps, token);
  refuseReleased(deps, row);
  const cancelled = await cancelRow(deps, row, reason, {
    id: null,
    ip: meta.ip,
    audit: false,
    user: null,
  });
  queueMail(deps, 'cancelled', cancelled, { notifyFirm: !row.holdExpiresAt });
  return toAppointment(cancelled);
}

export async function rescheduleByVisitorLink(
  deps: AppointmentDeps,
  token: string,
  slot: { date: string; time: string },
  meta: Meta,
): Promise<Appointment> {
  const row = await byVisitorToken(deps, token);
  refuseReleased(deps, row);
  if (!isLive(row)) throw AppError.conflict(M.notChangeable, 'TRANSITION_NOT_ALLOWED');
  const moved = await moveAppointment(
    deps,
    row,
    { ...slot, durationMinutes: row.durationMinutes, advocateId: row.advocateId },
    { status: 'scheduled' },
    { id: null, ip: meta.ip, audit: false, user: null },
  );
  queueMail(deps, 'rescheduled', moved, { visitorToken: token, notifyFirm: !row.holdExpiresAt });
  return toAppointment(moved);
}
