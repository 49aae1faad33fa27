import { APPOINTMENT_MESSAGES as M } from '@firm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListError } from '../../../components/list/list-states';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessageOr } from '../../../lib/api-client';
import { useVisitorBooking, useVisitorCancel, useVisitorReschedule } from '../api/visitor-link';
import { CancelModal, RescheduleModal } from './appointment-actions';
import { AppointmentCard } from './appointment-card';

/**
 * /appointments/manage#token=…: a visitor's booking through their emailed link, without an
 * account: view it, move it to another free time, or cancel it. The server refuses the link once
 * the appointment has started.
 */
export function VisitorBooking({ token }: { token: string | null }) {
  const booking = useVisitorBooking(token);
  const cancel = useVisitorCancel(token ?? '');
  const reschedule = useVisitorReschedule(token ?? '');
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | null>(null);

  if (!token) return <LinkProblem message={M.linkInvalid} />;
  if (booking.isPending) return <Spinner label="Loading your appointment" />;
  if (booking.isError) {
    const message = serverMessageOr(booking.error, M.linkInvalid);
    return message === M.linkInvalid ? (
      <LinkProblem message={message} />
    ) : (
      <ListError message={message} onRetry={() => void booking.refetch()} />
    );
  }
  const appointment = booking.data.appointment;
  const isLive = appointment.status === 'scheduled' || appointment.status === 'confirmed';
  return (
    <div className="space-y-4">
      <AppointmentCard
        appointment={appointment}
        actions={
          isLive ? (
            <>
              <Button size="sm" variant="secondary" onClick={() => setDialog('reschedule')}>
                Reschedule
              </Button>
              <Button size="sm" variant="danger" onClick={() => setDialog('cancel')}>
                Cancel
              </Button>
            </>
          ) : null
        }
      />
      {dialog === 'cancel' ? (
        <CancelModal
          appointment={appointment}
          onClose={() => setDialog(null)}
          onCancel={(reason) => cancel.mutateAsync(reason)}
        />
      ) : null}
      {dialog === 'reschedule' ? (
        <RescheduleModal
          appointment={appointment}
          onClose={() => setDialog(null)}
          onSave={(slot) => reschedule.mutateAsync(slot)}
        />
      ) : null}
    </div>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-6 text-amber-900">
      <p className="font-medium">{message}</p>
      <p className="mt-2 text-sm">
        Links work until the appointment starts. To book again, or if something is wrong, book a new
        appointment or contact us.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/appointments?book=consultation" className={buttonVariants({ size: 'sm' })}>
          Book Consultation
        </Link>
        <Link to="/contact" className={buttonVariants({ size: 'sm', variant: 'secondary' })}>
          Contact Us
        </Link>
      </div>
    </div>
  );
}
