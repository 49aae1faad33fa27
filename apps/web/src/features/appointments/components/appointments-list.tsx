import {
  MESSAGES,
  APPOINTMENT_LINK_FILTER_TEXTS as L,
  APPOINTMENT_MESSAGES as M,
  APPOINTMENT_TYPE_DEFAULTS,
  APPOINTMENT_TYPES,
  CANCELLED_BY,
  APPOINTMENT_PAYMENT_TEXTS as P,
  APPOINTMENT_STATUS_LABELS,
  can,
  formatKsh,
  type Appointment,
  type AppointmentStatus,
  type AppointmentType,
  type CancelledBy,
  type PublicUser,
  isClientAccount,
  isStaffAccount,
  APPOINTMENT_SCREEN_FAILURES,
  MPESA_TEXTS,
} from '@firm/shared';
import { lazy, Suspense, useState } from 'react';
import toast from 'react-hot-toast';
import { SearchInput } from '../../../components/list/filter-controls';
import { ListResults } from '../../../components/list/list-states';
import { Pagination } from '../../../components/list/pagination';
import { useListParams } from '../../../components/list/use-list-params';
import { Button } from '../../../components/ui/button';
import { Tabs } from '../../../components/ui/tabs';
import { errorText } from '../../../lib/api-client';
import { formatDayRange } from '../../../lib/format';
import { FilterNotice } from '../../../components/list/filter-notice';
import { useCancelAppointment, useUpdateAppointment } from '../api/change-appointment';
import { useAppointments } from '../api/list-appointments';
import { AppointmentCard } from './appointment-card';

// An appointment's dialogs (its forms, the calendar, M-Pesa) load when the list is first touched
// or focused, not with the page: they were most of what My Appointments ran before it could draw,
// for dialogs most visits never open (ADR 032).
const loadActions = () => import('./appointment-actions');
const loadPayDialog = () => import('./appointment-pay-dialog');
const preloadDialogs = () => {
  void loadActions();
  void loadPayDialog();
};
const ConfirmReviewModal = lazy(() =>
  loadActions().then((m) => ({ default: m.ConfirmReviewModal })),
);
const RescheduleModal = lazy(() => loadActions().then((m) => ({ default: m.RescheduleModal })));
const MeetingLinkModal = lazy(() => loadActions().then((m) => ({ default: m.MeetingLinkModal })));
const CancelModal = lazy(() => loadActions().then((m) => ({ default: m.CancelModal })));
const PaymentModal = lazy(() => loadActions().then((m) => ({ default: m.PaymentModal })));
const AppointmentPayDialog = lazy(() =>
  loadPayDialog().then((m) => ({ default: m.AppointmentPayDialog })),
);

type StatusTab = 'all' | 'live' | AppointmentStatus;
const TABS: readonly StatusTab[] = [
  'all',
  'live',
  'scheduled',
  'confirmed',
  'completed',
  'cancelled',
];
const tabLabel = (tab: StatusTab) =>
  tab === 'all' ? 'All' : tab === 'live' ? 'Active' : APPOINTMENT_STATUS_LABELS[tab];

/**
 * Filters a link may set (the dashboards' tiles, the reports' figures): days, one advocate's
 * diary, a type, who cancelled, fees and how they were paid.
 */
const LINK_FILTERS = {
  from: '',
  to: '',
  advocate: '',
  type: '',
  cancelledBy: '',
  fee: '',
  payment: '',
  paidFrom: '',
  paidTo: '',
  bookedFrom: '',
  bookedTo: '',
  receipt: '',
  awaiting: '',
};

const isType = (value: string): value is AppointmentType =>
  (APPOINTMENT_TYPES as readonly string[]).includes(value);
const isCancelledBy = (value: string): value is CancelledBy =>
  (CANCELLED_BY as readonly string[]).includes(value);

