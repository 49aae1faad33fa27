import { USER_MANAGEMENT_MESSAGES, type ManagedUser, isAdminAccount } from '@firm/shared';
import { Button } from '../../../components/ui/button';
import { fullName } from '../../../lib/format';
import { displayStatus } from './user-format';

export interface UserActionHandlers {
  onVerify: (user: ManagedUser) => void;
  onActivate: (user: ManagedUser) => void;
  onDeactivate: (user: ManagedUser) => void;
  onReset: (user: ManagedUser) => void;
  /** Turns off the person's second factor (shown only while they have one). */
  onResetTwoFactor: (user: ManagedUser) => void;
  onResendInvitation: (user: ManagedUser) => void;
  onEditPermissions: (user: ManagedUser) => void;
  onDelete: (user: ManagedUser) => void;
}

/**
 * The actions of one row of the users' table (docs/product-rules.md#screens): verify a pending advocate, or
 * deactivate / activate; reset password; reset two-factor sign-in (for a lost phone); edit
 * permissions (admins); delete. None on oneself but
 * what is harmless, as the server refuses the rest.
 */
export function UserRowActions({
  user,
  isSelf,
  isBusy,
  canEditPermissions,
  canResendInvitation,
  handlers,
}: {
  user: ManagedUser;
  isSelf: boolean;
  isBusy: boolean;
  canEditPermissions: boolean;
  /** An admin or client who has not signed in yet, and the caller may invite them (ADR 024). */
  canResendInvitation: boolean;
  handlers: UserActionHandlers;
}) {
  const name = fullName(user);
  const action = { size: 'xs', variant: 'neutral', disabled: isBusy } as const;
  const isPending = displayStatus(user) === 'Pending verification';
  return (
    <div className="flex flex-wrap gap-1.5">
      {isPending ? (
        <Button {...action} aria-label={`Verify ${name}`} onClick={() => handlers.onVerify(user)}>
          Verify
        </Button>
      ) : isSelf ? null : user.isActive ? (
        <Button
          {...action}
          aria-label={`Deactivate ${name}`}
          onClick={() => handlers.onDeactivate(user)}
        >
          Deactivate
        </Button>
      ) : (
        <Button
          {...action}
          aria-label={`Activate ${name}`}
          onClick={() => handlers.onActivate(user)}
        >
          Activate
        </Button>
      )}
      {isSelf ? null : (
        <Button
          {...action}
          aria-label={`Reset password of ${name}`}
          onClick={() => handlers.onReset(user)}
        >
          Reset Password
        </Button>
      )}
      {!isSelf && user.twoFactor ? (
        <Button
          {...action}
          aria-label={`${USER_MANAGEMENT_MESSAGES.resetTwoFactor} of ${name}`}
          onClick={() => handlers.onResetTwoFactor(user)}
        >
          {USER_MANAGEMENT_MESSAGES.resetTwoFactor}
        </Button>
      ) : null}
      {canResendInvitation ? (
        <Button
          {...action}
          aria-label={`${USER_MANAGEMENT_MESSAGES.resendInvitation} to ${name}`}
          onClick={() => handlers.onResendInvitation(user)}
        >
          {USER_MANAGEMENT_MESSAGES.resendInvitation}
        </Button>
      ) : null}
      {isAdminAccount(user) && canEditPermissions ? (
        <Button
          {...action}
          aria-label={`Edit permissions of ${name}`}
          onClick={() => handlers.onEditPermissions(user)}
        >
          Edit Permissions
        </Button>
      ) : null}
      {isSelf ? null : (
        <Button
          {...action}
          variant="danger"
          aria-label={`Delete ${name}`}
          onClick={() => handlers.onDelete(user)}
        >
          Delete
        </Button>
      )}
    </div>
  );
}
