import {
  MESSAGES,
  type CancelAppointmentInput,
  type RecordPaymentForm,
  type RecordPaymentValues,
  APPOINTMENT_MESSAGES as M,
  APPOINTMENT_PAYMENT_TEXTS as P,
  APPOINTMENT_TYPE_DEFAULTS,
  CONFIRM_REVIEW_TEXTS as R,
  PAYMENT_METHODS,
  confirmationEmailPreview,
  meetingKindLine,
  PAYMENT_METHOD_LABELS,
  formatKsh,
  formatNairobiDayTime,
  type Appointment,
  APPOINTMENT_SCREEN_FAILURES,
} from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, api, errorText } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { APPOINTMENTS_KEY } from '../api/list-appointments';
import { SLOT_TAKEN_HINT, SlotPicker, type Slot } from './slot-picker';

/**
 * Reschedule: the slot picker for the appointment's type and advocate, without its own time
 * counting as taken. A lost race keeps the modal open on the day's remaining times.
 */
export function RescheduleModal({
  appointment,
  onSave,
  onClose,
}: {
  appointment: Appointment;
  onSave: (slot: Slot) => Promise<unknown>;
  onClose: () => void;
}) {
  const formId = useId();
  const [slot, setSlot] = useState<Partial<Slot>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!slot.date || !slot.time) {
      setAlert(slot.date ? M.timeRequired : M.dateRequired);
      return;
    }
    setIsSaving(true);
    setAlert(null);
    try {
      await onSave({ date: slot.date, time: slot.time });
      toast.success(M.rescheduled);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SLOT_TAKEN') {
        setSlot({ date: slot.date });
        setAlert(SLOT_TAKEN_HINT);
      } else {
        setAlert(errorText(error, M.bookFailed));
      }
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Modal
      title="Reschedule Appointment"
      description={`${appointment.title}: now ${formatNairobiDayTime(appointment.date, appointment.time)}. Choose a new date and time.`}
      onClose={onClose}
      isBusy={isSaving}
      size="lg"
      footer={
        <ModalFooter
          onCancel={onClose}
          cancelLabel="Keep Current Time"
          cancelVariant="secondary"
          form={formId}
          actionLabel="Reschedule"
          busyLabel={MESSAGES.saving}
          isBusy={isSaving}
        />
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <FormAlert message={alert} />
        <SlotPicker
          type={appointment.type}
          value={slot}
          onChange={setSlot}
          advocateId={appointment.advocateId || undefined}
          excludeId={appointment.id}
        />
      </form>
    </Modal>
  );
}

/** The schema (and zod) load when the dialog opens (lib/lazy-resolver.ts). */
const cancelResolver = lazyZodResolver(() =>
  import('@firm/shared/appointments/schemas').then((m) => m.cancelAppointmentInputSchema),
);
type CancelAppointmentValues = { reason: string };

/** Cancel, after a confirmation that asks for the reason. */
export function CancelModal({
  appointment,
  onCancel,
  onClose,
}: {
  appointment: Appointment;
  onCancel: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const formId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting: isSaving },
  } = useForm<CancelAppointmentInput, unknown, CancelAppointmentValues>({
    defaultValues: { reason: '' },
    resolver: cancelResolver,
  });
  useEffect(() => cancelResolver.preload(), []);
  const submit = handleSubmit(async ({ reason }) => {
    try {
      await onCancel(reason);
      toast.success(M.cancelled);
      onClose();
    } catch (failure) {
      setError('reason', {
        type: 'server',
        message: errorText(failure, APPOINTMENT_SCREEN_FAILURES.cancelFailed),
      });
    }
  });
  return (
    <Modal
      title="Cancel Appointment"
      description={`Are you sure you want to cancel “${appointment.title}” on ${formatNairobiDayTime(appointment.date, appointment.time)}?`}
      onClose={onClose}
      isBusy={isSaving}
      footer={
        <ModalFooter
          onCancel={onClose}
          cancelLabel="Keep Appointment"
          cancelVariant="secondary"
          form={formId}
          actionLabel="Cancel Appointment"
          actionVariant="danger"
          busyLabel={M.cancelling}
          isBusy={isSaving}
        />
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <TextAreaField
          label="Reason for cancelling"
          required
          maxLength={1000}
          error={errors.reason?.message}
          {...register('reason')}
        />
      </form>
    </Modal>
  );
}

