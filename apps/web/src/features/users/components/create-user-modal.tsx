import {
  NO_ADMIN_PERMISSIONS,
  USER_MANAGEMENT_MESSAGES,
  type AdminPermissions,
  type UserCreated,
} from '@firm/shared';
import { useState } from 'react';
import { NewAccountModal } from '../../../components/forms/new-account-modal';
import { useCreateAdmin } from '../api/create-admin';
import { useCreateClient } from '../api/create-client';
import { PermissionToggles } from './permission-toggles';

export type NewUserKind = 'admin' | 'client';

/**
 * Advanced User Management's Add Admin and Add Client (docs/product-rules.md#screens, #validation): the new-account
 * form, and for an admin the six toggles with the zero-permissions warning. The server generates
 * the temporary password; `onCreated` shows it.
 */
export function CreateUserModal({
  kind,
  onClose,
  onCreated,
}: {
  kind: NewUserKind;
  onClose: () => void;
  onCreated: (created: UserCreated) => void;
}) {
  const createAdmin = useCreateAdmin();
  const createClient = useCreateClient();
  const [permissions, setPermissions] = useState<AdminPermissions>(NO_ADMIN_PERMISSIONS);
  const isAdmin = kind === 'admin';
  return (
    <NewAccountModal
      title={isAdmin ? 'Add Admin' : 'Add Client'}
      submitLabel={isAdmin ? 'Create Admin' : 'Create Client'}
      size={isAdmin ? 'lg' : 'md'}
      description="A temporary password is generated and shown once; it must be changed at the first sign-in."
      submit={(input) =>
        isAdmin
          ? // An admin is not a client: no conflict check, and its toggles go with it.
            createAdmin.mutateAsync({
              firstName: input.firstName,
              lastName: input.lastName,
              email: input.email,
              phone: input.phone,
              permissions,
            })
          : createClient.mutateAsync(input)
      }
      failedMessage={
        isAdmin
          ? USER_MANAGEMENT_MESSAGES.createAdminFailed
          : USER_MANAGEMENT_MESSAGES.createClientFailed
      }
      extra={
        isAdmin
          ? (isSubmitting) => (
              <PermissionToggles
                value={permissions}
                onChange={setPermissions}
                disabled={isSubmitting}
              />
            )
          : undefined
      }
      onClose={onClose}
      onCreated={onCreated}
    />
  );
}
