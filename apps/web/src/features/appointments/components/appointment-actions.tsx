import {
  APPOINTMENT_LIMITS,
  MESSAGES,
  type CancelAppointmentInput,
  type RecordPaymentForm,
  type RecordPaymentValues,
  APPOINTMENT_MESSAGES as M,
  APPOINTMENT_PAYMENT_TEXTS as P,
  PAYMENT_METHODS,
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
import {
  MeetingLinkField,
  meetingLinkError,
  meetingLinkOf,
  meetingLinkProblem,
} from './meeting-link-field';
import { SLOT_TAKEN_HINT, SlotPicker, type Slot } from './slot-picker';

/**
 * Reschedule: the slot picker for the appointment's type and advocate, without its own time
 * counting as taken. A lost race keeps the modal open on the day's remaining times.
 */
export function RescheduleModal({
  appointment,
  withMeetingLink = false,
  onSave,
  onClose,
}: {
  appointment: Appointment;
  /** Staff moving a video call may change its link too (ADR 015); a client may not. */
  withMeetingLink?: boolean;
  onSave: (change: Slot & { meetingLink?: string }) => Promise<unknown>;
  onClose: () => void;
}) {
  const formId = useId();
  const [slot, setSlot] = useState<Partial<Slot>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [link, setLink] = useState(meetingLinkOf(appointment));
  const [linkError, setLinkError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = withMeetingLink ? meetingLinkProblem(link) : null;
    setLinkError(problem);
    if (!slot.date || !slot.time) {
      setAlert(slot.date ? M.timeRequired : M.dateRequired);
      return;
    }
    if (problem) return;
    setIsSaving(true);
    setAlert(null);
    try {
      await onSave({
        date: slot.date,
        time: slot.time,
        ...(withMeetingLink ? { meetingLink: link.trim() } : {}),
      });
      toast.success(M.rescheduled);
      onClose();
    } catch (error) {
      const fieldError = meetingLinkError(error);
      if (fieldError) {
        setLinkError(fieldError);
      } else if (error instanceof ApiError && error.code === 'SLOT_TAKEN') {
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
        {withMeetingLink ? (
          <MeetingLinkField
            value={link}
            error={linkError}
            onChange={(value) => {
              setLink(value);
              // The message was about the link as it was; it goes once the link is changed.
              setLinkError(null);
            }}
          />
        ) : null}
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
          maxLength={APPOINTMENT_LIMITS.reasonMax}
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

// The dialogs of a card, loaded together when the list first needs one (appointments-list.tsx).
export { ConfirmReviewModal } from './confirm-review-modal';
export { MeetingLinkModal } from './meeting-link-dialog';
