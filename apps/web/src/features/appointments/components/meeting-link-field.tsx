import {
  APPOINTMENT_MESSAGES as M,
  MEETING_LINK_MAX,
  isMeetingLink,
  type Appointment,
} from '@firm/shared';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';

/** The meeting link a dialog starts from: the appointment's own, or none yet. */
export const meetingLinkOf = (appointment: Appointment) => appointment.meetingLink ?? '';

/** The link as typed, or what is wrong with it (the server's rule, shared; ADR 015). */
export function meetingLinkProblem(value: string): string | null {
  if (value.trim().length > MEETING_LINK_MAX) return M.meetingLinkInvalid;
  return isMeetingLink(value) ? null : M.meetingLinkInvalid;
}

/** The server's word on the link, when it refused it. */
export function meetingLinkError(failure: unknown): string | null {
  return failure instanceof ApiError ? (failure.errors?.meetingLink ?? null) : null;
}

/**
 * "Meeting link": the https address of a video call, where staff confirm, reschedule or edit it.
 * The client is emailed it once saved.
 */
export function MeetingLinkField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={M.meetingLinkLabel}
      type="url"
      inputMode="url"
      autoComplete="off"
      spellCheck={false}
      placeholder="https://"
      maxLength={MEETING_LINK_MAX}
      hint={M.meetingLinkHint}
      error={error ?? undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
