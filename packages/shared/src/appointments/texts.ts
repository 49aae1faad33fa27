import {
  VISITOR_HOLD_MINUTES,
  VISITOR_OPEN_BOOKINGS_MAX,
  type AppointmentLocation,
  type CancelledBy,
} from './rules';
import { FIRM_IDENTITY } from '../common/firm-identity';
import { mapSearchUrl, officeAddressLine, officeById } from '../common/offices';
import { formatKenyanPhone } from '../common/phone';

/** Who cancelled, to the person booked ("by you") or to the firm ("by the client"). */
function cancelledByText(by: CancelledBy | null, audience: 'person' | 'firm'): string {
  if (by === 'firm') return 'by the firm';
  if (by === 'system') return 'because it was not confirmed from the email in time';
  return audience === 'person' ? 'by you' : 'by the client';
}

/**
 * Texts of the appointments feature: the contract texts word for word where there are some
 * (docs/texts.md), ours for what they leave out. Used by the server's answers and emails and by the screens.
 */
export const APPOINTMENT_MESSAGES = {
  // The booking form's messages and toasts: contract texts (docs/texts.md).
  titleRequired: 'Title is required',
  typeRequired: 'Type is required',
  descriptionRequired: 'Description is required',
  dateRequired: 'Date is required',
  timeRequired: 'Time is required',
  booked: 'Appointment booked successfully!',
  bookFailed: 'Failed to book appointment',

  // The screen's headings (docs/product-rules.md#screens).
  signedInHeading: 'My Appointments',
  visitorHeading: 'Book an Appointment',
  whyChooseUs: 'Why Choose Our Legal Services?',

  // Ours.
  slotTaken: 'That time is no longer available',
  closedDay: 'We are closed on that day. Please choose another date.',
  notASlot: 'Please choose one of the offered times',
  past: 'That time has already passed',
  tooSoon: 'Please book at least 2 hours ahead',
  afterHours: 'The appointment must end before the office closes',
  dateInvalid: 'Please enter a valid date',
  timeInvalid: 'Please choose one of the offered times',
  typeNotBookable: 'Court appearances are entered by the firm',
  clientRequired: 'Please choose the client',
  clientNotFound: 'That client was not found',
  advocateNotFound: 'That advocate was not found',
  noAdvocateFree: 'No advocate is free at that time. Please choose another.',
  notFound: 'Appointment not found',
  accessDenied: 'You do not have permission to manage appointments',
  recordPaymentDenied:
    'Only advocates, and admins allowed to manage cases, can record payments. Ask an advocate to change your permissions.',
  reasonRequired: 'Please give a reason for cancelling',
  cancelled: 'Appointment cancelled',
  updated: 'Appointment updated',
  rescheduled: 'Appointment rescheduled',
  confirmed: 'Appointment confirmed',
  transitionNotAllowed: (from: string, to: string) => `A ${from} appointment cannot become ${to}`,
  notChangeable: 'This appointment can no longer be changed',
  paymentReferenceRequired: 'Please give the payment method and reference',
  linkInvalid: 'This booking link is not valid or has expired',
  durationInvalid: 'Duration must be between 15 and 480 minutes',
  feeInvalid: 'Fee must be a whole number of shillings',
  meetingLinkInvalid: 'Meeting link must be an https:// address',
  meetingLinkNotVideo: 'Only a video call has a meeting link',
  meetingLinkLabel: 'Meeting link',
  meetingLinkHint: 'The https:// address of the video call (Google Meet, Zoom, Teams…).',
  meetingLinkEdit: 'Meeting link',
  meetingLinkEditTitle: 'Meeting link for the video call',
  meetingLinkSave: 'Save and email the client',
  meetingLinkSent: 'Meeting link saved and emailed to the client',
  meetingLinkRemoved: 'Meeting link removed',
  joinTheCall: 'Join the call',
  meetingLinkEmailSubject: 'Your video call link',
  meetingLinkEmailOpening: (link: string) =>
    `Here is the link to join your video call. At the appointment time, open it: ${link}`,
  // a visitor's booking is held until the visitor confirms it from the email.
  heldForVisitor: `Your booking is requested, awaiting your email confirmation. We have emailed you a link: open it and press "Confirm my booking" within ${VISITOR_HOLD_MINUTES} minutes, or the time is released.`,
  heldHeading: 'Check your email to confirm your booking',
  holdExplained: (minutes: number) =>
    `We are holding this time for you for ${minutes} minutes. Open the email we just sent you and press "Confirm my booking"; if you do not, the time is released for someone else.`,
  awaitingEmailConfirmation: 'Requested, awaiting your email confirmation',
  holdBadge: { awaiting: 'Awaiting email confirmation', released: 'Time released' },
  awaitingVisitorConfirmation: "Awaiting the visitor's email confirmation",
  holdUntil: (time: string) => `Confirm by ${time} (Nairobi time), or the time is released.`,
  notReceivedUntilConfirmed: 'Until you confirm, the firm has not received your request.',
  confirmMyBooking: 'Confirm my booking',
  visitorConfirmed:
    'Thank you: the firm now has your appointment request. An advocate will check the diary and email you, usually within one working day, to confirm the time or offer another.',
  alreadyConfirmed: 'You have already confirmed this booking. The firm has your request.',
  holdReleased: `This booking was not confirmed from the email within ${VISITOR_HOLD_MINUTES} minutes, so its time was released. You are welcome to book again.`,
  holdReleasedReason: `Not confirmed from the email within ${VISITOR_HOLD_MINUTES} minutes: the time was released`,
  bookAgain: 'Book again',
  notYetConfirmedByVisitor:
    'The visitor has not yet confirmed this booking from the email. It can be confirmed once they have.',
  tooManyOpenBookings: `You already have ${VISITOR_OPEN_BOOKINGS_MAX} open bookings with us under this email or phone number. Please confirm, cancel or attend one of them first (each has its own link in your email), or call the firm to book by phone.`,
  dailyCeilingReached:
    'We cannot take more online bookings today. Please call the firm to book by phone, or try again tomorrow.',
  clientOverlap: 'You already have an appointment at that time. Please choose another time.',
  clientOverlapForStaff:
    'This client already has an appointment at that time. Please choose another time.',
  whatHappensNext:
    'We have received your request. An advocate will confirm it by email, usually within one working day.',
  // ADR 015: the calendar shows where the free days are, and says why there are none.
  bookingNotOpenHeading: 'Online booking is not open yet',
  /** Followed on screen by the firm's number as a tel: link and a link to the contact form. */
  bookingNotOpen: "Online booking opens once the firm's diary is set up.",
  bookingNotOpenCall: 'Call us on',
  bookingNotOpenWrite: 'write to us',
  bookingNotOpenStaff:
    'No advocate takes bookings yet: an advocate account must be verified and active first.',
  dayFullyBooked: 'fully booked',
  dayNoTimesLeft: 'no times left today',
  dayClosed: 'closed',
  calendarLegend:
    'Times are Nairobi time (EAT). We are closed on Sundays and public holidays; crossed-out days have no free time.',

  // ADR 015: one voice for what happened, on the screens, in the emails and notices.
  /** The result screen's heading after a client's (or a confirmed visitor's) booking. */
  requestedHeading: 'Appointment requested',
  /** Its state in a word: requested, not yet confirmed by the firm. */
  requestedState: "Requested, awaiting the firm's confirmation",
  confirmedState: 'Confirmed by the firm',
  /** Staff booked it for a client: the result screen, the client's email and notice. */
  bookedForClientHeading: (client: string) => `Appointment booked for ${client}`,
  bookedForYou: `This appointment has been booked for you by the firm. It is in your advocate's diary; nothing more is needed from you.`,
  bookedByFirmState: 'Booked for you by the firm',

  // ADR 015: a cancelled booking says so everywhere, with when and by whom.
  cancelledState: 'Cancelled',
  cancelledBy: cancelledByText,
  cancelledOn: (when: string, by: CancelledBy | null, audience: 'person' | 'firm') =>
    `Cancelled on ${when} ${cancelledByText(by, audience)}.`,
  cancelledNoFee: 'No fee is due for a cancelled appointment.',
  cancelledCalendar: 'The attached calendar file removes it from your phone or computer calendar.',
  bookAgainAt: (url: string) => `You are welcome to book again at any time: ${url}`,
  /** The fee as a person reads it: a free call says so. */
  freeOfCharge: 'Free (no fee)',
  /** The result screen's last line: where the details went, for each who booked. */
  detailsEmailedToVisitor:
    'We have emailed you the details with a private link to view, move or cancel the appointment.',
  detailsEmailedToClient: (client: string, advocate: string) =>
    `${client} has been emailed the details. It is in ${advocate}'s diary.`,
  followInMyAppointments: 'You can follow it under My Appointments.',
  /** A court date in the diary whose court is not entered yet. */
  courtNotRecorded: 'Court not yet recorded',

  // The screens' loading and busy words.
  listLoading: 'Loading appointments',
  diaryLoading: 'Loading the diary',
  calendarLoading: 'Loading the calendar',
  timesLoading: 'Loading free times',
  courtDatesLoading: 'Loading appointments…',
  visitorBookingLoading: 'Loading your appointment',
  booking: 'Booking…',
  cancelling: 'Cancelling…',
  confirming: 'Confirming…',
} as const;

