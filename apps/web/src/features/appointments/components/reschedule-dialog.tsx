import {
  MESSAGES,
  APPOINTMENT_MESSAGES as M,
  formatNairobiDayTime,
  type Appointment,
} from '@firm/shared';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError, errorText } from '../../../lib/api-client';
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
