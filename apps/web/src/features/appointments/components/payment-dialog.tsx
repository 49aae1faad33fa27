import {
  type RecordPaymentForm,
  type RecordPaymentValues,
  APPOINTMENT_PAYMENT_TEXTS as P,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  formatKsh,
  type Appointment,
  APPOINTMENT_SCREEN_FAILURES,
} from '@firm/shared';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { SelectField } from '../../../components/ui/select-field';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

import { useRecordAppointmentPayment } from '../api/record-appointment-payment';

/** The schema (and zod) load when the dialog opens (lib/lazy-resolver.ts). */
const paymentResolver = lazyZodResolver(() =>
  import('@firm/shared/appointments/schemas').then((m) => m.recordPaymentFormSchema),
);

/** Staff record an appointment's payment: the method and reference; the toast names the receipt. */
export function PaymentModal({
  appointment,
  onClose,
}: {
  appointment: Appointment;
  onClose: () => void;
}) {
  const formId = useId();
  const record = useRecordAppointmentPayment(appointment);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting: isSaving },
  } = useForm<RecordPaymentForm, unknown, RecordPaymentValues>({
    defaultValues: { paymentMethod: 'mpesa', paymentReference: '' },
    resolver: paymentResolver,
  });
  useEffect(() => paymentResolver.preload(), []);
  const method = useWatch({ control, name: 'paymentMethod' });
  const submit = handleSubmit(async (payment) => {
    try {
      const recorded = await record.mutateAsync(payment);
      toast.success(recorded.message);
      onClose();
    } catch (failure) {
      setError('paymentReference', {
        type: 'server',
        message: errorText(failure, APPOINTMENT_SCREEN_FAILURES.paymentFailed),
      });
    }
  });
  return (
    <Modal
      title={P.title}
      description={P.description(appointment.title, appointment.client)}
      onClose={onClose}
      isBusy={isSaving}
      footer={
        <ModalFooter
          onCancel={onClose}
          cancelVariant="secondary"
          form={formId}
          actionLabel={P.submit}
          busyLabel={P.recording}
          isBusy={isSaving}
        />
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <p className="text-sm text-slate-700">{P.amount(formatKsh(appointment.fee))}</p>
        <SelectField label={P.methodLabel} {...register('paymentMethod')}>
          {PAYMENT_METHODS.map((each) => (
            <option key={each} value={each}>
              {PAYMENT_METHOD_LABELS[each]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={method === 'mpesa' ? P.mpesaCodeLabel : P.referenceLabel}
          required={method !== 'cash'}
          maxLength={100}
          error={errors.paymentReference?.message}
          {...register('paymentReference')}
        />
      </form>
    </Modal>
  );
}
