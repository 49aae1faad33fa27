import { useId, type FormEventHandler, type ReactNode } from 'react';
import { FormAlert } from './form-alert';
import { Modal, type ModalProps } from './modal';
import { ModalFooter } from './modal-footer';

export interface FormModalProps extends Omit<ModalProps, 'footer' | 'isBusy'> {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  /** The submit button's text while the request is on its way ("Creating…"). */
  busyLabel: string;
  isSubmitting: boolean;
  /** The server's refusal of the whole form, shown above the fields and announced. */
  alert?: string | null;
}

/**
 * A form in a modal: the fields, Cancel and the submit button in the footer (joined to the form by
 * its id), the form-wide alert above the fields, and no closing while the request is on its way.
 * The create-account, booking and New Case modals share it.
 */
export function FormModal({
  onSubmit,
  submitLabel,
  busyLabel,
  isSubmitting,
  alert,
  children,
  onClose,
  ...modal
}: FormModalProps & { children: ReactNode }) {
  const formId = useId();
  return (
    <Modal
      {...modal}
      onClose={onClose}
      isBusy={isSubmitting}
      footer={
        <ModalFooter
          onCancel={onClose}
          cancelVariant="secondary"
          form={formId}
          actionLabel={submitLabel}
          busyLabel={busyLabel}
          isBusy={isSubmitting}
        />
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <FormAlert message={alert} />
        {children}
      </form>
    </Modal>
  );
}
