import { APPOINTMENT_MESSAGES as M, MESSAGES, type Appointment } from '@firm/shared';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { FormAlert } from '../../../components/ui/form-alert';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { errorText } from '../../../lib/api-client';
import {
  MeetingLinkField,
  meetingLinkError,
  meetingLinkOf,
  meetingLinkProblem,
} from './meeting-link-field';

/**
 * Add or change a video call's meeting link from its card (ADR 015): saved, it is emailed to the
 * client, and their card shows "Join the call".
 */
export function MeetingLinkModal({
  appointment,
  onSave,
  onClose,
}: {
  appointment: Appointment;
  onSave: (meetingLink: string) => Promise<{ message: string }>;
  onClose: () => void;
}) {
  const formId = useId();
  const [link, setLink] = useState(meetingLinkOf(appointment));
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = meetingLinkProblem(link);
    setError(problem);
    if (problem) return;
    setIsSaving(true);
    setAlert(null);
    try {
      const answer = await onSave(link.trim());
      toast.success(link.trim() ? answer.message : M.meetingLinkRemoved);
      onClose();
    } catch (failure) {
      const fieldError = meetingLinkError(failure);
      if (fieldError) setError(fieldError);
      else setAlert(errorText(failure, M.meetingLinkInvalid));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Modal
      title={M.meetingLinkEditTitle}
      description={`${appointment.title} · ${appointment.client}`}
      onClose={onClose}
      isBusy={isSaving}
      footer={
        <ModalFooter
          onCancel={onClose}
          cancelVariant="secondary"
          form={formId}
          actionLabel={M.meetingLinkSave}
          busyLabel={MESSAGES.saving}
          isBusy={isSaving}
        />
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <FormAlert message={alert} />
        <MeetingLinkField
          value={link}
          error={error}
          onChange={(value) => {
            setLink(value);
            // The message was about the link as it was; it goes once the link is changed.
            setError(null);
          }}
        />
      </form>
    </Modal>
  );
}
