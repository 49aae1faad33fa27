import {
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_TYPE_DEFAULTS,
  DASHBOARD_MESSAGES as D,
  caseStatusLabel,
  dashboardLinks,
  formatKsh,
  formatNairobiDayTime,
  type DashboardStats,
} from '@firm/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  Banknote,
  CalendarClock,
  CalendarPlus,
  FileUp,
  FolderOpen,
  MessageSquare,
  Send,
  Wallet,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PaybillDetails } from '../../../components/payment/paybill-details';
import { Modal } from '../../../components/ui/modal';
import { inputClass } from '../../../components/ui/text-field';
import { formatDate } from '../../../lib/format';
import { fetchFeeNoteBalance } from '../api/fee-note-balance';
import { CourtDates } from './staff-dashboard';
import { EmptyLine, Panel, StatTile, TileGrid } from './tiles';

type ClientSection = NonNullable<DashboardStats['client']>;

const STATUS_TONE = {
  pending: 'amber',
  in_progress: 'blue',
  completed: 'green',
  closed: 'slate',
} as const;
const PRIORITY_TONE = { low: 'slate', medium: 'blue', high: 'amber', urgent: 'red' } as const;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A client's dashboard (docs/product-rules.md#screens): four tiles, quick actions, recent cases, upcoming
 * appointments and recent messages.
 */