/** The schema (and zod) load when the dialog opens (lib/lazy-resolver.ts). */
const paymentResolver = lazyZodResolver(() =>
  import('@firm/shared/appointments/schemas').then((m) => m.recordPaymentFormSchema),
);

/** What POST /api/payments answers: the payment, with its receipt number in the message. */
interface PaymentRecorded {
  success: true;
  message: string;
}

/**
 * Record payment for an appointment's fee, through POST /api/payments (ADR 035) so that it gets a
 * numbered RC receipt like any payment: the method, and the reference (an M-Pesa code, a bank
 * reference) that only cash may go without. The amount is the appointment's fee.
 */
function useRecordAppointmentPayment(appointment: Appointment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payment: RecordPaymentValues) =>
      api.post<PaymentRecorded>('/payments', {
        appointmentId: appointment.id,
        amountKsh: appointment.fee,
        method: payment.paymentMethod,
        reference: payment.paymentReference,
      }),
    // The card's paid status, and the fees the lists and the dashboard count.
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
  });
}

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

/**
 * Confirming a booking, reviewed first (ADR 027): the meeting (who, kind, when in Nairobi, where)
 * and exactly what the client will receive, the email's subject and opening as the server writes
 * them, then Confirm and send or Cancel.
 */
export function ConfirmReviewModal({
  appointment,
  onConfirm,
  onClose,
}: {
  appointment: Appointment;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = confirmationEmailPreview(appointment);
  const type = APPOINTMENT_TYPE_DEFAULTS[appointment.type].label;
  const confirm = async () => {
    setIsSaving(true);
    setError(null);
    try {
      await onConfirm();
      toast.success(M.confirmed);
      onClose();
    } catch (failure) {
      setError(errorText(failure, APPOINTMENT_SCREEN_FAILURES.updateFailed));
    } finally {
      setIsSaving(false);
    }
  };
  const rows: [string, string][] = [
    [R.who, `${appointment.client}${appointment.clientId ? '' : ' (a visitor)'}`],
    [R.kind, `${type}: ${appointment.title}`],
    [
      R.when,
      `${formatNairobiDayTime(appointment.date, appointment.time)} (Nairobi time), ${appointment.duration} minutes`,
    ],
    [R.where, meetingKindLine(appointment, 'staff')],
  ];
  return (
    <Modal
      title={R.heading}
      onClose={onClose}
      isBusy={isSaving}
      bodyLabel={R.bodyLabel}
      size="lg"
      footer={
        <ModalFooter
          onCancel={onClose}
          cancelLabel={R.cancel}
          cancelVariant="secondary"
          onAction={() => void confirm()}
          actionLabel={R.confirm}
          busyLabel={M.confirming}
          isBusy={isSaving}
          autoFocusAction
        />
      }
    >
      <FormAlert message={error} className="mb-3" />
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-600">{term}</dt>
            <dd className="mb-2 break-words text-slate-900 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <section
        aria-labelledby="confirm-email-preview"
        className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3"
      >
        <h3 id="confirm-email-preview" className="text-sm font-semibold break-words text-slate-900">
          {appointment.clientEmail ? R.willReceive(appointment.clientEmail) : R.willReceiveNoEmail}
        </h3>
        <p className="mt-2 text-sm break-words text-slate-800">
          <span className="font-medium">{R.subject}:</span> {preview.subject}
        </p>
        <p className="mt-2 text-sm break-words text-slate-800">{preview.opening}</p>
        <p className="mt-2 text-sm text-slate-700">{R.alsoIncludes}</p>
        <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
          {preview.includes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </Modal>
  );
}