function describeFilters(filters: typeof LINK_FILTERS): string {
  const parts: string[] = [];
  const days = formatDayRange(filters.from, filters.to);
  if (days) parts.push(days);
  const bookedDays = formatDayRange(filters.bookedFrom, filters.bookedTo);
  if (bookedDays) parts.push(L.bookedOn(bookedDays));
  if (filters.advocate) parts.push(L.oneAdvocate);
  if (filters.awaiting === 'firm') parts.push(L.awaitingFirm);
  if (isCancelledBy(filters.cancelledBy)) parts.push(L.cancelledBy[filters.cancelledBy]);
  if (filters.fee === 'charged') parts.push(L.withFee);
  if (filters.payment === 'pending') parts.push(L.feesPending);
  const paidDays = formatDayRange(filters.paidFrom, filters.paidTo);
  if (filters.receipt === 'none') {
    parts.push(paidDays ? L.markedPaidWithoutReceiptOn(paidDays) : L.markedPaidWithoutReceipt);
  } else if (paidDays) parts.push(L.paidOn(paidDays));
  else if (filters.payment === 'paid') parts.push(L.paid);
  const noun = isType(filters.type)
    ? L.typePlural(APPOINTMENT_TYPE_DEFAULTS[filters.type].label)
    : L.appointments;
  return parts.length || noun !== L.appointments ? L.showing(noun, parts.join(', ')) : '';
}

type Dialog = {
  kind: 'confirm' | 'reschedule' | 'meetingLink' | 'cancel' | 'payment' | 'pay';
  appointment: Appointment;
} | null;

/**
 * The signed-in list (docs/product-rules.md#screens): search, the status tabs and the cards, with Reschedule and
 * Cancel for whoever may (a client on their own; staff with canScheduleAppointments), and for staff
 * Confirm, Complete and Record payment; a client pays their own appointment's fee with M-Pesa.
 * Search, tab and page live in the URL.
 */
