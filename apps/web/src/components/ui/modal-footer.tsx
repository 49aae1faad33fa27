import type { ReactNode } from 'react';
import { Button } from './button';

export type ModalFooterProps = {
  /** Closes the dialog without doing anything. */
  onCancel: () => void;
  cancelLabel?: string;
  /** Most dialogs draw Cancel in grey; the forms of FormModal and the appointment dialogs in the brand colour. */
  cancelVariant?: 'neutral' | 'secondary';
  /**
   * Cancel stays pressable while the action is on its way. Only the confirmations that always
   * allowed it; the Modal's Escape and close button are held by its own `isBusy` regardless.
   */
  isCancelAlwaysEnabled?: boolean;
  actionLabel: ReactNode;
  actionVariant?: 'primary' | 'danger';
  /** The action's text while its request is on its way ("Saving…"). */
  busyLabel: string;
  isBusy: boolean;
  /** The action takes the focus as the dialog opens (a review whose one question is Confirm). */
  autoFocusAction?: boolean;
} & (
  | { /** The id of the form the action submits. */ form: string; onAction?: never }
  | { onAction: () => void; form?: never }
);

/**
 * The footer of a dialog that asks for one thing: Cancel, then the action, which shows its
 * spinner and busy text while its request is on its way. The action either submits the dialog's
 * form (joined by the form's id, as the footer sits outside it) or runs `onAction`.
 */
export function ModalFooter({
  onCancel,
  cancelLabel = 'Cancel',
  cancelVariant = 'neutral',
  isCancelAlwaysEnabled = false,
  actionLabel,
  actionVariant = 'primary',
  busyLabel,
  isBusy,
  autoFocusAction = false,
  form,
  onAction,
}: ModalFooterProps) {
  return (
    <>
      <Button
        variant={cancelVariant}
        onClick={onCancel}
        disabled={isCancelAlwaysEnabled ? undefined : isBusy}
      >
        {cancelLabel}
      </Button>
      <Button
        {...(form ? { type: 'submit', form } : { onClick: onAction })}
        variant={actionVariant}
        isLoading={isBusy}
        loadingText={busyLabel}
        data-autofocus={autoFocusAction || undefined}
      >
        {actionLabel}
      </Button>
    </>
  );
}
