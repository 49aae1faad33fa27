import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Button } from './button';
import { Modal, type ModalProps } from './modal';

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
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={isSubmitting} loadingText={busyLabel}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        {alert ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
            {alert}
          </p>
        ) : null}
        {children}
      </form>
    </Modal>
  );
}
