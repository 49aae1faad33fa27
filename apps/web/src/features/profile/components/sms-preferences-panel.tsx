import {
  NOTIFICATION_MESSAGES as M,
  SMS_KINDS,
  SMS_KIND_LABELS,
  SMS_TEXTS,
  formatKenyanPhone,
} from '@firm/shared';
import toast from 'react-hot-toast';
import { ListResults } from '../../../components/list/list-states';
import { Toggle } from '../../../components/ui/toggle';
import { errorText } from '../../../lib/api-client';
import { useSmsPreferences, useUpdateSmsPreferences } from '../api/sms-preferences';

/**
 * A client's text messages (ADR 033): where they go, what the firm does with the number (the
 * Data Protection Act's notice), and one switch per kind, saved at once: switching one on is the
 * client's consent to it. Without a Kenyan mobile number the switches still keep the choices for
 * when one is added.
 */
export function SmsPreferencesPanel() {
  const query = useSmsPreferences();
  const update = useUpdateSmsPreferences();
  return (
    <ListResults
      query={query}
      loadingLabel={SMS_TEXTS.loading}
      failedText={SMS_TEXTS.loadFailed}
      isEmpty={() => false}
      empty={{ title: '' }}
    >
      {(data) => (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            {data.phone ? SMS_TEXTS.intro(formatKenyanPhone(data.phone)) : SMS_TEXTS.noPhone}
          </p>
          <div className="divide-y divide-slate-100">
            {SMS_KINDS.map((kind) => (
              <Toggle
                key={kind}
                label={SMS_KIND_LABELS[kind]}
                checked={data.preferences[kind]}
                disabled={update.isPending}
                onChange={(checked) =>
                  update.mutate(
                    { [kind]: checked },
                    {
                      onSuccess: () => void toast.success(SMS_TEXTS.saved),
                      onError: (error) => void toast.error(errorText(error, M.preferencesFailed)),
                    },
                  )
                }
              />
            ))}
          </div>
          <p className="text-xs text-slate-600">{SMS_TEXTS.notice}</p>
        </div>
      )}
    </ListResults>
  );
}
