import type { Actor, UserCreated } from '@firm/shared';
import { fullName } from '../../lib/format';
import { TemporaryPasswordDialog } from '../ui/temporary-password-dialog';
import { ClientNextSteps } from './client-next-steps';

/**
 * A client account just made (Add Client, Convert to client): its temporary password, shown once,
 * the invitation emailed to them (ADR 024), then their case or first meeting (ADR 027).
 */
export function NewClientDialog({
  created,
  actor,
  onClose,
}: {
  created: UserCreated;
  actor: Actor;
  onClose: () => void;
}) {
  const name = fullName(created.user);
  return (
    <TemporaryPasswordDialog
      name={name}
      password={created.temporaryPassword}
      invitedEmail={created.user.email}
      onClose={onClose}
    >
      <ClientNextSteps actor={actor} client={{ id: created.user.id, name }} />
    </TemporaryPasswordDialog>
  );
}
