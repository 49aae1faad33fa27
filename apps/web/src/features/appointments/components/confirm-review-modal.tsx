import {
  APPOINTMENT_MESSAGES as M,
  APPOINTMENT_SCREEN_FAILURES,
  APPOINTMENT_TYPE_DEFAULTS,
  CONFIRM_REVIEW_TEXTS as R,
  confirmationEmailPreview,
  formatNairobiDayTime,
  meetingKindLine,
  type Appointment,
} from '@firm/shared';
import { useState } from 'react';
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
 * Confirming a booking, reviewed first (ADR 027): the meeting (who, kind, when in Nairobi, where)
 * and exactly what the client will receive, the email's subject and opening as the server writes
 * them, then Confirm and send or Cancel. A video call's meeting link is added here, and the
 * preview shows it as the client will read it (ADR 015).
 */
export function ConfirmReviewModal({
  appointment,
  onConfirm,
  onClose,
}: {
  appointment: Appointment;
  /** The meeting link as typed, for a video call; undefined for any other kind. */
  onConfirm: (meetingLink?: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isVideo = appointment.location === 'video';
  const [link, setLink] = useState(meetingLinkOf(appointment));
  const [linkError, setLinkError] = useState<string | null>(null);
  // What the client will read: the link as typed once it is a valid one.
  const typedLink = isVideo && link.trim() && !meetingLinkProblem(link) ? link.trim() : null;
  const reviewed = isVideo ? { ...appointment, meetingLink: typedLink } : appointment;
  const preview = confirmationEmailPreview(reviewed);
  const type = APPOINTMENT_TYPE_DEFAULTS[appointment.type].label;
  const confirm = async () => {
    const problem = isVideo ? meetingLinkProblem(link) : null;
    setLinkError(problem);
    if (problem) return;
    setIsSaving(true);
    setError(null);
    try {
      await onConfirm(isVideo ? link.trim() : undefined);
      toast.success(M.confirmed);
      onClose();
    } catch (failure) {
      const fieldError = meetingLinkError(failure);
      if (fieldError) setLinkError(fieldError);
      else setError(errorText(failure, APPOINTMENT_SCREEN_FAILURES.updateFailed));
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
    [R.where, meetingKindLine(reviewed, 'staff')],
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
      {isVideo ? (
        <div className="mt-4">
          <MeetingLinkField
            value={link}
            error={linkError}
            onChange={(value) => {
              setLink(value);
              // The message was about the link as it was; it goes once the link is changed.
              setLinkError(null);
            }}
          />
        </div>
      ) : null}
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
