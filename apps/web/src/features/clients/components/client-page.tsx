import {
  APPOINTMENT_STATUS_LABELS,
  CLIENT_MESSAGES,
  CLIENT_MONEY_SCREEN_TEXTS,
  UNBILLED_SCREEN_TEXTS,
  CONFIRMATIONS,
  USER_MANAGEMENT_MESSAGES,
  can,
  caseStatusLabel,
  type ClientDetail,
  type PublicUser,
  mayResendInvitation,
} from '@firm/shared';
import { ArrowLeft, CalendarPlus, FolderPlus, MessageSquare } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ListEmpty, ListResults } from '../../../components/list/list-states';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { TemporaryPasswordDialog } from '../../../components/ui/temporary-password-dialog';
import { ClientMoneyPanel } from '../../../components/client-money/client-money-panel';
import { UnbilledWork } from '../../../components/time/unbilled-work';
import { withClient } from '../../../components/forms/client-next-steps';
import { runAccountAction } from '../../../lib/account-action';
import { formatDateTime, fullName } from '../../../lib/format';
import {
  useResendClientInvitation,
  useResetClientPassword,
  useSetClientActive,
} from '../api/account-actions';
import { useClient } from '../api/get-client';
import { ClientConversations } from './client-conversations';
import { ClientDetailsForm } from './client-details-form';
import { EmailText } from '../../../components/ui/email-text';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `client-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function ContactSummary({ client }: { client: ClientDetail['client'] }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-medium text-slate-600">Email</dt>
        <dd className="text-slate-900">
          <EmailText email={client.email} />
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-600">Phone</dt>
        <dd className="text-slate-900">{client.phone ?? CLIENT_MESSAGES.notGiven}</dd>
      </div>
    </dl>
  );
}

/**
 * /clients/:id: a client's contact details (editable by those who admit clients),
 * their cases, appointments and conversations, and the actions the caller may take: New Case,
 * Book appointment, Message, and for advocates Reset Password and Deactivate / Activate (each
 * confirmed first).
 */
export function ClientPage({ id, actor }: { id: string; actor: PublicUser }) {
  const query = useClient(id);
  if (query.data && !query.isError) return <ClientBody detail={query.data} actor={actor} />;
  // Loading or failed: the way back stays above the spinner or the error with Try again.
  return (
    <>
      <BackToClients />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <ListResults
          query={query}
          loadingLabel={CLIENT_MESSAGES.detailLoading}
          failedText={CLIENT_MESSAGES.detailLoadFailed}
        >
          {() => null}
        </ListResults>
      </div>
    </>
  );
}

function BackToClients() {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <Link
        to="/clients"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All clients
      </Link>
    </div>
  );
}

function ClientBody({ detail, actor }: { detail: ClientDetail; actor: PublicUser }) {
  const resetPassword = useResetClientPassword();
  const setActive = useSetClientActive();
  const resendInvitation = useResendClientInvitation();
  const [temporary, setTemporary] = useState<{ name: string; password: string } | null>(null);
  const back = <BackToClients />;

  const { client, cases, appointments } = detail;
  const name = fullName(client);
  const isAdvocate = can(actor, 'users:manage');
  // Staff start a conversation with a client they may see (the Messages screen reads the URL);
  // the server refuses one with a deactivated account, so the action is not offered then.
  const mayMessage = client.isActive && can(actor, 'messages:start');
  const isBusy = resetPassword.isPending || setActive.isPending || resendInvitation.isPending;
  // A client who has not signed in yet may be emailed a new invitation (ADR 024).
  const mayResend = mayResendInvitation(actor, { ...client, role: 'client' });

  const onResendInvitation = () =>
    runAccountAction({
      action: () => resendInvitation.mutateAsync(client.id),
      failedText: USER_MANAGEMENT_MESSAGES.resendInvitationFailed,
    });

  const onReset = async () => {
    const result = await runAccountAction({
      confirm: CLIENT_MESSAGES.confirmResetPassword(name),
      action: () => resetPassword.mutateAsync(client.id),
      failedText: USER_MANAGEMENT_MESSAGES.resetPasswordFailed,
    });
    if (result) setTemporary({ name, password: result.temporaryPassword });
  };
  // docs/texts.md: the browser asks before a deactivation, as user management does; an
  // activation is harmless and is not asked.
  const onToggleActive = () =>
    runAccountAction({
      confirm: client.isActive ? CONFIRMATIONS.deactivateUser : undefined,
      action: () => setActive.mutateAsync({ id: client.id, active: !client.isActive }),
      failedText: client.isActive
        ? USER_MANAGEMENT_MESSAGES.deactivateUserFailed
        : USER_MANAGEMENT_MESSAGES.activateUserFailed,
    });

  return (
    <>
      {back}
      <div className="mx-auto max-w-6xl px-4 pt-4 pb-6 sm:px-6">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight break-words text-brand-900">{name}</h1>
          <Badge tone={client.isActive ? 'green' : 'red'}>
            {client.isActive ? 'Active' : 'Inactive'}
          </Badge>
          {client.isActive && !client.lastLogin ? (
            <Badge tone="amber">{USER_MANAGEMENT_MESSAGES.notSignedInYet}</Badge>
          ) : null}
        </div>
        <p className="mt-2 text-sm text-slate-600">
          Client since {formatDateTime(client.createdAt)} · Last sign-in:{' '}
          {client.lastLogin ? formatDateTime(client.lastLogin) : CLIENT_MESSAGES.never}
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          {/* New Case opens on /cases, which only those who may open case files reach. */}
          {can(actor, 'cases:create') && can(actor, 'cases:view') ? (
            <Link
              to={withClient('/cases?new=1', { id: client.id, name })}
              className={buttonVariants({ size: 'sm' })}
            >
              <FolderPlus aria-hidden="true" className="size-4" />
              New Case
            </Link>
          ) : null}
          {can(actor, 'appointments:schedule') ? (
            <Link
              to={withClient('/appointments?book=consultation', { id: client.id, name })}
              className={buttonVariants({ size: 'sm', variant: 'secondary' })}
            >
              <CalendarPlus aria-hidden="true" className="size-4" />
              Book Appointment
            </Link>
          ) : null}
          {mayMessage ? (
            <Link
              to={`/messages?new=1&client=${encodeURIComponent(client.id)}`}
              className={buttonVariants({ size: 'sm', variant: 'secondary' })}
            >
              <MessageSquare aria-hidden="true" className="size-4" />
              {CLIENT_MESSAGES.messageAction}
            </Link>
          ) : null}
          {mayResend ? (
            <Button
              size="sm"
              variant="neutral"
              disabled={isBusy}
              onClick={() => void onResendInvitation()}
            >
              {USER_MANAGEMENT_MESSAGES.resendInvitation}
            </Button>
          ) : null}
          {isAdvocate ? (
            <>
              <Button size="sm" variant="neutral" disabled={isBusy} onClick={() => void onReset()}>
                Reset Password
              </Button>
              <Button
                size="sm"
                variant={client.isActive ? 'danger' : 'neutral'}
                disabled={isBusy}
                onClick={() => void onToggleActive()}
              >
                {client.isActive ? 'Deactivate' : 'Activate'}
              </Button>
            </>
          ) : null}
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 pb-16 sm:px-6 lg:grid-cols-2">
        <div className="lg:col-span-2">
          <Section title="Contact details">
            {can(actor, 'clients:admit') ? (
              <ClientDetailsForm client={client} />
            ) : (
              <ContactSummary client={client} />
            )}
          </Section>
        </div>
        <Section title="Cases">
          {cases === null ? (
            <p className="text-sm text-slate-700">
              {client.openCases === 1 ? '1 open case' : `${client.openCases} open cases`}
            </p>
          ) : cases.length === 0 ? (
            <ListEmpty title={CLIENT_MESSAGES.noCases} />
          ) : (
            <ul className="divide-y divide-slate-100">
              {cases.map((item) => (
                <li
                  key={item.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                >
                  {can(actor, 'cases:view') ? (
                    <Link
                      to={`/cases/${item.id}`}
                      className="font-medium text-brand-800 underline-offset-2 hover:underline"
                    >
                      {item.caseNumber}: {item.title}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">
                      {item.caseNumber}: {item.title}
                    </span>
                  )}
                  <Badge tone={item.status === 'closed' ? 'slate' : 'blue'}>
                    {caseStatusLabel(item.status)}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Appointments">
          {appointments.length === 0 ? (
            <ListEmpty title={CLIENT_MESSAGES.noAppointments} />
          ) : (
            <ul className="divide-y divide-slate-100">
              {appointments.map((item) => (
                <li
                  key={item.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                >
                  <span>
                    <span className="block font-medium text-slate-900">{item.title}</span>
                    <span className="text-sm text-slate-600">
                      {formatDateTime(item.startsAt)} · {item.durationMinutes} min
                    </span>
                  </span>
                  <Badge tone={item.status === 'cancelled' ? 'red' : 'slate'}>
                    {APPOINTMENT_STATUS_LABELS[item.status]}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Section>
        {can(actor, 'client-money:view') ? (
          <div className="lg:col-span-2">
            <Section title={CLIENT_MONEY_SCREEN_TEXTS.panelTitle}>
              <ClientMoneyPanel clientId={client.id} clientName={name} actor={actor} />
            </Section>
          </div>
        ) : null}
        {can(actor, 'time:manage') ? (
          <div className="lg:col-span-2">
            <Section title={UNBILLED_SCREEN_TEXTS.panelTitle}>
              <UnbilledWork clientId={client.id} mayBill={can(actor, 'fee-notes:manage')} />
            </Section>
          </div>
        ) : null}
        {can(actor, 'messages:view') ? (
          <div className="lg:col-span-2">
            <Section title={CLIENT_MESSAGES.messagesHeading}>
              <ClientConversations clientId={client.id} actor={actor} />
            </Section>
          </div>
        ) : null}
      </div>
      {temporary ? (
        <TemporaryPasswordDialog
          name={temporary.name}
          password={temporary.password}
          onClose={() => setTemporary(null)}
        />
      ) : null}
    </>
  );
}