/**
 * Where an appointment happens, as the screens, the emails and the calendar file say it (ADR 015):
 * the office's name and address with a map link; the number the firm will call; the
 * meeting link (or that it will follow).
 */
export function appointmentWhere(appointment: {
  location: AppointmentLocation;
  officeId: string | null;
  meetingLink: string | null;
  clientPhone: string | null;
}): { text: string; mapUrl: string | null } {
  if (appointment.location === 'office') {
    const office = officeById(appointment.officeId);
    return { text: officeAddressLine(office), mapUrl: mapSearchUrl(office) };
  }
  if (appointment.location === 'phone') {
    return {
      text: appointment.clientPhone
        ? `We will call you on ${formatKenyanPhone(appointment.clientPhone)}`
        : `By phone: we will call you on the number you gave us (our number: ${FIRM_IDENTITY.phone})`,
      mapUrl: null,
    };
  }
  return {
    text: appointment.meetingLink
      ? `Video call: ${appointment.meetingLink}`
      : 'Video call: we will email you the meeting link before the appointment',
    mapUrl: null,
  };
}

/**
 * What a person needs to know for this kind of meeting, in one sentence (ADR 027): the office to
 * come to, the number the firm will call, or the video link. `person` is the client or visitor
 * ("we will call you"); `staff` is the advocate's side ("call the client").
 */
