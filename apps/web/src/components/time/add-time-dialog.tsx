import { TIME_SCREEN_TEXTS as T, nairobiToday, type TimeEntryInput } from '@firm/shared';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Checkbox } from '../ui/checkbox';
import { DateField } from '../ui/date-field';
import { FormModal } from '../ui/form-modal';
import { SelectField } from '../ui/select-field';
import { TextAreaField } from '../ui/text-area-field';
import { TextField } from '../ui/text-field';
import { errorText } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { useRecordTime, useTimeActivities } from './time-requests';

interface TimeFormValues {
  caseId: string;
  date: string;
  minutes: number;
  activity: string;
  narrative: string;
  billable: boolean;
}

const resolver = lazyZodResolver<TimeFormValues, TimeEntryInput>(() =>
  import('@firm/shared/time/schemas').then((m) => m.timeEntryInputSchema as never),
);

const FIELDS = ['date', 'minutes', 'activity', 'narrative', 'billable'] as const;

/**
 * Add time by hand on a case (docs/product-rules.md#time-and-expenses): the server rounds the
 * minutes up to 6-minute units and values them at the rate that applies; its field messages show
 * under the fields, its refusal above them.
 */
export function AddTimeDialog({
  caseId,
  caseNumber,
  onClose,
}: {
  caseId: string;
  caseNumber: string;
  onClose: () => void;
}) {
  const record = useRecordTime(caseId);
  const activities = useTimeActivities();
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const today = nairobiToday();
  useEffect(() => resolver.preload(), []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TimeFormValues, unknown, TimeEntryInput>({
    resolver,
    defaultValues: {
      caseId,
      date: today,
      minutes: Number.NaN,
      activity: '',
      narrative: '',
      billable: true,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormAlert(null);
    try {
      await record.mutateAsync(values);
      toast.success(T.saved);
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      const message = errorText(error, T.saveFailed);
      setFormAlert(message);
      toast.error(message);
    }
  });

  return (
    <FormModal
      title={T.addTitle}
      description={T.addDescription(caseNumber)}
      onClose={onClose}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={T.save}
      busyLabel={T.saving}
      alert={formAlert}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="date"
          render={({ field }) => (
            <DateField
              label={T.dateLabel}
              max={today}
              required
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.date?.message}
            />
          )}
        />
        <TextField
          label={T.minutesLabel}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          hint={T.minutesHint}
          error={errors.minutes?.message}
          {...register('minutes', { valueAsNumber: true })}
        />
      </div>
      <SelectField
        label={T.activityLabel}
        required
        error={errors.activity?.message}
        {...register('activity')}
      >
        <option value="">{T.choose}</option>
        {(activities.data ?? []).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={T.narrativeLabel}
        required
        error={errors.narrative?.message}
        {...register('narrative')}
      />
      <Checkbox label={T.billableLabel} {...register('billable')} />
    </FormModal>
  );
}
