import {
  CLIENT_MONEY_ENTRY_KIND_LABELS,
  CLIENT_MONEY_SCREEN_TEXTS as T,
  formatKsh,
  nairobiToday,
  type ClientMoneyEntry,
  type RecordClientMoneyEntryValues,
} from '@firm/shared';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { DateField } from '../ui/date-field';
import { FormModal } from '../ui/form-modal';
import { TextAreaField } from '../ui/text-area-field';
import { errorText } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { useRecordClientMoneyEntry } from './client-money-requests';

interface ReversalFormValues {
  kind: 'reversal';
  date: string;
  reversesId: string;
  reason: string;
}

const resolver = lazyZodResolver<ReversalFormValues, RecordClientMoneyEntryValues>(() =>
  import('@firm/shared/client-money/schemas').then((m) => m.recordClientMoneyEntrySchema as never),
);

/** What an entry is, in a few words: "Money received: KSh 150,000 (QK7H2M9XYZ)". */
export const entrySummary = (entry: ClientMoneyEntry) =>
  `${CLIENT_MONEY_ENTRY_KIND_LABELS[entry.kind]}: ${formatKsh(entry.amountKsh)} (${entry.reference})`;

/**
 * Reverse an entry with a reason (ADR 045: history is never edited; the reversal negates it). Asked
 * first, as it cannot be undone; the server's refusals (already reversed, too little held for a
 * receipt's reversal, a locked month) show above the fields in words.
 */
export function ReverseEntryDialog({
  entry,
  onClose,
}: {
  entry: ClientMoneyEntry;
  onClose: () => void;
}) {
  const record = useRecordClientMoneyEntry();
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const today = nairobiToday();
  const what = entrySummary(entry);
  useEffect(() => resolver.preload(), []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReversalFormValues, unknown, RecordClientMoneyEntryValues>({
    resolver,
    defaultValues: { kind: 'reversal', date: today, reversesId: entry.id, reason: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormAlert(null);
    if (!window.confirm(T.confirmReversal(what))) return;
    try {
      const recorded = await record.mutateAsync(values);
      toast.success(recorded.message);
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, ['date', 'reason'] as const);
      const message = errorText(error, T.actionFailed);
      setFormAlert(message);
      toast.error(message);
    }
  });

  return (
    <FormModal
      title={T.reverseEntry(what)}
      onClose={onClose}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={T.reverse}
      busyLabel={T.recording}
      alert={formAlert}
    >
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
      <TextAreaField
        label={T.reasonLabel}
        required
        error={errors.reason?.message}
        {...register('reason')}
      />
    </FormModal>
  );
}
