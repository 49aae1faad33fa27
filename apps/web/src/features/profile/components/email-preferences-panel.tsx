import {
  NOTIFICATION_EMAIL_KINDS,
  NOTIFICATION_EMAIL_KIND_LABELS,
  NOTIFICATION_MESSAGES as M,
} from '@firm/shared';
import toast from 'react-hot-toast';
import { ListResults } from '../../../components/list/list-states';
import { Toggle } from '../../../components/ui/toggle';
import { serverMessageOr } from '../../../lib/api-client';
import { useEmailPreferences, useUpdateEmailPreferences } from '../api/notification-preferences';

/** One switch per kind of notification email (issue 15); each change is saved at once. */
export function EmailPreferencesPanel() {
  const query = useEmailPreferences();
  const update = useUpdateEmailPreferences();
  return (
    <ListResults
      query={query}
      loadingLabel="Loading your email preferences…"
      failedText="Your email preferences could not be loaded."
      isEmpty={() => false}
      empty={{ title: '' }}
    >
      {(data) => (
        <div className="divide-y divide-slate-100">
          {NOTIFICATION_EMAIL_KINDS.map((kind) => (
            <Toggle
              key={kind}
              label={NOTIFICATION_EMAIL_KIND_LABELS[kind]}
              checked={data.preferences[kind]}
              disabled={update.isPending}
              onChange={(checked) =>
                update.mutate(
                  { [kind]: checked },
                  {
                    onSuccess: () => void toast.success(M.preferencesSaved),
                    onError: (error) =>
                      void toast.error(serverMessageOr(error, M.preferencesFailed)),
                  },
                )
              }
            />
          ))}
        </div>
      )}
    </ListResults>
  );
}