export function AppointmentsList({ user }: { user: PublicUser }) {
  const list = useListParams({ status: 'all', ...LINK_FILTERS });
  const status = list.filters.status as StatusTab;
  const { status: _status, ...links } = list.filters;
  const linkFilters = describeFilters(links);
  // A link about money (a report's fees billed, owed or marked paid): the list adds its fees up.
  const aboutFees = links.fee === 'charged' || links.receipt === 'none' || links.payment !== '';
  const {
    from,
    to,
    advocate,
    type,
    cancelledBy,
    fee,
    payment,
    paidFrom,
    paidTo,
    bookedFrom,
    bookedTo,
    receipt,
    awaiting,
  } = links;
  const query = useAppointments({
    status: status === 'all' ? undefined : status,
    search: list.debouncedSearch || undefined,
    from: from || undefined,
    to: to || undefined,
    advocateId: advocate || undefined,
    type: isType(type) ? type : undefined,
    cancelledBy: isCancelledBy(cancelledBy) ? cancelledBy : undefined,
    fee: fee === 'charged' ? 'charged' : undefined,
    receipt: receipt === 'none' ? 'none' : undefined,
    payment: payment === 'pending' || payment === 'paid' ? payment : undefined,
    paidFrom: paidFrom || undefined,
    paidTo: paidTo || undefined,
    bookedFrom: bookedFrom || undefined,
    bookedTo: bookedTo || undefined,
    awaiting: awaiting === 'firm' ? 'firm' : undefined,
    page: list.page,
    // Cancelled and past ones are history: newest first there, soonest first otherwise.
    sort: status === 'completed' || status === 'cancelled' ? 'desc' : 'asc',
  });
  const update = useUpdateAppointment();
  const cancel = useCancelAppointment();
  const [dialog, setDialog] = useState<Dialog>(null);
  const isStaff = isStaffAccount(user);
  const maySchedule = (appointment: Appointment) =>
    can(user, 'appointments:schedule', { clientId: appointment.clientId });

  const runStatus = async (appointment: Appointment, next: 'completed') => {
    try {
      const answer = await update.mutateAsync({ id: appointment.id, body: { status: next } });
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorText(error, APPOINTMENT_SCREEN_FAILURES.updateFailed));
    }
  };

  const recordPayment = (appointment: Appointment) => (
    <Button
      size="sm"
      variant="secondary"
      aria-label={P.buttonFor(appointment.title)}
      onClick={() => setDialog({ kind: 'payment', appointment })}
    >
      {P.button}
    </Button>
  );

  // A client pays their own appointment's fee by M-Pesa (ADR 034); staff record payments instead.
  const mayPay = (appointment: Appointment) =>
    isClientAccount(user) &&
    can(user, 'payments:pay', { clientId: appointment.clientId }) &&
    appointment.fee > 0 &&
    appointment.paymentStatus === 'pending' &&
    appointment.status !== 'cancelled' &&
    !appointment.visitorHold;

  const payButton = (appointment: Appointment) => (
    <Button
      size="sm"
      aria-label={`${MPESA_TEXTS.payButton}: ${appointment.title}`}
      aria-haspopup="dialog"
      onClick={() => setDialog({ kind: 'pay', appointment })}
    >
      {MPESA_TEXTS.payButton}
    </Button>
  );

  const cancelButton = (appointment: Appointment) => (
    <Button
      size="sm"
      variant="danger"
      aria-label={`Cancel: ${appointment.title}`}
      onClick={() => setDialog({ kind: 'cancel', appointment })}
    >
      Cancel
    </Button>
  );

  const actionsFor = (appointment: Appointment) => {
    // Recording a payment is its own permission (canManageCases), apart from keeping the diary.
    const mayRecordPayment =
      can(user, 'payments:record') &&
      appointment.paymentStatus === 'pending' &&
      appointment.status !== 'cancelled' &&
      !appointment.visitorHold;
    const mayPayHere = mayPay(appointment);
    if (!maySchedule(appointment)) {
      if (mayPayHere) return payButton(appointment);
      return mayRecordPayment ? recordPayment(appointment) : null;
    }
    const isLive = appointment.status === 'scheduled' || appointment.status === 'confirmed';
    const label = (verb: string) => ({ 'aria-label': `${verb}: ${appointment.title}` });
    // A visitor's booking still awaiting their email confirmation is not yet a request:
    // it can only be cancelled; one whose hold ran out, nothing.
    if (appointment.visitorHold) {
      return appointment.visitorHold === 'awaiting' ? (
        <>
          <span className="text-xs text-slate-600">{M.awaitingVisitorConfirmation}</span>
          {cancelButton(appointment)}
        </>
      ) : null;
    }
    return (
      <>
        {mayPayHere ? payButton(appointment) : null}
        {isStaff && appointment.status === 'scheduled' ? (
          <Button
            size="sm"
            {...label('Confirm')}
            aria-haspopup="dialog"
            onClick={() => setDialog({ kind: 'confirm', appointment })}
          >
            Confirm
          </Button>
        ) : null}
        {isStaff && appointment.status === 'confirmed' ? (
          <Button
            size="sm"
            variant="secondary"
            {...label('Mark completed')}
            onClick={() => void runStatus(appointment, 'completed')}
          >
            Mark Completed
          </Button>
        ) : null}
        {isLive ? (
          <Button
            size="sm"
            variant="secondary"
            {...label('Reschedule')}
            onClick={() => setDialog({ kind: 'reschedule', appointment })}
          >
            Reschedule
          </Button>
        ) : null}
        {isStaff && isLive && appointment.location === 'video' ? (
          <Button
            size="sm"
            variant="secondary"
            {...label(M.meetingLinkEdit)}
            aria-haspopup="dialog"
            onClick={() => setDialog({ kind: 'meetingLink', appointment })}
          >
            {M.meetingLinkEdit}
          </Button>
        ) : null}
        {mayRecordPayment ? recordPayment(appointment) : null}
        {isLive ? cancelButton(appointment) : null}
      </>
    );
  };

  const results = (
    <ListResults
      query={query}
      loadingLabel={M.listLoading}
      failedText={APPOINTMENT_SCREEN_FAILURES.listLoadFailed}
      isEmpty={(data) => data.appointments.length === 0}
      empty={{
        title: APPOINTMENT_SCREEN_FAILURES.noAppointments,
        ...(list.isFiltered ? { hint: MESSAGES.filteredEmptyHint } : {}),
      }}
    >
      {(data) => (
        <>
          {/* The whole count (and fees), so a dashboard's or report's figure can be checked. */}
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {data.total} {data.total === 1 ? 'appointment' : 'appointments'}
            {aboutFees ? ` · ${L.feesTotal(formatKsh(data.sums.feesKsh))}` : ''}
          </p>
          <ul className="grid gap-4 lg:grid-cols-2">
            {data.appointments.map((appointment) => (
              <li key={appointment.id}>
                <AppointmentCard
                  appointment={appointment}
                  actions={actionsFor(appointment)}
                  viewer={isClientAccount(user) ? 'person' : 'firm'}
                />
              </li>
            ))}
          </ul>
          <Pagination page={list.page} pages={data.pagination.pages} onPage={list.setPage} />
        </>
      )}
    </ListResults>
  );

  return (
    <div className="space-y-4" onPointerOver={preloadDialogs} onFocus={preloadDialogs}>
      <SearchInput
        id="appointments-search"
        label="Search appointments"
        placeholder="Search appointments..."
        value={list.search}
        onChange={list.setSearch}
      />
      {linkFilters ? (
        <FilterNotice
          text={linkFilters}
          onClear={() =>
            list.clearFilters(Object.keys(LINK_FILTERS) as (keyof typeof LINK_FILTERS)[])
          }
        />
      ) : null}
      <Tabs
        label="Appointment status"
        tabs={TABS.map((tab) => ({ key: tab, label: tabLabel(tab), panel: results }))}
        selected={status}
        // "Waiting for the firm's confirmation" is a part of Scheduled: another tab drops it.
        onSelect={(tab) => list.setFilters({ status: tab, awaiting: '' })}
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'confirm' ? (
          <ConfirmReviewModal
            appointment={dialog.appointment}
            onClose={() => setDialog(null)}
            onConfirm={(meetingLink) =>
              update.mutateAsync({
                id: dialog.appointment.id,
                body: {
                  status: 'confirmed',
                  ...(meetingLink !== undefined ? { meetingLink } : {}),
                },
              })
            }
          />
        ) : null}
        {dialog?.kind === 'reschedule' ? (
          <RescheduleModal
            appointment={dialog.appointment}
            withMeetingLink={isStaff && dialog.appointment.location === 'video'}
            onClose={() => setDialog(null)}
            onSave={(change) => update.mutateAsync({ id: dialog.appointment.id, body: change })}
          />
        ) : null}
        {dialog?.kind === 'meetingLink' ? (
          <MeetingLinkModal
            appointment={dialog.appointment}
            onClose={() => setDialog(null)}
            onSave={(meetingLink) =>
              update.mutateAsync({ id: dialog.appointment.id, body: { meetingLink } })
            }
          />
        ) : null}
        {dialog?.kind === 'cancel' ? (
          <CancelModal
            appointment={dialog.appointment}
            onClose={() => setDialog(null)}
            onCancel={(reason) => cancel.mutateAsync({ id: dialog.appointment.id, reason })}
          />
        ) : null}
        {dialog?.kind === 'payment' ? (
          <PaymentModal appointment={dialog.appointment} onClose={() => setDialog(null)} />
        ) : null}
        {dialog?.kind === 'pay' ? (
          <AppointmentPayDialog
            appointment={dialog.appointment}
            phone={user.phone}
            onClose={() => setDialog(null)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
