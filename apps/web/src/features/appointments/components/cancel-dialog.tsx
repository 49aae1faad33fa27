import {
  APPOINTMENT_LIMITS,
  type CancelAppointmentInput,
  APPOINTMENT_MESSAGES as M,
  formatNairobiDayTime,
  type Appointment,
  APPOINTMENT_SCREEN_FAILURES,
} from '@firm/shared';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { errorText } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

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
