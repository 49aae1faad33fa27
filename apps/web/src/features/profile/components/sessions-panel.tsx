import { PROFILE_MESSAGES, PROFILE_SCREEN_FAILURES, type DeviceSession } from '@firm/shared';
import { Laptop, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ListResults } from '../../../components/list/list-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/profile';

const deviceName = (session: DeviceSession) =>
  [session.browser, session.os].filter(Boolean).join(' on ') || 'Unknown device';

function DeviceIcon({ device }: { device: string | null }) {
  const Icon = device === 'mobile' ? Smartphone : device === 'tablet' ? Tablet : Laptop;
  return <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />;
}

/** Every device signed in to the account; each other one can be signed out, or all at once. */
export function SessionsPanel() {
  const query = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirmingOthers, setConfirmingOthers] = useState(false);

  const signOut = async (session: DeviceSession) => {
    try {
      const result = await endOne.mutateAsync(session.id);
      toast.success(result.message);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const signOutOthers = async () => {
    try {
      const result = await endOthers.mutateAsync();
      toast.success(result.message);
      setConfirmingOthers(false);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <ListResults
      query={query}
      loadingLabel={PROFILE_MESSAGES.sessionsLoading}
      failedText={PROFILE_SCREEN_FAILURES.sessionsLoadFailed}
      isEmpty={(data) => data.sessions.length === 0}
      empty={{ title: PROFILE_MESSAGES.noSessions }}
    >
      {(data) => {
        const others = data.sessions.filter((session) => !session.current);
        return (
          <>
            <ul className="divide-y divide-slate-200" aria-label="Signed-in devices">
              {data.sessions.map((session) => (
                <li
                  key={session.id}
                  className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex min-w-0 gap-3">
                    <DeviceIcon device={session.device} />
                    <div className="min-w-0 text-sm">
                      <p className="font-medium text-slate-900">
                        {deviceName(session)}{' '}
                        {session.current ? <Badge tone="green">This device</Badge> : null}
                      </p>
                      <p className="text-slate-600">
                        IP {session.ip ?? 'unknown'} · Signed in {formatDateTime(session.createdAt)}
                      </p>
                      <p className="text-slate-600">
                        Last used {formatDateTime(session.lastUsedAt)}
                      </p>
                    </div>
                  </div>
                  {session.current ? null : (
                    <Button
                      variant="neutral"
                      size="sm"
                      aria-label={`Sign out ${deviceName(session)}, signed in ${formatDateTime(session.createdAt)}`}
                      isLoading={endOne.isPending && endOne.variables === session.id}
                      loadingText={PROFILE_MESSAGES.signingOut}
                      onClick={() => void signOut(session)}
                    >
                      Sign out
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {others.length > 0 ? (
              <Button variant="danger" className="mt-4" onClick={() => setConfirmingOthers(true)}>
                Sign out of all other devices
              </Button>
            ) : (
              <p className="mt-4 text-sm text-slate-600">{PROFILE_MESSAGES.onlyThisDevice}</p>
            )}
            {confirmingOthers ? (
              <Modal
                title="Sign out of all other devices?"
                description={`${others.length} other ${others.length === 1 ? 'device' : 'devices'} will be signed out at their next request. This device stays signed in.`}
                onClose={() => setConfirmingOthers(false)}
                isBusy={endOthers.isPending}
                footer={
                  <ModalFooter
                    onCancel={() => setConfirmingOthers(false)}
                    isCancelAlwaysEnabled
                    onAction={() => void signOutOthers()}
                    actionLabel="Sign out other devices"
                    busyLabel={PROFILE_MESSAGES.signingOut}
                    isBusy={endOthers.isPending}
                  />
                }
              >
                <p className="text-sm text-slate-700">
                  Do this if you used a shared computer or lost a phone. Anyone using those devices
                  will need your password to sign in again.
                </p>
              </Modal>
            ) : null}
          </>
        );
      }}
    </ListResults>
  );
}
