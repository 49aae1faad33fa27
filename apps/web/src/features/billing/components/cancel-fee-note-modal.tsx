import { BILLING_SCREEN_TEXTS as T, FEE_NOTE_LIMITS, type FeeNote } from '@firm/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useCancelFeeNote } from '../api/cancel-fee-note';

interface CancelValues {
  reason: string;
}

const resolver = lazyZodResolver<CancelValues, CancelValues>(() =>
  import('@firm/shared/billing/schemas').then((m) => m.cancelFeeNoteSchema),
);

/**
 * Cancel an issued fee note: the reason (the client reads it, and the credit note carries it),
 * then the destructive button. Nothing happens until it is pressed.
 */
export function CancelFeeNoteModal({ note, onClose }: { note: FeeNote; onClose: () => void }) {
  const cancel = useCancelFeeNote(note.id);
  const [formAlert, setFormAlert] = useState<string | null>(null);
  useEffect(() => resolver.preload(), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CancelValues>({ resolver, defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(async ({ reason }) => {
    setFormAlert(null);
    try {
      const saved = await cancel.mutateAsync(reason);
      toast.success(saved.message);
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, ['reason']);
      const message = errorText(error, T.actionFailed);
      setFormAlert(message);
      toast.error(message);
    }
  });

  return (
    <Modal
      title={`${T.cancelTitle} ${note.number ?? ''}`.trim()}
      description={T.cancelDescription}
      onClose={onClose}
      isBusy={isSubmitting}
      footer={
        <ModalFooter
          onCancel={onClose}
          cancelLabel={T.keep}
          form="cancel-fee-note"
          actionLabel={T.confirmCancel}
          actionVariant="danger"
          busyLabel={T.cancelling}
          isBusy={isSubmitting}
        />
      }
    >
      <form id="cancel-fee-note" noValidate onSubmit={onSubmit} className="space-y-4">
        <FormAlert message={formAlert} />
        <TextAreaField
          label={T.cancelReasonFieldLabel}
          required
          rows={3}
          data-autofocus
          error={errors.reason?.message}
          maxLength={FEE_NOTE_LIMITS.reasonMax}
          {...register('reason')}
        />
      </form>
    </Modal>
  );
}
