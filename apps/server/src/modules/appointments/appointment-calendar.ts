import {
  APPOINTMENT_TYPE_DEFAULTS,
  FIRM_TIME_ZONE,
  appointmentWhere,
  type AppointmentWithContact,
} from '@firm/shared';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';

/**
 * Africa/Nairobi for calendars that do not know it: East Africa Time, UTC+3 all year (no daylight
 * saving since 1960), so one STANDARD component describes it exactly.
 */
const NAIROBI_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${FIRM_TIME_ZONE}`,
  `X-LIC-LOCATION:${FIRM_TIME_ZONE}`,
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0300',
  'TZNAME:EAT',
  'DTSTART:19700101T000000',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * `instant` as ical-generator reads a zoned date (the shape of @date-fns/tz's TZDate): it asks
 * `withTimeZone(zone)` for a date whose local fields are that zone's wall clock. Without it a plain
 * Date is written on the server process's clock under TZID=Africa/Nairobi, wrong on any server not
 * set to Nairobi. Nairobi's wall clock is UTC+3 all year.
 */
function nairobiDate(instant: Date): Date {
  const wall = new Date(instant.getTime() + NAIROBI_OFFSET_MS);
  const wallClock = Object.assign(new Date(instant), {
    getFullYear: () => wall.getUTCFullYear(),
    getMonth: () => wall.getUTCMonth(),
    getDate: () => wall.getUTCDate(),
    getHours: () => wall.getUTCHours(),
    getMinutes: () => wall.getUTCMinutes(),
    getSeconds: () => wall.getUTCSeconds(),
  });
  return Object.assign(new Date(instant), {
    internal: new Date(instant),
    withTimeZone: () => wallClock,
    tzComponents: () => [],
  });
}

/**
 * A name as a quoted parameter value (CN="…"). RFC 5545 gives a quoted parameter no escape: its
 * value is any character but a control character and the double quote, and ical-generator's
 * backslash before a quote is not one (the line no longer parses: ADR 016). So a double
 * quote becomes an apostrophe and control characters go; ical-generator's doubling of a
 * backslash is no escape either, so a backslash becomes a slash. A semicolon is allowed there,
 * but naive parsers (node-ical among them) end the parameter at it, so it becomes a comma.
 */
export function quotedParameterText(text: string): string {
  return (
    text
      .replace(/"/g, "'")
      .replace(/\\/g, '/')
      .replace(/;/g, ',')
      // eslint-disable-next-line no-control-regex -- CONTROL is what a quoted parameter excludes
      .replace(/[\u0000-\u001F\u007F]/g, ' ')
  );
}

export interface CalendarOptions {
  firmName: string;
  firmEmail: string;
  /** The domain after `@` in the UID, stable for one installation. */
  uidDomain: string;
  /** Where the attendee manages the appointment (the portal, or a visitor's link). */
  manageUrl?: string;
}

/** The UID every calendar message about one appointment carries, so calendars update one entry. */
export const appointmentUid = (appointmentId: string, uidDomain: string) =>
  `appointment-${appointmentId}@${uidDomain}`;

/**
 * An RFC 5545 calendar for one appointment: METHOD:REQUEST while it stands (booked, confirmed,
 * rescheduled), METHOD:CANCEL once cancelled, always with the appointment's UID and its current
 * SEQUENCE, in Africa/Nairobi time.
 */
export function appointmentCalendar(
  appointment: AppointmentWithContact & { sequence: number },
  options: CalendarOptions,
): string {
  const isCancelled = appointment.status === 'cancelled';
  const calendar = ical({
    prodId: { company: options.firmName, product: 'Appointments', language: 'EN' },
    method: isCancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    timezone: { name: FIRM_TIME_ZONE, generator: () => NAIROBI_VTIMEZONE },
  });
  const type = APPOINTMENT_TYPE_DEFAULTS[appointment.type].label;
  calendar.createEvent({
    id: appointmentUid(appointment.id, options.uidDomain),
    sequence: appointment.sequence,
    start: nairobiDate(new Date(appointment.startsAt)),
    end: nairobiDate(new Date(appointment.endsAt)),
    timezone: FIRM_TIME_ZONE,
    stamp: new Date(appointment.updatedAt),
    summary: `${type}: ${appointment.title} (${options.firmName})`,
    description: [
      `Reference: ${appointment.reference}`,
      `Advocate: ${appointment.advocateName}`,
      ...(options.manageUrl ? [`Manage your appointment: ${options.manageUrl}`] : []),
    ].join('\n'),
    // The office's name and address, the number we will call, or the meeting link (ADR 015):
    // "At our office" named no office.
    location:
      appointment.location === 'video' && appointment.meetingLink
        ? appointment.meetingLink
        : appointmentWhere(appointment).text,
    ...(options.manageUrl ? { url: options.manageUrl } : {}),
    status: isCancelled
      ? ICalEventStatus.CANCELLED
      : appointment.status === 'confirmed'
        ? ICalEventStatus.CONFIRMED
        : ICalEventStatus.TENTATIVE,
    organizer: { name: quotedParameterText(options.firmName), email: options.firmEmail },
    attendees: [
      {
        name: quotedParameterText(appointment.client),
        email: appointment.clientEmail,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
      },
    ],
  });
  return calendar.toString();
}

/** The UID of a court date in a feed: one entry per case, moved when the date moves. */
export const courtDateUid = (caseId: string, uidDomain: string) =>
  `court-date-${caseId}@${uidDomain}`;

export interface FeedAppointment {
  id: string;
  type: AppointmentWithContact['type'];
  title: string;
  reference: string;
  status: AppointmentWithContact['status'];
  startsAt: string;
  endsAt: string;
  updatedAt: string;
  advocateName: string | null;
  /** Staff feeds name who comes; a client's own feed leaves it out. */
  client: string | null;
  location: AppointmentWithContact['location'];
  meetingLink: string | null;
  /** For the place in full (appointmentWhere): the office, or the number the firm calls. */
  officeId: string | null;
  clientPhone: string | null;
}

export interface FeedCourtDate {
  caseId: string;
  caseNumber: string;
  caseTitle: string;
  court: string | null;
  courtCaseNumber: string | null;
  courtDate: Date;
  clientName: string | null;
}

/**
 * A person's subscribed calendar (ADR 025): no METHOD (a published calendar, not
 * an invitation), their appointments and court dates, each with a stable UID so a calendar
 * updates its entry when the record moves. No attendee: the feed names nobody's email.
 */
export function personalFeedCalendar(
  entries: { appointments: readonly FeedAppointment[]; courtDates: readonly FeedCourtDate[] },
  options: Pick<CalendarOptions, 'firmName' | 'uidDomain'> & {
    calendarName: string;
    portalUrl: string;
    courtMinutes: number;
    courtSummary: (caseNumber: string, court: string | null) => string;
  },
): string {
  const calendar = ical({
    name: quotedParameterText(options.calendarName),
    prodId: { company: options.firmName, product: 'Calendar feed', language: 'EN' },
    timezone: { name: FIRM_TIME_ZONE, generator: () => NAIROBI_VTIMEZONE },
    ttl: 60 * 60,
  });
  for (const appointment of entries.appointments) {
    const type = APPOINTMENT_TYPE_DEFAULTS[appointment.type].label;
    calendar.createEvent({
      id: appointmentUid(appointment.id, options.uidDomain),
      start: nairobiDate(new Date(appointment.startsAt)),
      end: nairobiDate(new Date(appointment.endsAt)),
      timezone: FIRM_TIME_ZONE,
      stamp: new Date(appointment.updatedAt),
      summary: `${type}: ${appointment.title}`,
      description: [
        `Reference: ${appointment.reference}`,
        ...(appointment.client ? [`Client: ${appointment.client}`] : []),
        ...(appointment.advocateName ? [`Advocate: ${appointment.advocateName}`] : []),
        `${options.portalUrl}/appointments`,
      ].join('\n'),
      location:
        appointment.location === 'video' && appointment.meetingLink
          ? appointment.meetingLink
          : appointmentWhere(appointment).text,
      status:
        appointment.status === 'confirmed' ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  for (const court of entries.courtDates) {
    calendar.createEvent({
      id: courtDateUid(court.caseId, options.uidDomain),
      start: nairobiDate(court.courtDate),
      end: nairobiDate(new Date(court.courtDate.getTime() + options.courtMinutes * 60_000)),
      timezone: FIRM_TIME_ZONE,
      summary: options.courtSummary(court.caseNumber, court.court),
      description: [
        court.caseTitle,
        ...(court.courtCaseNumber ? [`Court case number: ${court.courtCaseNumber}`] : []),
        ...(court.clientName ? [`Client: ${court.clientName}`] : []),
        `${options.portalUrl}/cases/${court.caseId}`,
      ].join('\n'),
      ...(court.court ? { location: court.court } : {}),
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
