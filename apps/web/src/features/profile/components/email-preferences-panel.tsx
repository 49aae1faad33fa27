import {
  NOTIFICATION_EMAIL_KIND_LABELS,
  NOTIFICATION_MESSAGES as M,
  emailKindsFor,
  type Role,
} from '@firm/shared';
import toast from 'react-hot-toast';
import { ListResults } from '../../../components/list/list-states';
import { Toggle } from '../../../components/ui/toggle';
import { errorText } from '../../../lib/api-client';
import { useEmailPreferences, useUpdateEmailPreferences } from '../api/notification-preferences';

/**
 * One switch per kind of email that can reach someone of `role` (issues 15 and 16: staff only
 * get the message email); each change is saved at once.
 */
export function EmailPreferencesPanel({ role }: { role: Role }) {
  const query = useEmailPreferences();
  const update = useUpdateEmailPreferences();
  return (
    <ListResults
      query={query}
      loadingLabel={M.preferencesLoading}
      failedText={M.preferencesLoadFailed}
      isEmpty={() => false}
      empty={{ title: '' }}
    >
      {(data) => (
        <div className="divide-y divide-slate-100">
          {emailKindsFor(role).map((kind) => (
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
                    onError: (error) => void toast.error(errorText(error, M.preferencesFailed)),
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
