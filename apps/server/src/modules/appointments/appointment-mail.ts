import {
  APPOINTMENT_LOCATION_LABELS,
  APPOINTMENT_MESSAGES,
  APPOINTMENT_TYPE_DEFAULTS,
  CONFIRMED_EMAIL_SUBJECT,
  MANAGE_LINK_TEXTS,
  appointmentWhere,
  meetingKindLine,
  VISITOR_HOLD_MINUTES,
  formatKsh,
  formatNairobiDateTime,
  formatNairobiTime,
  SMS,
  type Appointment,
  type AppointmentWithContact,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { OutgoingMail } from '../../lib/mailer';
import { generateToken, hashToken } from '../../lib/tokens';
import { queueDelivery, type DeliveryKind } from '../deliveries/deliveries.repository';
import { queueClientSms } from '../notifications/client-sms';
import { wantsEmail } from '../notifications/notifications.service';
import { findUserById } from '../users/users.repository';
import { readFirmSettings } from '../settings/firm-settings.service';
import { appointmentCalendar } from './appointment-calendar';
import type { AppointmentDeps } from './appointment-deps';
import { forMail } from './appointment-serializer';
import { findAppointment } from './appointments.repository';
import { reissueVisitorToken } from './visitor-holds.repository';

/** One email of an appointment event, to the person it concerns or to the firm. */
export interface AppointmentMail extends OutgoingMail {
  audience: 'person' | 'firm';
}

export type AppointmentMailKind =
  | 'hold'
  | 'booked'
  | 'bookedByFirm'
  | 'confirmed'
  | 'rescheduled'
  | 'meetingLink'
  | 'cancelled'
  | 'reminder';

const FIRM_NAME = 'Mwamba & Associates Advocates';

interface MailDeps {
  firmNotifyEmail: string;
  publicUrl: string;
  mailFrom: string;
}

const SUBJECTS: Record<AppointmentMailKind, string> = {
  hold: 'Please confirm your appointment request',
  booked: 'We received your appointment request',
  bookedByFirm: 'An appointment has been booked for you',
  confirmed: CONFIRMED_EMAIL_SUBJECT,
  rescheduled: 'Your appointment has moved',
  meetingLink: APPOINTMENT_MESSAGES.meetingLinkEmailSubject,
  cancelled: 'Your appointment is cancelled',
  reminder: 'Reminder: your appointment tomorrow',
};

const FIRM_SUBJECTS: Partial<Record<AppointmentMailKind, string>> = {
  booked: 'New appointment request',
  rescheduled: 'Appointment rescheduled by the client',
  cancelled: 'Appointment cancelled by the client',
};

/** "Thu 7 Dec 2026, 10:00 (Nairobi time), 30 minutes": the shared formatter (ADR 016). */
export function nairobiWhen(appointment: Appointment): string {
  return `${formatNairobiDateTime(appointment.startsAt)} (Nairobi time), ${appointment.duration} minutes`;
}

/** An instant the same way, without a duration: when an appointment was cancelled. */
const nairobiMoment = (iso: string) => `${formatNairobiDateTime(iso)} (Nairobi time)`;

/** Where "book again" leads: the booking form, open on the same type when the public may book it. */
const bookAgainPath = (appointment: Appointment) =>
  `/appointments?book=${
    APPOINTMENT_TYPE_DEFAULTS[appointment.type].bookableByClients
      ? appointment.type
      : 'consultation'
  }`;

/** The domain of PUBLIC_URL: calendar UIDs stay stable for one installation. */
const uidDomain = (publicUrl: string) => new URL(publicUrl).hostname;

/** Header values from what a person typed: one line. */
const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ');

/** The appointment's calendar as the emails attach it (also offered for download on booking). */
export function calendarFile(
  deps: Pick<MailDeps, 'mailFrom' | 'publicUrl'>,
  appointment: AppointmentWithContact & { sequence: number },
  manageUrl?: string,
): string {
  return appointmentCalendar(appointment, {
    firmName: FIRM_NAME,
    firmEmail: /<([^>]+)>/.exec(deps.mailFrom)?.[1] ?? deps.mailFrom,
    uidDomain: uidDomain(deps.publicUrl),
    ...(manageUrl ? { manageUrl } : {}),
  });
}

/** "10:42" in Nairobi: when a visitor's hold runs out. */
const nairobiClock = (iso: string) => formatNairobiTime(iso);

/**
 * The email asking a visitor to confirm their booking, sent to an address nobody has proven yet
 * (ADR 022): fixed text, the reference, the firm's own facts (type, time, place) and the
 * link, and nothing the sender typed (no name, title, description), no calendar file (it would
 * carry the title), so the firm's mail cannot carry a stranger's words to any address.
 */
function holdMail(appointment: AppointmentWithContact, manageUrl: string): OutgoingMail {
  const until = appointment.holdExpiresAt ? nairobiClock(appointment.holdExpiresAt) : null;
  return {
    to: appointment.clientEmail,
    subject: `${SUBJECTS.hold}: ${FIRM_NAME}`,
    text: [
      'Hello,',
      '',
      `Someone asked to book an appointment with ${FIRM_NAME} using this email address. If it was you, please confirm it within ${VISITOR_HOLD_MINUTES} minutes${until ? ` (by ${until} Nairobi time)` : ''}: open this link and press "${APPOINTMENT_MESSAGES.confirmMyBooking}".`,
      '',
      manageUrl,
      '',
      `Reference: ${appointment.reference}`,
      `What: ${APPOINTMENT_TYPE_DEFAULTS[appointment.type].label}`,
      `When: ${nairobiWhen(appointment)}`,
      // The place is the firm's own fact (an office's address) or the kind of meeting; never the
      // typed phone number (fixed text only, ADR 022).
      `Where: ${
        appointment.location === 'office'
          ? appointmentWhere(appointment).text
          : APPOINTMENT_LOCATION_LABELS[appointment.location]
      }`,
      '',
      'Until you confirm, the firm has not received the request. If you do not confirm, the time is released for someone else. If it was not you, ignore this email: nothing more will be sent.',
      '',
      FIRM_NAME,
    ].join('\n'),
  };
}

/**
 * The emails of one appointment event, each with the appointment's calendar: to the client or
 * visitor, and to the firm for a new request or a change the client made. Visitors get their link;
 * clients are sent to the portal.
 */
export function appointmentMails(
  deps: MailDeps,
  kind: AppointmentMailKind,
  appointment: AppointmentWithContact & { sequence: number },
  options: {
    manageUrl: string;
    hasAccount: boolean;
    notifyFirm: boolean;
    /** False when the client switched this kind of email off in Profile. */
    toClient?: boolean;
    /** The firm settings' booking auto-reply (the opening of the "booked" email). */
    bookingAutoReply?: string;
    /** The visitor's link was issued afresh for this email: it replaces the earlier ones. */
    linkReissued?: boolean;
  },
): AppointmentMail[] {
  // The hold email goes to an unproven address: the booking claimed it under the daily cap of
  // automatic mail (ADR 023), and `toClient` is false when the cap refused it.
  if (kind === 'hold') {
    return options.toClient === false
      ? []
      : [{ ...holdMail(appointment, options.manageUrl), audience: 'person' }];
  }
  // A visitor's private link stays out of the calendar file: calendars are synced and shared.
  const calendar = calendarFile(
    deps,
    appointment,
    options.hasAccount ? options.manageUrl : undefined,
  );
  const method = appointment.status === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const attachment = {
    filename: 'appointment.ics',
    content: calendar,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
  const type = APPOINTMENT_TYPE_DEFAULTS[appointment.type].label;
  const isCancelled = appointment.status === 'cancelled';
  const where = appointmentWhere(appointment);
  // A cancelled appointment asks no fee and is shown as cancelled, not as still to come (item 8).
  const detailsFor = (audience: 'person' | 'firm') => [
    `Reference: ${appointment.reference}`,
    `What: ${type}: ${appointment.title}`,
    ...(isCancelled
      ? [
          `Status: ${APPOINTMENT_MESSAGES.cancelledState}`,
          `Was: ${nairobiWhen(appointment)}`,
          ...(appointment.cancelledAt
            ? [
                APPOINTMENT_MESSAGES.cancelledOn(
                  nairobiMoment(appointment.cancelledAt),
                  appointment.cancelledBy,
                  audience,
                ),
              ]
            : []),
        ]
      : [
          `Status: ${
            appointment.status === 'confirmed'
              ? APPOINTMENT_MESSAGES.confirmedState
              : kind === 'bookedByFirm'
                ? APPOINTMENT_MESSAGES.bookedByFirmState
                : APPOINTMENT_MESSAGES.requestedState
          }`,
          `When: ${nairobiWhen(appointment)}`,
          `Where: ${where.text}`,
          ...(where.mapUrl ? [`Map: ${where.mapUrl}`] : []),
        ]),
    `Advocate: ${appointment.advocateName}`,
    ...(isCancelled
      ? [APPOINTMENT_MESSAGES.cancelledNoFee]
      : [
          appointment.fee === 0
            ? `Fee: ${APPOINTMENT_MESSAGES.freeOfCharge}`
            : `Fee: ${formatKsh(appointment.fee)} (${appointment.paymentStatus})`,
        ]),
  ];
  const manage = options.hasAccount
    ? MANAGE_LINK_TEXTS.portal(options.manageUrl)
    : options.manageUrl.includes('#token=')
      ? options.linkReissued
        ? MANAGE_LINK_TEXTS.visitor(options.manageUrl)
        : MANAGE_LINK_TEXTS.visitorFirst(options.manageUrl)
      : 'To view, cancel or move it, use the private link in the email we sent when you booked.';
  // The office, the number the firm will call, or the video link (ADR 027).
  const kindLine = meetingKindLine(appointment);
  const opening: Record<Exclude<AppointmentMailKind, 'hold'>, string> = {
    booked: options.bookingAutoReply ?? APPOINTMENT_MESSAGES.whatHappensNext,
    // Staff booked it: nothing was "requested", and nobody else will confirm it (ADR 015).
    bookedByFirm: APPOINTMENT_MESSAGES.bookedForYou,
    confirmed: `Your appointment is confirmed. ${kindLine}`,
    rescheduled:
      appointment.status === 'confirmed'
        ? `Your appointment has a new time. ${kindLine}`
        : 'Your appointment has a new time. We will confirm it by email.',
    // The link was added or changed after the confirmation (ADR 015): the new one, in full.
    meetingLink: APPOINTMENT_MESSAGES.meetingLinkEmailOpening(appointment.meetingLink ?? ''),
    cancelled: `Your appointment has been cancelled.${
      appointment.cancellationReason ? ` Reason given: ${appointment.cancellationReason}` : ''
    }`,
    reminder: `This is a reminder of your appointment tomorrow. ${kindLine}`,
  };

  const clientMessages: AppointmentMail[] = [
    {
      audience: 'person',
      to: appointment.clientEmail,
      subject: `${SUBJECTS[kind]}: ${FIRM_NAME}`,
      text: [
        `Dear ${appointment.client},`,
        '',
        opening[kind],
        '',
        ...detailsFor('person'),
        '',
        ...(kind === 'cancelled'
          ? [APPOINTMENT_MESSAGES.bookAgainAt(`${deps.publicUrl}${bookAgainPath(appointment)}`), '']
          : [manage, '']),
        isCancelled
          ? APPOINTMENT_MESSAGES.cancelledCalendar
          : 'The attached calendar file adds it to your phone or computer calendar.',
        '',
        FIRM_NAME,
      ].join('\n'),
      attachments: [attachment],
    },
  ];
  const messages = options.toClient === false ? [] : clientMessages;
  const firmSubject = FIRM_SUBJECTS[kind];
  if (options.notifyFirm && firmSubject) {
    messages.push({
      audience: 'firm',
      to: deps.firmNotifyEmail,
      replyTo: appointment.clientEmail,
      subject: oneLine(`${firmSubject}: ${appointment.title}`),
      text: [
        `${firmSubject}.`,
        '',
        `Client: ${appointment.client} <${appointment.clientEmail}>${
          appointment.clientPhone ? `, ${appointment.clientPhone}` : ''
        }`,
        ...detailsFor('firm'),
        '',
        `Open the diary: ${deps.publicUrl}/appointments`,
      ].join('\n'),
      attachments: [attachment],
    });
  }
  return messages;
}

/** Where an email sends its reader: a visitor's private link, or a client's portal. */
function manageUrl(deps: Pick<MailDeps, 'publicUrl'>, token: string | null): string {
  return token
    ? `${deps.publicUrl}/appointments/manage#token=${token}`
    : `${deps.publicUrl}/appointments`;
}

/** A fresh private link for a visitor's booking (ADR 027); null when it has none. */
function newVisitorLink(db: Executor, id: string): Promise<string | null> {
  const token = generateToken();
  return reissueVisitorToken(db, id, token, hashToken(token));
}

/** What an appointment event emails: its kind, and to whom besides the person it concerns. */
export interface AppointmentMailPlan {
  kind: AppointmentMailKind;
  /** The visitor's private link as issued by this event (booking, confirming, moving). */
  visitorToken?: string | null;
  notifyFirm?: boolean;
  /** False when the person must not be mailed (the cap of mail to unproven addresses refused). */
  toClient?: boolean;
}

const DELIVERY_KIND: Record<AppointmentMailKind, DeliveryKind> = {
  hold: 'appointment_hold',
  booked: 'appointment_booked',
  bookedByFirm: 'appointment_booked_by_firm',
  confirmed: 'appointment_confirmed',
  rescheduled: 'appointment_rescheduled',
  meetingLink: 'appointment_meeting_link',
  cancelled: 'appointment_cancelled',
  reminder: 'appointment_reminder',
};

/**
 * The client's text of an appointment event (ADR 033): "your consultation on Thu 7 Dec 2026,
 * 10:00 is confirmed". None for a visitor's hold (visitors are not texted: no account, no
 * preferences).
 */
export function appointmentSms(kind: AppointmentMailKind, appointment: Appointment): string | null {
  const what = APPOINTMENT_TYPE_DEFAULTS[appointment.type].label.toLowerCase();
  const when = formatNairobiDateTime(appointment.startsAt);
  switch (kind) {
    case 'hold':
      return null;
    case 'booked':
      return SMS.appointmentRequested(what, when);
    case 'bookedByFirm':
      return SMS.appointmentBookedByFirm(what, when);
    case 'confirmed':
      return SMS.appointmentConfirmed(what, when);
    case 'rescheduled':
      return SMS.appointmentMoved(what, when);
    // A link is read and tapped in the email; a text would only say to look there.
    case 'meetingLink':
      return null;
    case 'cancelled':
      return SMS.appointmentCancelled(what, when);
    case 'reminder':
      return SMS.appointmentTomorrow(what, formatNairobiTime(appointment.startsAt));
  }
}

/**
 * Writes an appointment event's emails (and the client's text) to the outbox in `tx`, the event's own transaction (ADR
 * 028): they exist if and only if the event committed, and go however the process fares after.
 * Hand the returned ids to `outbox.dispatch` once `tx` has committed.
 */
export async function queueAppointmentMail(
  tx: Executor,
  deps: Pick<AppointmentDeps, 'firmNotifyEmail' | 'publicUrl' | 'mailFrom' | 'logger'>,
  appointmentId: string,
  plan: AppointmentMailPlan,
): Promise<string[]> {
  const { kind } = plan;
  const row = await findAppointment(tx, appointmentId);
  if (!row) return [];
  const clientId = row.clientId;
  // A client may switch these emails off in Profile; visitors have no preferences.
  const preferenceKind =
    kind === 'confirmed' || kind === 'rescheduled' || kind === 'cancelled'
      ? (`appointment_${kind}` as const)
      : null;
  const toClient =
    plan.toClient !== false &&
    (clientId && preferenceKind ? await wantsEmail(tx, clientId, preferenceKind) : true);
  // A visitor's booking confirmed, moved or reminded by the firm: the email carries a fresh
  // private link (only hashes are kept, so the first one cannot be sent again; ADR 027).
  const visitorToken =
    plan.visitorToken ??
    (toClient &&
    clientId === null &&
    (kind === 'confirmed' ||
      kind === 'rescheduled' ||
      kind === 'meetingLink' ||
      kind === 'reminder')
      ? await newVisitorLink(tx, row.id)
      : null);
  // The firm's address and the auto-reply in force when the event happened.
  const settings = await readFirmSettings({ ...deps, db: tx });
  const mails = appointmentMails(
    { ...deps, firmNotifyEmail: settings.notificationEmail },
    kind,
    forMail(row),
    {
      manageUrl: manageUrl(deps, visitorToken),
      hasAccount: clientId !== null,
      linkReissued: visitorToken !== null && !plan.visitorToken,
      notifyFirm: plan.notifyFirm ?? false,
      toClient,
      bookingAutoReply: settings.bookingAutoReply,
    },
  );
  const ids: string[] = [];
  const client = clientId ? await findUserById(tx, clientId) : undefined;
  if (client) {
    const sms = appointmentSms(kind, forMail(row));
    if (sms) {
      const id = await queueClientSms(tx, client, 'appointments', DELIVERY_KIND[kind], sms);
      if (id) ids.push(id);
    }
  }
  for (const { audience, ...mail } of mails) {
    ids.push(
      await queueDelivery(tx, {
        channel: 'email',
        kind: audience === 'firm' ? 'appointment_to_firm' : DELIVERY_KIND[kind],
        ...mail,
        // A visitor's private link manages the booking: blanked from the outbox once sent.
        isConfidential: audience === 'person' && visitorToken !== null,
      }),
    );
  }
  return ids;
}
