import {
  APPOINTMENT_LOCATION_LABELS,
  APPOINTMENT_MESSAGES as M,
  APPOINTMENT_TYPES,
  CLIENT_BOOKABLE_TYPES,
  VISITOR_HOLD_MINUTES,
  appointmentWhere,
  isPricedType,
  locationsOf,
  formatKsh,
  nairobiDateTime,
  nairobiToday,
  type Appointment,
  type AppointmentLocation,
  type AppointmentType,
  type CreateAppointmentInput,
} from '@firm/shared';
import { CalendarPlus, CheckCircle2, Mail } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormModal } from '../../../components/ui/form-modal';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { firm, offices } from '../../../content/firm';
import { whyChooseUs } from '../../../content/practice-areas';
import { ApiError, errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useAppointmentTerms } from '../api/appointment-fees';
import { useBookableClients } from '../api/bookable-clients';
import { useBookingCalendar } from '../api/availability';
import { useCreateAppointment } from '../api/change-appointment';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { BookingNotOpen, SLOT_TAKEN_HINT, SlotPicker, formatLongDay } from './slot-picker';
import { EmailText } from '../../../components/ui/email-text';

type BookingValues = CreateAppointmentInput & { consent?: boolean };

const FIELDS = [
  'clientId',
  'durationMinutes',
  'feeKsh',
  'meetingLink',
  'title',
  'type',
  'description',
  'date',
  'time',
  'firstName',
  'lastName',
  'email',
  'phone',
  'consent',
] as const;

/** The schemas (and zod) load when the modal opens (lib/lazy-resolver.ts). */
const loadSchemas = () => import('@firm/shared/appointments/schemas');
const bookingResolver = lazyZodResolver(() =>
  loadSchemas().then((m) => m.createAppointmentInputSchema),
);
const visitorBookingResolver = lazyZodResolver(() =>
  loadSchemas().then((m) => m.createAppointmentInputSchema.extend(m.visitorDetailsSchema.shape)),
);

/** Whether a `?book=` value names a type a visitor or client may book. */
export const isBookableType = (value: string | null): value is AppointmentType =>
  (CLIENT_BOOKABLE_TYPES as readonly string[]).includes(value ?? '');

/**
 * The booking modal (docs/product-rules.md#screens, #records, #validation) for visitors and clients: title, type,
 * description, where, then a date from the calendar and one of that day's free times. Visitors
 * add their contact details and consent, and see 'Why Choose Our Legal Services?'. After booking:
 * what happens next, the reference and the calendar file.
 */
export type BookingMode = 'visitor' | 'client' | 'staff';