export function meetingKindLine(
  appointment: {
    location: AppointmentLocation;
    officeId: string | null;
    meetingLink: string | null;
    clientPhone: string | null;
  },
  audience: 'person' | 'staff' = 'person',
): string {
  if (appointment.location === 'office') {
    const office = officeById(appointment.officeId);
    return audience === 'person'
      ? `Please come to our office: ${officeAddressLine(office)}. We look forward to seeing you.`
      : `At ${officeAddressLine(office)}.`;
  }
  if (appointment.location === 'phone') {
    if (audience === 'staff')
      return appointment.clientPhone
        ? `A phone call: call the client on ${formatKenyanPhone(appointment.clientPhone)}.`
        : 'A phone call: the client gave no number; find it on their record.';
    return appointment.clientPhone
      ? `We will call you on ${formatKenyanPhone(appointment.clientPhone)}.`
      : `We will call you on the number you gave us. Our number is ${FIRM_IDENTITY.phone}.`;
  }
  if (appointment.meetingLink)
    return audience === 'person'
      ? `Join the video call with this link: ${appointment.meetingLink}`
      : `A video call: ${appointment.meetingLink}`;
  return audience === 'person'
    ? 'We will email you the video call link before the appointment.'
    : 'A video call: add the meeting link so the client can join.';
}

/** Where to see, move or cancel the appointment, as the emails say it (ADR 027). */
export const MANAGE_LINK_TEXTS = {
  portal: (url: string) => `See or change it in the portal: ${url}`,
  visitor: (url: string) =>
    `View, cancel or move it with this private link (it works until the appointment starts; it replaces the link in our earlier emails): ${url}`,
  visitorFirst: (url: string) =>
    `View, cancel or move it with this private link (it works until the appointment starts): ${url}`,
} as const;

