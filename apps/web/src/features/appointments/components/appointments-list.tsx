import {
  APPOINTMENT_MESSAGES as M,
  APPOINTMENT_PAYMENT_TEXTS as P,
  APPOINTMENT_STATUS_LABELS,
  can,
  type Appointment,
  type AppointmentStatus,
  type PublicUser,
  isClientAccount,
  isStaffAccount,
  APPOINTMENT_SCREEN_FAILURES,
  MPESA_TEXTS,
} from '@firm/shared';
import { useState } from 'react';
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
import {
  CancelModal,
  ConfirmReviewModal,
  PaymentModal,
  RescheduleModal,
} from './appointment-actions';
import { AppointmentCard } from './appointment-card';
import { AppointmentPayDialog } from './appointment-pay-dialog';

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

/** Filters a link may set (the dashboards' tiles): days, one advocate's diary, fees. */
const LINK_FILTERS = {
  from: '',
  to: '',
  advocate: '',
  payment: '',
  paidFrom: '',
  paidTo: '',
  awaiting: '',
};

function describeFilters(filters: typeof LINK_FILTERS): string {
  const parts: string[] = [];
  const days = formatDayRange(filters.from, filters.to);
  if (days) parts.push(days);
  if (filters.advocate) parts.push('one advocate’s diary');
  if (filters.awaiting === 'firm') parts.push('waiting for the firm’s confirmation');
  if (filters.payment === 'pending') parts.push('fees not yet paid');
  const paidDays = formatDayRange(filters.paidFrom, filters.paidTo);
  if (paidDays) parts.push(`paid ${paidDays}`);
  else if (filters.payment === 'paid') parts.push('paid');
  return parts.join(', ');
}

type Dialog = {
  kind: 'confirm' | 'reschedule' | 'cancel' | 'payment' | 'pay';
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
  const { from, to, advocate, payment, paidFrom, paidTo, awaiting } = list.filters;
  const linkFilters = describeFilters({ from, to, advocate, payment, paidFrom, paidTo, awaiting });
  const query = useAppointments({
    status: status === 'all' ? undefined : status,
    search: list.debouncedSearch || undefined,
    from: from || undefined,
    to: to || undefined,
    advocateId: advocate || undefined,
    payment: payment === 'pending' || payment === 'paid' ? payment : undefined,
    paidFrom: paidFrom || undefined,
    paidTo: paidTo || undefined,
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
        {mayRecordPayment ? recordPayment(appointment) : null}
        {isLive ? cancelButton(appointment) : null}
      </>
    );
  };

  const results = (
    <ListResults
      query={query}
      loadingLabel="Loading appointments"
      failedText="Failed to fetch appointments"
      isEmpty={(data) => data.appointments.length === 0}
      empty={{
        title: 'No appointments found',
        ...(list.isFiltered ? { hint: 'Try adjusting your search criteria' } : {}),
      }}
    >
      {(data) => (
        <>
          {/* The whole count, so a dashboard tile's figure can be checked against its list. */}
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {data.total} {data.total === 1 ? 'appointment' : 'appointments'}
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
    <div className="space-y-4">
      <SearchInput
        id="appointments-search"
        label="Search appointments"
        placeholder="Search appointments..."
        value={list.search}
        onChange={list.setSearch}
      />
      {linkFilters ? (
        <FilterNotice
          text={`Showing appointments ${linkFilters}.`}
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
      {dialog?.kind === 'confirm' ? (
        <ConfirmReviewModal
          appointment={dialog.appointment}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            update.mutateAsync({ id: dialog.appointment.id, body: { status: 'confirmed' } })
          }
        />
      ) : null}
      {dialog?.kind === 'reschedule' ? (
        <RescheduleModal
          appointment={dialog.appointment}
          onClose={() => setDialog(null)}
          onSave={(slot) => update.mutateAsync({ id: dialog.appointment.id, body: slot })}
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
    </div>
  );
}