export function BookingModal({
  mode,
  initialType,
  initialClient,
  onClose,
}: {
  mode: BookingMode;
  initialType: AppointmentType;
  /** Staff booking for a client chosen elsewhere (the Clients screen's Book appointment). */
  initialClient?: { id: string; name: string };
  onClose: () => void;
}) {
  const isVisitor = mode === 'visitor';
  const isStaff = mode === 'staff';
  const [clientSearch, setClientSearch] = useState('');
  const clients = useBookableClients(useDebouncedValue(clientSearch.trim()), {
    enabled: isStaff,
  });
  const formId = useId();
  const { terms, isKnown } = useAppointmentTerms();
  const create = useCreateAppointment();
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const [booked, setBooked] = useState<{ appointment: Appointment; calendar: string } | null>(null);
  // Opened: the schema loads while the person fills the form in.
  useEffect(() => (isVisitor ? visitorBookingResolver : bookingResolver).preload(), [isVisitor]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<BookingValues>({
    resolver: (isVisitor ? visitorBookingResolver : bookingResolver) as never,
    defaultValues: {
      title: '',
      type: initialType,
      description: '',
      date: '',
      time: '',
      location: 'office',
      officeId: offices.find((office) => office.isMain)?.id ?? '',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      consent: false,
      website: '',
      clientId: initialClient?.id ?? '',
      meetingLink: '',
    },
  });
  const [type, location, date, time] = useWatch({
    control,
    name: ['type', 'location', 'date', 'time'],
  }) as [AppointmentType, string, string, string];
  // The slot picker's first request (same key): says whether any advocate takes bookings yet.
  const calendar = useBookingCalendar({ month: (date || nairobiToday()).slice(0, 7), type });
  // The free preliminary call is by phone only (ADR 015): choosing it sets the place.
  useEffect(() => {
    if (!locationsOf(type).includes(location as AppointmentLocation)) {
      setValue('location', locationsOf(type)[0]!);
    }
  }, [type, location, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFormAlert(null);
    const body: CreateAppointmentInput = { ...values };
    if (!isVisitor) {
      for (const field of ['firstName', 'lastName', 'email', 'phone', 'consent'] as const) {
        delete body[field];
      }
    }
    if (values.location !== 'office') delete body.officeId;
    if (isStaff && !values.clientId) {
      setError('clientId', { type: 'required', message: M.clientRequired });
      return;
    }
    if (!isStaff) {
      for (const field of ['clientId', 'durationMinutes', 'feeKsh', 'meetingLink'] as const) {
        delete body[field];
      }
    }
    try {
      const answer = await create.mutateAsync(body);
      toast.success(answer.message);
      if (answer.appointment && answer.calendar) {
        setBooked({ appointment: answer.appointment, calendar: answer.calendar });
      } else {
        onClose();
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SLOT_TAKEN') {
        setValue('time', '');
        setError('time', { type: 'server', message: SLOT_TAKEN_HINT });
        setFormAlert(SLOT_TAKEN_HINT);
        return;
      }
      if (
        error instanceof ApiError &&
        (error.code === 'VISITOR_BOOKING_LIMIT' || error.code === 'VISITOR_BOOKINGS_PAUSED')
      ) {
        // The caps on online bookings send the visitor to the phone: give the number.
        setFormAlert(`${error.message} Our number: ${firm.phone}.`);
        toast.error(error.message);
        return;
      }
      applyServerErrors(error, setError, FIELDS);
      const message = errorText(error, M.bookFailed);
      setFormAlert(message);
      toast.error(message);
    }
  });

  if (booked?.appointment.visitorHold === 'awaiting') {
    return <HeldBookingDone appointment={booked.appointment} onClose={onClose} />;
  }
  if (booked) {
    return <BookingDone {...booked} mode={mode} onClose={onClose} />;
  }
  if (!isStaff && calendar.data?.bookingOpen === false) {
    return <BookingNotOpenModal onClose={onClose} />;
  }

  const typeDefaults = terms(type);
  const typeTerms = (each: AppointmentType) =>
    terms(each).feeKsh === 0 && !isPricedType(each)
      ? `${terms(each).durationMinutes} min, free, by phone`
      : isKnown
        ? `${terms(each).durationMinutes} min, ${formatKsh(terms(each).feeKsh)}`
        : `${terms(each).durationMinutes} min`;
  return (
    <FormModal
      title="Book an Appointment"
      size="lg"
      description={`${typeDefaults.label}: ${typeTerms(type)}. Times are Nairobi time.`}
      onClose={onClose}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel="Book Appointment"
      busyLabel="Booking…"
      alert={formAlert}
    >
      {isStaff ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Find client"
            type="search"
            placeholder="Name or email"
            value={clientSearch}
            onChange={(event) => setClientSearch(event.target.value)}
          />
          <SelectField label="Client" error={errors.clientId?.message} {...register('clientId')}>
            <option value="">Choose a client…</option>
            {/* One list, one key per client: the pre-chosen client's option is moved, not
                  replaced, when the list arrives, so it stays selected. */}
            {[
              ...(initialClient &&
              !(clients.data?.clients ?? []).some((client) => client.id === initialClient.id)
                ? [{ id: initialClient.id, label: initialClient.name }]
                : []),
              ...(clients.data?.clients ?? []).map((client) => ({
                id: client.id,
                label: `${client.name} (${client.email})`,
              })),
            ].map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      <TextField
        label="Title"
        required
        maxLength={200}
        placeholder="e.g. Land sale agreement"
        error={errors.title?.message}
        {...register('title')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Type" error={errors.type?.message} {...register('type')}>
          {(isStaff ? APPOINTMENT_TYPES : CLIENT_BOOKABLE_TYPES).map((each) => (
            <option key={each} value={each}>
              {terms(each).label} ({typeTerms(each)})
            </option>
          ))}
        </SelectField>
        <SelectField label="Where" {...register('location')}>
          {locationsOf(type).map((each) => (
            <option key={each} value={each}>
              {APPOINTMENT_LOCATION_LABELS[each]}
            </option>
          ))}
        </SelectField>
      </div>
      {location === 'office' ? (
        <SelectField label="Office" {...register('officeId')}>
          {offices.map((office) => (
            <option key={office.id} value={office.id}>
              {office.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextAreaField
        label="Description"
        required
        placeholder="Tell us briefly what you need help with"
        error={errors.description?.message}
        {...register('description')}
      />
      {isStaff ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Duration (minutes)"
            type="number"
            inputMode="numeric"
            min={15}
            max={480}
            placeholder={String(typeDefaults.durationMinutes)}
            error={errors.durationMinutes?.message}
            {...register('durationMinutes', { setValueAs: optionalNumber })}
          />
          <TextField
            label="Fee (KSh)"
            type="number"
            inputMode="numeric"
            min={0}
            placeholder={String(typeDefaults.feeKsh)}
            error={errors.feeKsh?.message}
            {...register('feeKsh', { setValueAs: optionalNumber })}
          />
          {location === 'video' ? (
            <TextField
              label="Meeting link"
              type="url"
              placeholder="https://"
              error={errors.meetingLink?.message}
              {...register('meetingLink')}
            />
          ) : null}
        </div>
      ) : null}
      <SlotPicker
        type={type}
        value={
          { date: date || undefined, time: time || undefined } as { date?: string; time?: string }
        }
        onChange={(slot) => {
          setValue('date', slot.date ?? '');
          setValue('time', slot.time ?? '');
          clearErrors(slot.time ? 'time' : 'date');
        }}
        dateError={errors.date?.message}
        timeError={errors.time?.message}
        forStaff={isStaff}
      />
      {isVisitor ? (
        <>
          <fieldset className="space-y-4">
            <legend className="text-base font-semibold text-slate-900">Your details</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="First Name"
                required
                autoComplete="given-name"
                error={errors.firstName?.message}
                {...register('firstName')}
              />
              <TextField
                label="Last Name"
                required
                autoComplete="family-name"
                error={errors.lastName?.message}
                {...register('lastName')}
              />
              <TextField
                label="Email Address"
                type="email"
                required
                autoComplete="email"
                error={errors.email?.message}
                {...register('email')}
              />
              <TextField
                label="Phone Number"
                type="tel"
                required
                autoComplete="tel"
                placeholder="0712 345 678"
                error={errors.phone?.message}
                {...register('phone')}
              />
            </div>
            {/* Honeypot: hidden from people and from assistive technology; bots fill it in. */}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor={`${formId}-website`}>Website</label>
              <input
                id={`${formId}-website`}
                tabIndex={-1}
                autoComplete="off"
                {...register('website')}
              />
            </div>
            <Checkbox
              label={
                <>
                  I agree that Mwamba &amp; Associates Advocates may use these details to arrange my
                  appointment, as described in the{' '}
                  <Link to="/privacy" className="font-medium text-brand-700 underline">
                    Privacy Policy
                  </Link>
                  .
                </>
              }
              error={errors.consent?.message}
              {...register('consent')}
            />
          </fieldset>
          <WhyChooseUs />
        </>
      ) : null}
    </FormModal>
  );
}

/**
 * A fresh install (no advocate takes bookings yet): the reason and the other ways in, instead of a
 * form whose calendar would never offer a time (ADR 015).
 */
function BookingNotOpenModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title="Book an Appointment"
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-3">
        <h3 className="font-semibold text-slate-900">{M.bookingNotOpenHeading}</h3>
        <BookingNotOpen />
      </div>
    </Modal>
  );
}

/** An empty number field means "the type's default". */
const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

function WhyChooseUs() {
  return (
    <section aria-labelledby="why-choose-us" className="rounded-lg bg-brand-50 p-4">
      <h3 id="why-choose-us" className="font-semibold text-brand-900">
        {M.whyChooseUs}
      </h3>
      <ul className="mt-2 space-y-2 text-sm text-slate-700">
        {whyChooseUs.map((point) => (
          <li key={point.title}>
            <span className="font-medium text-slate-900">{point.title}.</span> {point.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** After booking: what happens next, the reference, and the calendar file for the phone. */
function BookingDone({
  appointment,
  calendar,
  mode,
  onClose,
}: {
  appointment: Appointment;
  calendar: string;
  mode: BookingMode;
  onClose: () => void;
}) {
  const href = useMemo(
    () => URL.createObjectURL(new Blob([calendar], { type: 'text/calendar;charset=utf-8' })),
    [calendar],
  );
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    // One voice (ADR 015): a client's booking is requested, awaiting the firm's
    // confirmation; staff booked it for the client. The contract text 'Appointment booked
    // successfully!' stays the toast (docs/texts.md).
    <Modal
      title={mode === 'staff' ? M.bookedForClientHeading(appointment.client) : M.requestedHeading}
      onClose={onClose}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className="space-y-4 text-sm text-slate-800">
        <p className="flex items-start gap-2">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
          <span>
            <strong className="block">
              {mode === 'staff' ? M.bookedByFirmState : M.requestedState}
            </strong>
            {mode === 'staff' ? null : M.whatHappensNext}
          </span>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-4">
          <dt className="font-medium">Reference</dt>
          <dd data-testid="booking-reference">{appointment.reference}</dd>
          <dt className="font-medium">When</dt>
          <dd>
            {formatLongDay(appointment.date)}, {appointment.time} ({appointment.duration} min)
          </dd>
          <dt className="font-medium">Where</dt>
          <dd>{appointmentWhere(appointment).text}</dd>
          <dt className="font-medium">Fee</dt>
          <dd>{appointment.fee === 0 ? M.freeOfCharge : formatKsh(appointment.fee)}</dd>
        </dl>
        <p>
          {mode === 'visitor'
            ? 'We have emailed you the details with a private link to view, move or cancel the appointment.'
            : mode === 'staff'
              ? `${appointment.client} has been emailed the details. It is in ${appointment.advocateName}'s diary.`
              : 'You can follow it under My Appointments.'}
        </p>
        <a
          href={href}
          download={`appointment-${appointment.reference}.ics`}
          className="inline-flex items-center gap-2 font-semibold text-brand-800 underline"
        >
          <CalendarPlus aria-hidden="true" className="size-5" />
          Add to my calendar (.ics)
        </a>
      </div>
    </Modal>
  );
}

/**
 * A visitor's booking is held until they confirm it from the email (ADR 022): this
 * screen says exactly that, how long the hold lasts and until when, and where to look.
 */
function HeldBookingDone({
  appointment,
  onClose,
}: {
  appointment: Appointment;
  onClose: () => void;
}) {
  const until = appointment.holdExpiresAt
    ? nairobiDateTime(new Date(appointment.holdExpiresAt)).time
    : null;
  return (
    <Modal title={M.heldHeading} onClose={onClose} footer={<Button onClick={onClose}>Done</Button>}>
      <div className="space-y-4 text-sm text-slate-800">
        <p className="flex items-start gap-2">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <span>
            <strong className="block">{M.awaitingEmailConfirmation}</strong>
            {M.holdExplained(VISITOR_HOLD_MINUTES)}
          </span>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-4">
          <dt className="font-medium">Reference</dt>
          <dd data-testid="booking-reference">{appointment.reference}</dd>
          <dt className="font-medium">When</dt>
          <dd>
            {formatLongDay(appointment.date)}, {appointment.time} ({appointment.duration} min)
          </dd>
          <dt className="font-medium">Email sent to</dt>
          <dd>
            <EmailText email={appointment.clientEmail ?? ''} />
          </dd>
          {until ? (
            <>
              <dt className="font-medium">Confirm by</dt>
              <dd>{until} (Nairobi time)</dd>
            </>
          ) : null}
        </dl>
      </div>
    </Modal>
  );
}
