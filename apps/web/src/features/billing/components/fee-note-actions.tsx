import {
  BILLING_SCREEN_TEXTS as T,
  can,
  isPayableStatus,
  type FeeNote,
  type PublicUser,
} from '@firm/shared';
import { Ban, Banknote, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { errorText } from '../../../lib/api-client';
import { useDeleteFeeNote } from '../api/delete-fee-note';
import { useIssueFeeNote } from '../api/issue-fee-note';
import { CancelFeeNoteModal } from './cancel-fee-note-modal';
import { FeeNoteFormModal } from './fee-note-form-modal';
import { RecordPaymentModal } from './record-payment-modal';

type Open = 'edit' | 'delete' | 'issue' | 'cancel' | 'payment' | null;

/** A yes-or-no question before something that cannot be undone. */
function ConfirmModal({
  title,
  text,
  confirmLabel,
  busyLabel,
  isBusy,
  isDestructive = false,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  busyLabel: string;
  isBusy: boolean;
  isDestructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      isBusy={isBusy}
      footer={
        <ModalFooter
          onCancel={onClose}
          cancelLabel={T.keep}
          onAction={onConfirm}
          actionLabel={confirmLabel}
          actionVariant={isDestructive ? 'danger' : 'primary'}
          busyLabel={busyLabel}
          isBusy={isBusy}
        />
      }
    >
      <p className="text-sm text-slate-700">{text}</p>
    </Modal>
  );
}

/**
 * What staff may do to a fee note, as `can()` allows: a draft is edited, deleted or issued; an
 * issued one is cancelled by a credit note; a payable one has payments recorded against it.
 */
export function FeeNoteActions({ note, actor }: { note: FeeNote; actor: PublicUser }) {
  const [open, setOpen] = useState<Open>(null);
  const navigate = useNavigate();
  const issue = useIssueFeeNote(note.id);
  const remove = useDeleteFeeNote(note.id);
  const mayManage = can(actor, 'fee-notes:manage');
  const mayRecord = can(actor, 'payments:record');
  const close = () => setOpen(null);

  const run = async (action: () => Promise<{ message: string }>, after?: () => void) => {
    try {
      const result = await action();
      toast.success(result.message);
      close();
      after?.();
    } catch (error) {
      toast.error(errorText(error, T.actionFailed));
    }
  };

  const isDraft = note.status === 'draft';
  const buttons = [
    mayManage && isDraft ? (
      <Button key="issue" onClick={() => setOpen('issue')}>
        <Send aria-hidden="true" className="size-4" />
        {T.issue}
      </Button>
    ) : null,
    mayManage && isDraft ? (
      <Button key="edit" variant="secondary" onClick={() => setOpen('edit')}>
        <Pencil aria-hidden="true" className="size-4" />
        {T.editDraft}
      </Button>
    ) : null,
    mayManage && isDraft ? (
      <Button key="delete" variant="danger" onClick={() => setOpen('delete')}>
        <Trash2 aria-hidden="true" className="size-4" />
        {T.deleteDraft}
      </Button>
    ) : null,
    mayRecord && isPayableStatus(note.status) && note.totals.balanceKsh > 0 ? (
      <Button key="payment" onClick={() => setOpen('payment')}>
        <Banknote aria-hidden="true" className="size-4" />
        {T.recordPayment}
      </Button>
    ) : null,
    // Only an issued one with nothing paid (the server says so otherwise).
    mayManage && note.status === 'issued' ? (
      <Button key="cancel" variant="danger" onClick={() => setOpen('cancel')}>
        <Ban aria-hidden="true" className="size-4" />
        {T.cancel}
      </Button>
    ) : null,
  ].filter(Boolean);

  if (buttons.length === 0) return null;
  return (
    <>
      {buttons}
      {open === 'edit' ? <FeeNoteFormModal draft={note} onClose={close} /> : null}
      {open === 'issue' ? (
        <ConfirmModal
          title={T.confirmIssueTitle}
          text={T.confirmIssue}
          confirmLabel={T.issue}
          busyLabel={T.issuing}
          isBusy={issue.isPending}
          onConfirm={() => void run(() => issue.mutateAsync())}
          onClose={close}
        />
      ) : null}
      {open === 'delete' ? (
        <ConfirmModal
          title={T.confirmDeleteTitle}
          text={T.confirmDelete}
          confirmLabel={T.deleteDraft}
          busyLabel={T.deleting}
          isBusy={remove.isPending}
          isDestructive
          onConfirm={() =>
            void run(
              () => remove.mutateAsync(),
              () => void navigate('/billing'),
            )
          }
          onClose={close}
        />
      ) : null}
      {open === 'cancel' ? <CancelFeeNoteModal note={note} onClose={close} /> : null}
      {open === 'payment' ? <RecordPaymentModal note={note} onClose={close} /> : null}
    </>
  );
}
