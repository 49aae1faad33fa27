import {
  APPOINTMENT_MESSAGES as M,
  APPOINTMENT_TYPES,
  CLIENT_BOOKABLE_TYPES,
  isPricedType,
  locationsOf,
  formatKsh,
  nairobiToday,
  type Appointment,
  type AppointmentLocation,
  type AppointmentType,
} from '@firm/shared';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormModal } from '../../../components/ui/form-modal';
import { firm, offices } from '../../../content/firm';
import { ApiError, errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useAppointmentTerms } from '../api/appointment-fees';
import { useBookingCalendar } from '../api/availability';
import { useCreateAppointment } from '../api/change-appointment';
import { AppointmentFields, StaffTermsFields } from './booking-appointment-fields';
import { BookingClientPicker } from './booking-client-picker';
import { BookingDone, BookingNotOpenModal, HeldBookingDone } from './booking-result';
import {
  BOOKING_FIELDS,
  bookingRequest,
  bookingResolver,
  visitorBookingResolver,
  type BookingMode,
  type BookingValues,
} from './booking-values';
import { VisitorDetailsFields } from './booking-visitor-details';
import { SLOT_TAKEN_HINT, SlotPicker } from './slot-picker';

export type { BookingMode } from './booking-values';

/**
 * The booking modal (docs/product-rules.md#screens, #records, #validation) for visitors and clients: title, type,
 * description, where, then a date from the calendar and one of that day's free times. Visitors
 * add their contact details and consent, and see 'Why Choose Our Legal Services?'. After booking:
 * what happens next, the reference and the calendar file.
 */
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
    if (isStaff && !values.clientId) {
      setError('clientId', { type: 'required', message: M.clientRequired });
      return;
    }
    try {
      const answer = await create.mutateAsync(bookingRequest(values, mode));
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
      applyServerErrors(error, setError, BOOKING_FIELDS);
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
      busyLabel={M.booking}
      alert={formAlert}
    >
      {isStaff ? (
        <BookingClientPicker
          field={register('clientId')}
          error={errors.clientId?.message}
          initialClient={initialClient}
        />
      ) : null}
      <AppointmentFields
        register={register}
        errors={errors}
        location={location}
        type={type}
        types={isStaff ? APPOINTMENT_TYPES : CLIENT_BOOKABLE_TYPES}
        typeOption={(each) => `${terms(each).label} (${typeTerms(each)})`}
      />
      {isStaff ? (
        <StaffTermsFields
          register={register}
          errors={errors}
          location={location}
          defaults={typeDefaults}
        />
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
      {isVisitor ? <VisitorDetailsFields register={register} errors={errors} /> : null}
    </FormModal>
  );
}
