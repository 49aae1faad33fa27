import { HEADER_TIMER_TEXTS as H, TIME_SCREEN_TEXTS as T, type Timer } from '@firm/shared';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Checkbox } from '../ui/checkbox';
import { FormModal } from '../ui/form-modal';
import { SelectField } from '../ui/select-field';
import { TextAreaField } from '../ui/text-area-field';
import { ApiError, errorText } from '../../lib/api-client';
import { useTimeActivities, useTimerAction } from './time-requests';

/**
 * Stop and file (docs/product-rules.md#time-and-expenses): the timer stops and its time, rounded
 * up to 6-minute units, is filed on its case under the activity chosen and what was done (left
 * empty: "Timed work"), in one request, so the timer never stops without its entry.
 */
export function FileTimerDialog({
  timer,
  clock,
  onClose,
}: {
  timer: Timer;
  clock: string;
  onClose: () => void;
}) {
  const act = useTimerAction();
  const activities = useTimeActivities();
  const [activity, setActivity] = useState('');
  const [narrative, setNarrative] = useState('');
  const [billable, setBillable] = useState(true);
  const [alert, setAlert] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const chosen = activity || activities.data?.[0] || '';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAlert(null);
    try {
      const answer = await act.mutateAsync({
        action: 'stop',
        activity: chosen || undefined,
        narrative: narrative.trim() || undefined,
        billable,
      });
      toast.success(T.timerFiled(answer.entry?.minutes ?? 0));
      onClose();
    } catch (error) {
      setFieldErrors(error instanceof ApiError ? (error.errors ?? {}) : {});
      const message = errorText(error, T.timerFailed);
      setAlert(message);
      toast.error(message);
    }
  };

  return (
    <FormModal
      title={H.fileTitle}
      description={H.fileDescription(timer.caseNumber, clock)}
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      isSubmitting={act.isPending}
      submitLabel={H.fileSubmit}
      busyLabel={H.filing}
      alert={alert}
    >
      <SelectField
        label={T.activityLabel}
        required
        value={chosen}
        error={fieldErrors.activity}
        onChange={(event) => setActivity(event.target.value)}
      >
        {(activities.data ?? []).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={T.narrativeLabel}
        hint={H.narrativeHint}
        maxLength={2000}
        value={narrative}
        error={fieldErrors.narrative}
        onChange={(event) => setNarrative(event.target.value)}
      />
      <Checkbox
        label={T.billableLabel}
        checked={billable}
        onChange={(event) => setBillable(event.target.checked)}
      />
    </FormModal>
  );
}
