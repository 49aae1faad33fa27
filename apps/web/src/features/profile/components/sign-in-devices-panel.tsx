import { SIGN_IN_DEVICE_TEXTS as T } from '@firm/shared';
import { MonitorSmartphone } from 'lucide-react';
import { ListResults } from '../../../components/list/list-states';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import { useSignInDevices } from '../api/sign-in-devices';

/**
 * Every browser and system the account signed in from, the latest first: a sign-in from one not
 * listed is emailed to the person (ADR 037, "Sign-in alerts").
 */
export function SignInDevicesPanel() {
  const query = useSignInDevices();
  return (
    <ListResults
      query={query}
      loadingLabel={T.loading}
      failedText={T.loadFailed}
      isEmpty={(data) => data.devices.length === 0}
      empty={{ title: T.empty }}
    >
      {(data) => (
        <ul className="divide-y divide-slate-200" aria-label={T.listLabel}>
          {data.devices.map((device) => (
            <li key={device.id} className="flex min-w-0 gap-3 py-3">
              <MonitorSmartphone
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-slate-500"
              />
              <div className="min-w-0 text-sm">
                <p className="font-medium break-words text-slate-900">
                  {device.label}{' '}
                  {device.current ? <Badge tone="green">{T.thisDevice}</Badge> : null}
                </p>
                <p className="text-slate-600">{T.lastSeen(formatDateTime(device.lastSeenAt))}</p>
                <p className="break-words text-slate-600">{T.address(device.lastIp)}</p>
                <p className="text-slate-600">{T.firstSeen(formatDateTime(device.firstSeenAt))}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListResults>
  );
}