export function ClientDashboard({ stats }: { stats: DashboardStats & { client: ClientSection } }) {
  const { client, today } = stats;
  const [dialog, setDialog] = useState<'upload' | 'payment' | null>(null);
  const navigate = useNavigate();
  const makePayment = useMakePayment(client, () => setDialog('payment'));

  return (
    <div className="space-y-6">
      <TileGrid label="Your figures">
        <li>
          <StatTile
            label="Active cases"
            value={client.activeCases}
            to={dashboardLinks.cases({ status: 'open' })}
            icon={<FolderOpen className="size-5" />}
          />
        </li>
        <li>
          <StatTile
            label="Upcoming appointments"
            value={client.upcomingAppointments}
            to={dashboardLinks.appointments({ status: 'live', from: today })}
            icon={<CalendarClock className="size-5" />}
          />
        </li>
        <li>
          <StatTile
            label="Unread messages"
            value={client.unreadMessages}
            to="/messages"
            icon={<MessageSquare className="size-5" />}
          />
        </li>
        <li>
          <StatTile
            label="Fees pending"
            value={formatKsh(client.feesPendingKsh)}
            hint={`${client.feesPendingCount} unpaid`}
            to={dashboardLinks.appointments({ payment: 'pending' })}
            icon={<Wallet className="size-5" />}
          />
        </li>
      </TileGrid>

      <Panel title={D.quickActions}>
        <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-4">
          <Button onClick={() => void navigate('/appointments?book=consultation')}>
            <CalendarPlus aria-hidden="true" className="size-5" />
            {D.bookAppointment}
          </Button>
          <Button variant="secondary" onClick={() => void navigate(dashboardLinks.newMessage())}>
            <Send aria-hidden="true" className="size-5" />
            {D.sendMessage}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('upload')}>
            <FileUp aria-hidden="true" className="size-5" />
            {D.uploadDocument}
          </Button>
          <Button
            variant="secondary"
            isLoading={makePayment.busy}
            loadingText={D.makePayment}
            onClick={() => void makePayment.run()}
          >
            <Banknote aria-hidden="true" className="size-5" />
            {D.makePayment}
          </Button>
        </div>
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel
          title="Recent Cases"
          action={
            <Link to="/cases" className="text-sm font-medium text-brand-700 underline">
              View all cases
            </Link>
          }
        >
          {client.recentCases.length === 0 ? (
            <EmptyLine>{D.noRecentCases}</EmptyLine>
          ) : (
            <ul className="divide-y divide-slate-100">
              {client.recentCases.map((item) => (
                <li key={item.id} className="py-3 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <Link
                      to={`/cases/${item.id}`}
                      className="font-medium text-brand-900 underline-offset-2 hover:underline"
                    >
                      {item.title}
                    </Link>
                    <span className="flex gap-1">
                      <Badge tone={STATUS_TONE[item.status]}>
                        {capitalised(caseStatusLabel(item.status))}
                      </Badge>
                      <Badge tone={PRIORITY_TONE[item.priority]}>
                        {capitalised(item.priority)}
                      </Badge>
                    </span>
                  </div>
                  <p className="mt-1 text-sm text-slate-700">Next: {item.nextAction}</p>
                  <p className="text-xs text-slate-600">
                    {item.caseNumber} · Last update {formatDate(item.lastUpdate)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel
          title="Upcoming Appointments"
          action={
            <Link to="/appointments" className="text-sm font-medium text-brand-700 underline">
              View all appointments
            </Link>
          }
        >
          {client.upcoming.length === 0 ? (
            <EmptyLine>{D.noUpcomingAppointments}</EmptyLine>
          ) : (
            <ul className="divide-y divide-slate-100">
              {client.upcoming.map((item) => (
                <li key={item.id} className="py-3 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <p className="font-medium text-slate-900">{item.title}</p>
                    <Badge tone={item.status === 'confirmed' ? 'green' : 'amber'}>
                      {APPOINTMENT_STATUS_LABELS[item.status]}
                    </Badge>
                  </div>
                  <p className="text-sm text-slate-700">
                    {formatNairobiDayTime(item.date, item.time)} ·{' '}
                    {APPOINTMENT_TYPE_DEFAULTS[item.type].label}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>

      {stats.courtDates ? <CourtDates court={stats.courtDates} today={stats.today} /> : null}

      <Panel
        title="Recent Messages"
        action={
          <Link to="/messages" className="text-sm font-medium text-brand-700 underline">
            View all messages
          </Link>
        }
      >
        {client.recentMessages.length === 0 ? (
          <EmptyLine>{D.noRecentMessages}</EmptyLine>
        ) : (
          <ul className="divide-y divide-slate-100">
            {client.recentMessages.map((item) => (
              <li key={item.conversationId} className="py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <Link
                    to={dashboardLinks.conversation(item.conversationId)}
                    className="font-medium text-brand-900 underline-offset-2 hover:underline"
                  >
                    {item.subject}
                  </Link>
                  {item.unread ? <Badge tone="blue">Unread</Badge> : null}
                </div>
                <p className="mt-1 line-clamp-2 text-sm text-slate-700">
                  <span className="font-medium">{item.sender}:</span>{' '}
                  {item.message ?? D.messageWithoutText}
                </p>
                <p className="text-xs text-slate-600">{formatDate(item.time)}</p>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      {dialog === 'upload' ? (
        <UploadPicker cases={client.openCases} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'payment' ? (
        <MakePayment client={client} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

/**
 * Make Payment: to Billing when the client owes on fee notes (each is paid there, by M-Pesa from
 * the portal); otherwise the unpaid appointment fees and how to pay them. The figures count fee
 * notes' balances with the appointments' fees, so only when they count more than the fees listed
 * is Billing asked what is owed on fee notes (GET /api/fee-notes answers a client's balance).
 */
function useMakePayment(client: ClientSection, openInstructions: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const mayOweOnFeeNotes = client.feesPendingCount > client.unpaidFees.length;
  const run = async () => {
    if (mayOweOnFeeNotes) {
      setBusy(true);
      try {
        if ((await fetchFeeNoteBalance(queryClient)) > 0) {
          void navigate('/billing');
          return;
        }
      } catch {
        // The instructions still say how to pay.
      } finally {
        setBusy(false);
      }
    }
    openInstructions();
  };
  return { busy, run };
}

/** Upload Document: choose one of the open cases, then its page opens at the upload area. */
function UploadPicker({
  cases,
  onClose,
}: {
  cases: ClientSection['openCases'];
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [chosen, setChosen] = useState(cases[0]?.id ?? '');
  return (
    <Modal
      title={D.uploadDocument}
      description="Choose the case the document belongs to."
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {cases.length > 0 ? (
            <Button onClick={() => void navigate(`/cases/${chosen}?upload=1`)}>Continue</Button>
          ) : null}
        </>
      }
    >
      {cases.length === 0 ? (
        <EmptyLine>{D.noOpenCases}</EmptyLine>
      ) : (
        <div>
          <label htmlFor="upload-case" className="block text-sm font-medium text-slate-800">
            Case
          </label>
          <select
            id="upload-case"
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            className={`mt-1 ${inputClass(false)}`}
          >
            {cases.map((item) => (
              <option key={item.id} value={item.id}>
                {item.caseNumber}: {item.title}
              </option>
            ))}
          </select>
        </div>
      )}
    </Modal>
  );
}

/** Make Payment: the unpaid fees and how to pay them by M-Pesa (firm settings). */
function MakePayment({ client, onClose }: { client: ClientSection; onClose: () => void }) {
  const { payment } = client;
  return (
    <Modal
      title={D.makePayment}
      description="Pay by M-Pesa; the firm records your payment once it arrives."
      onClose={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <div className="space-y-4">
        {client.unpaidFees.length === 0 ? (
          <EmptyLine>{D.noUnpaidFees}</EmptyLine>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Unpaid fees</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1 pr-2 font-medium">
                  Appointment
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Date
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Fee
                </th>
              </tr>
            </thead>
            <tbody>
              {client.unpaidFees.map((fee) => (
                <tr key={fee.appointmentId} className="border-b border-slate-100">
                  <td className="py-2 pr-2">
                    {fee.title}
                    <span className="block text-xs text-slate-600">{fee.reference}</span>
                  </td>
                  <td className="py-2 pr-2">{formatDate(fee.date)}</td>
                  <td className="py-2 text-right font-medium">{formatKsh(fee.feeKsh)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2} className="pt-2 text-right font-medium">
                  Total
                </th>
                <td className="pt-2 text-right font-bold">{formatKsh(client.feesPendingKsh)}</td>
              </tr>
            </tfoot>
          </table>
        )}
        {client.feesPendingCount > client.unpaidFees.length ? (
          <p className="text-sm text-slate-700">
            {D.someUnpaidFeesShown(client.unpaidFees.length, client.feesPendingCount)}{' '}
            <Link to="/appointments" className="font-medium text-brand-700 underline">
              {D.seeAllAppointments}
            </Link>
          </p>
        ) : null}
        <PaybillDetails payment={payment} />
      </div>
    </Modal>
  );
}