/** The confirmation email's subject, shared by the email and the screen that previews it. */
export const CONFIRMED_EMAIL_SUBJECT = 'Your appointment is confirmed';

/**
 * What the confirmation email will say, for the screen where staff confirm a booking (ADR 027):
 * the same subject and opening the server sends, and what else it carries.
 */
export function confirmationEmailPreview(appointment: {
  location: AppointmentLocation;
  officeId: string | null;
  meetingLink: string | null;
  clientPhone: string | null;
  clientId: string | null;
}): { subject: string; opening: string; includes: string[] } {
  return {
    subject: `${CONFIRMED_EMAIL_SUBJECT}: ${FIRM_IDENTITY.name}`,
    opening: `Your appointment is confirmed. ${meetingKindLine(appointment)}`,
    includes: [
      'The reference, the time in Nairobi, the place, the advocate and the fee',
      appointment.clientId
        ? 'A link to see or change it in their portal'
        : 'A new private link to view, move or cancel it (the links in earlier emails stop working)',
      'A calendar file for their phone or computer',
    ],
  };
}

export const CONFIRM_REVIEW_TEXTS = {
  heading: 'Confirm this appointment?',
  bodyLabel: 'The appointment and the email',
  who: 'Who',
  kind: 'Kind',
  when: 'When',
  where: 'Where',
  willReceive: (email: string) => `${email} will receive this email:`,
  willReceiveNoEmail: 'The client will receive this email:',
  subject: 'Subject',
  alsoIncludes: 'It also includes:',
  confirm: 'Confirm and send',
  cancel: 'Cancel',
} as const;

/**
 * The diary's and the booking form's failure texts (the fallback when the server gives no message of
 * its own), and the lists' and free times' empty states.
 */
export const APPOINTMENT_SCREEN_FAILURES = {
  updateFailed: 'Failed to update appointment',
  cancelFailed: 'Failed to cancel appointment',
  paymentFailed: 'Failed to record payment',
  listLoadFailed: 'Failed to fetch appointments',
  calendarLoadFailed: 'The calendar could not be loaded.',
  timesLoadFailed: 'The free times could not be loaded.',
  noAppointments: 'No appointments found',
  diaryEmptyDay: 'Nothing in the diary that day',
  diaryEmptyWeek: 'Nothing in the diary that week',
  chooseDateFirst: 'Choose a date to see the free times.',
  noFreeTimes: (day: string) => `No free times on ${day}. Please choose another date.`,
} as const;

/**
 * What the diary says of the filters only a link sets (a dashboard tile, a report's figure), in
 * one sentence: "Showing free preliminary calls Sun 1 Nov 2026 to Mon 30 Nov 2026, with a fee."
 * Days arrive in words.
 */
export const APPOINTMENT_LINK_FILTER_TEXTS = {
  appointments: 'appointments',
  /** A type's label as a plural noun: "Free preliminary call" → "free preliminary calls". */
  typePlural: (label: string) => `${label.toLowerCase()}s`,
  oneAdvocate: 'one advocate’s diary',
  awaitingFirm: 'waiting for the firm’s confirmation',
  feesPending: 'fees not yet paid',
  paid: 'paid',
  paidOn: (days: string) => `paid ${days}`,
  bookedOn: (days: string) => `booked ${days}`,
  markedPaidWithoutReceipt: 'marked paid without a receipt',
  markedPaidWithoutReceiptOn: (days: string) => `marked paid ${days} without a receipt`,
  withFee: 'with a fee',
  /** The fees of every appointment listed (all pages), beside their count. */
  feesTotal: (amount: string) => `${amount} in fees`,
  cancelledBy: {
    client: 'cancelled by the client',
    firm: 'cancelled by the firm',
    system: 'cancelled because the visitor never confirmed',
  },
  showing: (noun: string, parts: string) => `Showing ${noun}${parts ? ` ${parts}` : ''}.`,
} as const;
