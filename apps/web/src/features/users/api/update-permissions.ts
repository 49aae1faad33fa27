import type { AdminPermissions, UserUpdated } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from './users-api';
import { USERS_KEY } from './list-users';

/** PUT /api/user-management/admin/:id/permissions */
export function updatePermissions({
  id,
  permissions,
}: {
  id: string;
  permissions: AdminPermissions;
}): Promise<UserUpdated> {
  return usersApi.updateAdminPermissions({ params: { id }, body: { permissions } });
}

export function useUpdatePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePermissions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
