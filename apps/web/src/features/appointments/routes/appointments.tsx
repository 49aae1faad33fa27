import {
  APPOINTMENT_MESSAGES as M,
  can,
  formatKsh,
  isClientBookableType,
  isStaffAccount,
  nairobiToday,
  type AppointmentType,
} from '@firm/shared';
import { CalendarPlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageHeading } from '../../../components/ui/page-heading';
import { Spinner } from '../../../components/ui/spinner';
import type { RouteHandle } from '../../../lib/seo';
import { useSession } from '../../../lib/session';
import { useAppointmentTerms } from '../api/appointment-fees';
import { useCourtDates } from '../api/court-dates';
import { Agenda } from '../components/agenda';
import { AppointmentsList } from '../components/appointments-list';
import { CourtDatesSection } from '../components/upcoming-court-dates';
import { readBookingToken, removeBookingTokenFromAddress } from '../booking-token';

// The booking form and a visitor's booking page load when they are opened (or Book is pointed
// at), not with the list: with react-hook-form, the calendar and M-Pesa's dialog they were a
// sixth of what a client's My Appointments downloaded and ran before it could draw (ADR 032).
const loadBookingModal = () => import('../components/booking-modal');
const BookingModal = lazy(() => loadBookingModal().then((m) => ({ default: m.BookingModal })));
const VisitorBooking = lazy(() =>
  import('../components/visitor-booking').then((m) => ({ default: m.VisitorBooking })),
);

export const handle: RouteHandle = {
  seo: {
    title: 'Book an Appointment | Mwamba & Associates Advocates',
    description:
      'Book a consultation with an advocate in Nairobi, Thika or Kitengela, by phone or video call: choose a free time and get a confirmation by email.',
  },
};

/**
 * /appointments: 'My Appointments' when signed in, otherwise 'Book an Appointment'
 * (docs/product-rules.md#screens). `?book=consultation` (or follow_up) opens the booking modal, and keeps it open across a
 * reload; staff may add `&client=<id>&clientName=…` to book for that client (the Clients screen's
 * Book appointment). /appointments/manage#token=… is a visitor's emailed link.
 */
export function Component() {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, '') === '/appointments/manage') return <ManageBooking />;
  return <Appointments />;
}

function Appointments() {
  const { status, user } = useSession();
  const [params, setParams] = useSearchParams();
  const book = params.get('book');
  // `&client=<id>&clientName=…`: staff booking for a client chosen on the Clients screen.
  const clientId = params.get('client');
  const initialClient = clientId
    ? { id: clientId, name: params.get('clientName') ?? 'Chosen client' }
    : undefined;
  const { terms, isKnown } = useAppointmentTerms();
  const consultation = terms('consultation');
  const freeCall = terms('preliminary_call');
  const isSignedIn = status === 'signed-in' && user !== null;
  const isStaff = isSignedIn && isStaffAccount(user);
  // A client's court dates sit above their appointments: the list waits for them, so it does not
  // jump down the screen when they arrive (a layout shift). Same query as the section's.
  const showsCourtDates = isSignedIn && !isStaff;
  const courtDates = useCourtDates({ from: nairobiToday() }, { enabled: showsCourtDates });
  // Visitors and clients book for themselves; staff for a client, with the toggle.
  const mayBook = !isStaff || can(user, 'appointments:schedule');
  const openBooking = (type: AppointmentType = 'consultation') =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('book', type);
        return next;
      },
      { preventScrollReset: true },
    );
  const closeBooking = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('book');
        next.delete('client');
        next.delete('clientName');
        return next;
      },
      { preventScrollReset: true, replace: true },
    );

  if (status === 'loading') return <PageHeading title={M.visitorHeading} />;
  return (
    <>
      <PageHeading title={isSignedIn ? M.signedInHeading : M.visitorHeading}>
        {isSignedIn ? null : (
          <p>
            {/* The whole offer, as the home page states it. */}
            Start with a free {freeCall.durationMinutes}-minute preliminary call by phone, or book a{' '}
            {consultation.durationMinutes}-minute initial consultation with an advocate
            {isKnown ? ` (${formatKsh(consultation.feeKsh)})` : ''} at one of our offices, by phone
            or by video call. Choose a free time; we confirm by email.
          </p>
        )}
      </PageHeading>
      <div className="mx-auto max-w-6xl space-y-8 px-4 pb-12 sm:px-6">
        {mayBook ? (
          <Button
            size="lg"
            onClick={() => openBooking()}
            onPointerEnter={() => void loadBookingModal()}
            onFocus={() => void loadBookingModal()}
          >
            <CalendarPlus aria-hidden="true" className="size-5" />
            {isStaff ? 'New Appointment' : 'Book Appointment'}
          </Button>
        ) : null}
        {isStaff && can(user, 'appointments:view') ? <Agenda user={user} /> : null}
        {showsCourtDates && courtDates.isPending ? <Spinner label={M.courtDatesLoading} /> : null}
        {showsCourtDates && courtDates.isSuccess ? (
          <CourtDatesSection courtDates={courtDates.data.courtDates} />
        ) : null}
        {isSignedIn && !(showsCourtDates && courtDates.isPending) ? (
          <section aria-labelledby="all-appointments" className="space-y-3">
            {isStaff ? (
              <h2 id="all-appointments" className="text-xl font-semibold text-slate-900">
                All Appointments
              </h2>
            ) : (
              <h2 id="all-appointments" className="sr-only">
                Your appointments
              </h2>
            )}
            <AppointmentsList user={user} />
          </section>
        ) : null}
      </div>
      {mayBook && book !== null ? (
        <Suspense fallback={null}>
          <BookingModal
            mode={!isSignedIn ? 'visitor' : isStaff ? 'staff' : 'client'}
            initialType={isClientBookableType(book) ? book : 'consultation'}
            initialClient={isStaff ? initialClient : undefined}
            onClose={closeBooking}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function ManageBooking() {
  const [token] = useState(() => readBookingToken(window.location));
  // Once read, the token leaves the address bar (and the history, and any Referer).
  useEffect(() => removeBookingTokenFromAddress(window.location, window.history), []);
  return (
    <>
      <PageHeading title="Your Appointment" />
      <div className="mx-auto max-w-3xl px-4 pb-12 sm:px-6">
        <Suspense fallback={<Spinner label={M.visitorBookingLoading} />}>
          <VisitorBooking token={token} />
        </Suspense>
      </div>
    </>
  );
}
