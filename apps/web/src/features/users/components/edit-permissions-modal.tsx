import {
  MESSAGES,
  USER_MANAGEMENT_MESSAGES,
  NO_ADMIN_PERMISSIONS,
  type AdminPermissions,
  type PublicUser,
} from '@firm/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { errorText } from '../../../lib/api-client';
import { useUpdatePermissions } from '../api/update-permissions';
import { PermissionToggles } from './permission-toggles';
import { fullName } from '../../../lib/format';

/** Edit an admin's six toggles; they apply on the admin's next request. */
export function EditPermissionsModal({
  admin,
  onClose,
}: {
  admin: PublicUser;
  onClose: () => void;
}) {
  const [permissions, setPermissions] = useState<AdminPermissions>({
    ...NO_ADMIN_PERMISSIONS,
    ...admin.permissions,
  });
  const mutation = useUpdatePermissions();
  const save = async () => {
    try {
      const result = await mutation.mutateAsync({ id: admin.id, permissions });
      toast.success(result.message);
      onClose();
    } catch (error) {
      toast.error(errorText(error, USER_MANAGEMENT_MESSAGES.updatePermissionsFailed));
    }
  };
  return (
    <Modal
      title="Edit Permissions"
      description={`${fullName(admin)} (${admin.email}). Changes take effect immediately.`}
      onClose={onClose}
      isBusy={mutation.isPending}
      footer={
        <ModalFooter
          onCancel={onClose}
          cancelVariant="secondary"
          onAction={() => void save()}
          actionLabel="Save Permissions"
          busyLabel={MESSAGES.saving}
          isBusy={mutation.isPending}
        />
      }
    >
      <PermissionToggles
        value={permissions}
        onChange={setPermissions}
        disabled={mutation.isPending}
      />
    </Modal>
  );
}
