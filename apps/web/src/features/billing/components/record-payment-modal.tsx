import {
  BILLING_SCREEN_TEXTS as T,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  formatKsh,
  nairobiToday,
  type FeeNote,
  type PaymentMethod,
  type PaymentRecordValues,
} from '@firm/shared';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import toast from 'react-hot-toast';
import { DateField } from '../../../components/ui/date-field';
import { FormModal } from '../../../components/ui/form-modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useRecordPayment } from '../api/record-payment';

interface PaymentFormValues {
  feeNoteId: string;
  amountKsh: number;
  method: PaymentMethod;
  reference: string;
  /** The Nairobi day it came in, 'YYYY-MM-DD'. */
  receivedAt: string;
}

const schemaResolver = lazyZodResolver<Record<string, unknown>, PaymentRecordValues>(() =>
  import('@firm/shared/billing/schemas').then((m) => m.recordPaymentSchema as never),
);

/**
 * The day received as the API's instant: today is now (the server's clock); an earlier day is
 * noon of that day in Nairobi (UTC+3 all year), which no clock puts in the future.
 */
export function receivedAtOf(day: string, today: string = nairobiToday()): string | undefined {
  if (!day || day === today) return undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T12:00:00.000+03:00` : day;
}

/** The shared schema checks the body as it is sent: the day becomes an instant first. */
const resolver = Object.assign(
  ((values, context, options) =>
    schemaResolver(
      { ...values, receivedAt: receivedAtOf(values.receivedAt) },
      context,
      options as never,
    )) as Resolver<PaymentFormValues, unknown, PaymentRecordValues>,
  { preload: schemaResolver.preload },
);

const FIELDS = ['amountKsh', 'method', 'reference', 'receivedAt', 'feeNoteId'] as const;

/** Record payment: money received outside the portal, the balance offered as the amount. */
export function RecordPaymentModal({ note, onClose }: { note: FeeNote; onClose: () => void }) {
  const record = useRecordPayment();
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const today = nairobiToday();
  useEffect(() => resolver.preload(), []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PaymentFormValues, unknown, PaymentRecordValues>({
    resolver,
    defaultValues: {
      feeNoteId: note.id,
      amountKsh: note.totals.balanceKsh,
      method: 'mpesa',
      reference: '',
      receivedAt: today,
    },
  });
  const method = useWatch({ control, name: 'method' });

  const onSubmit = handleSubmit(async (values) => {
    setFormAlert(null);
    try {
      const recorded = await record.mutateAsync(values);
      toast.success(recorded.message);
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      const message = errorText(error, T.actionFailed);
      setFormAlert(message);
      toast.error(message);
    }
  });

  return (
    <FormModal
      title={`${T.recordPaymentTitle}: ${note.number ?? ''}`}
      description={T.recordPaymentDescription(formatKsh(note.totals.balanceKsh))}
      onClose={onClose}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={T.recordPayment}
      busyLabel={T.recording}
      alert={formAlert}
    >
      {errors.feeNoteId?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.feeNoteId.message}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={T.amountLabel}
          type="number"
          inputMode="numeric"
          min={1}
          max={note.totals.balanceKsh}
          step={1}
          required
          error={errors.amountKsh?.message}
          {...register('amountKsh', { valueAsNumber: true })}
        />
        <SelectField
          label={T.methodLabel}
          required
          error={errors.method?.message}
          {...register('method')}
        >
          {PAYMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {PAYMENT_METHOD_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={T.referenceLabel}
        required={method !== 'cash'}
        hint={T.referenceHint}
        autoComplete="off"
        error={errors.reference?.message}
        {...register('reference')}
      />
      <Controller
        control={control}
        name="receivedAt"
        render={({ field }) => (
          <DateField
            label={T.receivedAtLabel}
            max={today}
            required
            hint={T.receivedAtHint}
            ref={field.ref}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.receivedAt?.message}
          />
        )}
      />
    </FormModal>
  );
}
