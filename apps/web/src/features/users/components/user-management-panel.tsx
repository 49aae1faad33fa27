import { FilterSelect, SearchInput } from '../../../components/ui/filter-controls';
import {
  USER_MANAGEMENT_MESSAGES,
  CONFIRMATIONS,
  can,
  type ManagedUser,
  type PublicUser,
  type Role,
} from '@firm/shared';
import { Shield, UserCheck, UserPlus, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { StatCard } from '../../../components/ui/stat-card';
import { Cell, DataTable } from '../../../components/ui/table';
import { serverMessageOr } from './server-message';
import { useActivateUser } from '../api/activate-user';
import { useDeactivateUser } from '../api/deactivate-user';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/list-users';
import { useResetPassword } from '../api/reset-password';
import { useVerifyAdvocate } from '../api/verify-advocate';
import { CreateUserModal, type NewUserKind } from './create-user-modal';
import { EditPermissionsModal } from './edit-permissions-modal';
import { AccessDenied, ListEmpty, ListError, ListLoading } from './list-states';
import { Pagination } from './pagination';
import { TemporaryPasswordDialog } from './temporary-password-dialog';
import { useDebouncedValue } from './use-debounced-value';
import {
  ROLE_LABEL,
  ROLE_TONE,
  STATUS_TONE,
  displayStatus,
  formatDate,
  fullName,
} from './user-format';

type RoleFilter = 'all' | Extract<Role, 'admin' | 'client'>;
const PAGE_SIZE = 20;

function ActionButton({
  children,
  label,
  onClick,
  disabled,
  tone = 'default',
}: {
  children: ReactNode;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  tone?: 'default' | 'danger';
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      className={`rounded-md border px-2.5 py-1.5 text-xs font-semibold whitespace-nowrap disabled:opacity-50 ${
        tone === 'danger'
          ? 'border-red-200 text-red-700 hover:bg-red-50'
          : 'border-slate-300 text-slate-800 hover:bg-slate-50'
      }`}
    >
      {children}
    </button>
  );
}

/**
 * The 'Advanced User Management' tab (SPEC section 2): stats, search, role filter, Add Admin and
 * Add Client, and the users' table with every action and the toasts of SPEC section 8.
 */
export function UserManagementPanel({ actor }: { actor: PublicUser }) {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState<NewUserKind | null>(null);
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [shownPassword, setShownPassword] = useState<{ name: string; password: string } | null>(
    null,
  );
  const debouncedSearch = useDebouncedValue(search.trim());
  const query = useUsers({ role, search: debouncedSearch, page, limit: PAGE_SIZE });
  const deactivate = useDeactivateUser();
  const activate = useActivateUser();
  const reset = useResetPassword();
  const remove = useDeleteUser();
  const verify = useVerifyAdvocate();

  if (!can(actor, 'users:manage')) {
    return <AccessDenied message={USER_MANAGEMENT_MESSAGES.userManagementAccessDenied} />;
  }

  const run = async <T extends { message: string }>(
    action: () => Promise<T>,
    fallback: string,
  ): Promise<T | null> => {
    try {
      const result = await action();
      toast.success(result.message);
      return result;
    } catch (error) {
      toast.error(serverMessageOr(error, fallback));
      return null;
    }
  };
  const onDeactivate = (user: ManagedUser) => {
    if (!window.confirm(CONFIRMATIONS.deactivateUser)) return;
    void run(() => deactivate.mutateAsync(user.id), USER_MANAGEMENT_MESSAGES.deactivateUserFailed);
  };
  const onActivate = (user: ManagedUser) =>
    void run(() => activate.mutateAsync(user.id), USER_MANAGEMENT_MESSAGES.activateUserFailed);
  const onVerify = (user: ManagedUser) =>
    void run(() => verify.mutateAsync(user.id), USER_MANAGEMENT_MESSAGES.verifyAdvocateFailed);
  const onReset = async (user: ManagedUser) => {
    const result = await run(
      () => reset.mutateAsync(user.id),
      USER_MANAGEMENT_MESSAGES.resetPasswordFailed,
    );
    if (result) setShownPassword({ name: fullName(user), password: result.temporaryPassword });
  };
  const onDelete = (user: ManagedUser) => {
    if (!window.confirm(CONFIRMATIONS.deleteUser)) return;
    void run(() => remove.mutateAsync(user.id), USER_MANAGEMENT_MESSAGES.deleteUserFailed);
  };
  const busyWith = (id: string) =>
    [deactivate, activate, reset, remove, verify].some(
      (mutation) => mutation.isPending && mutation.variables === id,
    );

  const data = query.data;
  const isFiltered = debouncedSearch !== '' || role !== 'all';

  return (
    <section aria-labelledby="user-management-heading" className="space-y-6">
      <h2 id="user-management-heading" className="sr-only">
        Advanced User Management
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="Total Users"
          value={data?.stats.total ?? '–'}
          icon={<Users className="size-5" />}
        />
        <StatCard
          label="Active Users"
          value={data?.stats.active ?? '–'}
          icon={<UserCheck className="size-5" />}
        />
        <StatCard
          label="Admins"
          value={data?.stats.admins ?? '–'}
          icon={<Shield className="size-5" />}
        />
        <StatCard
          label="Clients"
          value={data?.stats.clients ?? '–'}
          icon={<UserPlus className="size-5" />}
        />
      </div>

      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <SearchInput
          id="user-search"
          label="Search users"
          placeholder="Search users..."
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <FilterSelect<RoleFilter>
          id="user-role"
          label="Filter users by role"
          value={role}
          onChange={(value) => {
            setRole(value);
            setPage(1);
          }}
        >
          <option value="all">All Roles</option>
          <option value="admin">Admins</option>
          <option value="client">Clients</option>
        </FilterSelect>
        <div className="flex flex-wrap gap-2">
          {can(actor, 'admins:manage') ? (
            <Button onClick={() => setCreating('admin')}>Add Admin</Button>
          ) : null}
          {can(actor, 'clients:admit') ? (
            <Button variant="secondary" onClick={() => setCreating('client')}>
              Add Client
            </Button>
          ) : null}
        </div>
      </div>

      {query.isPending ? (
        <ListLoading label="Loading users…" />
      ) : query.isError ? (
        <ListError
          message={serverMessageOr(query.error, USER_MANAGEMENT_MESSAGES.fetchUsersFailed)}
          onRetry={() => void query.refetch()}
        />
      ) : data!.users.length === 0 ? (
        <ListEmpty
          title="No users found"
          hint={
            isFiltered ? 'Try adjusting your search criteria' : 'No users have been created yet'
          }
        />
      ) : (
        <>
          <DataTable caption="Users" columns={['User', 'Role', 'Status', 'Created', 'Actions']}>
            {data!.users.map((user) => {
              const name = fullName(user);
              const shown = displayStatus(user);
              const isSelf = user.id === actor.id;
              const isBusy = busyWith(user.id);
              return (
                <tr key={user.id}>
                  <Cell>
                    <span className="block font-medium whitespace-nowrap text-slate-900">
                      {name}
                      {isSelf ? <span className="font-normal text-slate-600"> (you)</span> : null}
                    </span>
                    <span className="block text-slate-600">{user.email}</span>
                  </Cell>
                  <Cell>
                    <Badge tone={ROLE_TONE[user.role]}>{ROLE_LABEL[user.role]}</Badge>
                  </Cell>
                  <Cell>
                    <Badge tone={STATUS_TONE[shown]}>{shown}</Badge>
                  </Cell>
                  <Cell className="whitespace-nowrap text-slate-700">
                    {formatDate(user.createdAt)}
                  </Cell>
                  <Cell>
                    <div className="flex flex-wrap gap-1.5">
                      {shown === 'Pending verification' ? (
                        <ActionButton
                          label={`Verify ${name}`}
                          onClick={() => onVerify(user)}
                          disabled={isBusy}
                        >
                          Verify
                        </ActionButton>
                      ) : isSelf ? null : user.isActive ? (
                        <ActionButton
                          label={`Deactivate ${name}`}
                          onClick={() => onDeactivate(user)}
                          disabled={isBusy}
                        >
                          Deactivate
                        </ActionButton>
                      ) : (
                        <ActionButton
                          label={`Activate ${name}`}
                          onClick={() => onActivate(user)}
                          disabled={isBusy}
                        >
                          Activate
                        </ActionButton>
                      )}
                      {isSelf ? null : (
                        <ActionButton
                          label={`Reset password of ${name}`}
                          onClick={() => void onReset(user)}
                          disabled={isBusy}
                        >
                          Reset Password
                        </ActionButton>
                      )}
                      {user.role === 'admin' && can(actor, 'admins:manage') ? (
                        <ActionButton
                          label={`Edit permissions of ${name}`}
                          onClick={() => setEditing(user)}
                          disabled={isBusy}
                        >
                          Edit Permissions
                        </ActionButton>
                      ) : null}
                      {isSelf ? null : (
                        <ActionButton
                          label={`Delete ${name}`}
                          tone="danger"
                          onClick={() => onDelete(user)}
                          disabled={isBusy}
                        >
                          Delete
                        </ActionButton>
                      )}
                    </div>
                  </Cell>
                </tr>
              );
            })}
          </DataTable>
          <Pagination page={page} pages={data!.pagination.pages} onPage={setPage} />
        </>
      )}

      {creating ? (
        <CreateUserModal
          kind={creating}
          onClose={() => setCreating(null)}
          onCreated={(created) => {
            setCreating(null);
            setShownPassword({ name: fullName(created.user), password: created.temporaryPassword });
          }}
        />
      ) : null}
      {editing ? <EditPermissionsModal admin={editing} onClose={() => setEditing(null)} /> : null}
      {shownPassword ? (
        <TemporaryPasswordDialog
          name={shownPassword.name}
          password={shownPassword.password}
          onClose={() => setShownPassword(null)}
        />
      ) : null}
    </section>
  );
}
