import {
  CONFIRMATIONS,
  LIST_DEFAULT_LIMIT,
  USER_MANAGEMENT_MESSAGES,
  awaitsFirstSignIn,
  can,
  mayResendInvitation,
  type ManagedUser,
  type PublicUser,
  type Role,
} from '@firm/shared';
import { Shield, UserCheck, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { type Column } from '../../../components/list/data-table';
import { FilterSelect } from '../../../components/list/filter-controls';
import { AccessDenied } from '../../../components/list/list-states';
import { useListParams } from '../../../components/list/use-list-params';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { isBusyWith, runAccountAction } from '../../../lib/account-action';
import { useActivateUser } from '../api/activate-user';
import { useDeactivateUser } from '../api/deactivate-user';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/list-users';
import { useResendInvitation } from '../api/resend-invitation';
import { useResetPassword } from '../api/reset-password';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { useVerifyAdvocate } from '../api/verify-advocate';
import { CreateUserModal, type NewUserKind } from './create-user-modal';
import { EditPermissionsModal } from './edit-permissions-modal';
import { TemporaryPasswordDialog } from './temporary-password-dialog';
import { formatDate, fullName } from '../../../lib/format';
import {
  ROLE_LABEL,
  ROLE_TONE,
  STATUS_FILTER_OPTIONS,
  STATUS_TONE,
  displayStatus,
  type StatusFilter,
} from './user-format';
import { UserRowActions, type UserActionHandlers } from './user-row-actions';
import { UsersTab, type UserFigure } from './users-tab';
import { EmailText } from '../../../components/ui/email-text';

type RoleFilter = 'all' | Extract<Role, 'admin' | 'client'>;

const FIGURES: readonly UserFigure[] = [
  { label: 'Total Users', stat: 'total', icon: Users },
  { label: 'Active Users', stat: 'active', icon: UserCheck },
  { label: 'Admins', stat: 'admins', icon: Shield },
  { label: 'Clients', stat: 'clients', icon: UserPlus },
];

/**
 * The 'Advanced User Management' tab (docs/product-rules.md#screens): stats, search, role filter, Add Admin and
 * Add Client, and the users' table with every action and the toasts of docs/texts.md.
 */
export function UserManagementPanel({ actor }: { actor: PublicUser }) {
  const list = useListParams(
    { role: 'all' as RoleFilter, status: 'all' as StatusFilter },
    { prefix: 'users' },
  );
  const role = list.filters.role as RoleFilter;
  const status = list.filters.status as StatusFilter;
  const [creating, setCreating] = useState<NewUserKind | null>(null);
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [shownPassword, setShownPassword] = useState<{
    name: string;
    password: string;
    invitedEmail?: string;
  } | null>(null);
  const query = useUsers({
    role,
    status,
    search: list.debouncedSearch,
    page: list.page,
    limit: LIST_DEFAULT_LIMIT,
  });
  const deactivate = useDeactivateUser();
  const activate = useActivateUser();
  const reset = useResetPassword();
  const resetTwoFactor = useResetTwoFactor();
  const remove = useDeleteUser();
  const verify = useVerifyAdvocate();
  const resendInvitation = useResendInvitation();

  if (!can(actor, 'users:manage')) {
    return <AccessDenied message={USER_MANAGEMENT_MESSAGES.userManagementAccessDenied} />;
  }

  const handlers: UserActionHandlers = {
    onDeactivate: (user) =>
      void runAccountAction({
        confirm: CONFIRMATIONS.deactivateUser,
        action: () => deactivate.mutateAsync(user.id),
        failedText: USER_MANAGEMENT_MESSAGES.deactivateUserFailed,
      }),
    onActivate: (user) =>
      void runAccountAction({
        action: () => activate.mutateAsync(user.id),
        failedText: USER_MANAGEMENT_MESSAGES.activateUserFailed,
      }),
    onVerify: (user) =>
      void runAccountAction({
        action: () => verify.mutateAsync(user.id),
        failedText: USER_MANAGEMENT_MESSAGES.verifyAdvocateFailed,
      }),
    onReset: (user) =>
      void runAccountAction({
        action: () => reset.mutateAsync(user.id),
        failedText: USER_MANAGEMENT_MESSAGES.resetPasswordFailed,
      }).then((result) => {
        if (result) {
          setShownPassword({ name: fullName(user), password: result.temporaryPassword });
        }
      }),
    onResetTwoFactor: (user) =>
      void runAccountAction({
        confirm: USER_MANAGEMENT_MESSAGES.resetTwoFactorConfirm(fullName(user)),
        action: () => resetTwoFactor.mutateAsync(user.id),
        failedText: USER_MANAGEMENT_MESSAGES.twoFactorResetFailed,
      }),
    onResendInvitation: (user) =>
      void runAccountAction({
        action: () => resendInvitation.mutateAsync(user.id),
        failedText: USER_MANAGEMENT_MESSAGES.resendInvitationFailed,
      }),
    onEditPermissions: setEditing,
    onDelete: (user) =>
      void runAccountAction({
        confirm: CONFIRMATIONS.deleteUser,
        action: () => remove.mutateAsync(user.id),
        failedText: USER_MANAGEMENT_MESSAGES.deleteUserFailed,
      }),
  };
  const busyWith = (id: string) =>
    isBusyWith(id, deactivate, activate, reset, resetTwoFactor, remove, verify, resendInvitation);

  const columns: Column<ManagedUser>[] = [
    {
      header: 'User',
      cell: (user) => (
        <>
          <span className="block font-medium text-slate-900 md:whitespace-nowrap">
            {fullName(user)}
            {user.id === actor.id ? (
              <span className="font-normal text-slate-600"> (you)</span>
            ) : null}
          </span>
          <EmailText email={user.email} className="block text-slate-600" />
        </>
      ),
    },
    {
      header: 'Role',
      cell: (user) => <Badge tone={ROLE_TONE[user.role]}>{ROLE_LABEL[user.role]}</Badge>,
    },
    {
      header: 'Status',
      cell: (user) => {
        const shown = displayStatus(user);
        return (
          <div className="flex flex-wrap gap-1.5">
            <Badge tone={STATUS_TONE[shown]}>{shown}</Badge>
            {awaitsFirstSignIn(user) ? (
              <Badge tone="amber">{USER_MANAGEMENT_MESSAGES.notSignedInYet}</Badge>
            ) : null}
          </div>
        );
      },
    },
    {
      header: 'Created',
      className: 'text-slate-700 md:whitespace-nowrap',
      cell: (user) => formatDate(user.createdAt),
    },
    {
      header: 'Actions',
      cell: (user) => (
        <UserRowActions
          user={user}
          isSelf={user.id === actor.id}
          isBusy={busyWith(user.id)}
          canEditPermissions={can(actor, 'admins:manage')}
          canResendInvitation={mayResendInvitation(actor, user)}
          handlers={handlers}
        />
      ),
    },
  ];

  return (
    <UsersTab
      id="user-management"
      heading="Advanced User Management"
      figures={FIGURES}
      noun={['user', 'users']}
      list={list}
      query={query}
      columns={columns}
      controlsRowFrom="lg"
      controls={
        <>
          <FilterSelect<RoleFilter>
            id="user-role"
            label="Filter users by role"
            value={role}
            onChange={(value) => list.setFilter('role', value)}
          >
            <option value="all">All Roles</option>
            <option value="admin">Admins</option>
            <option value="client">Clients</option>
          </FilterSelect>
          <FilterSelect<StatusFilter>
            id="user-status"
            label="Filter users by status"
            value={status}
            onChange={(value) => list.setFilter('status', value)}
          >
            {STATUS_FILTER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
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
        </>
      }
    >
      {creating ? (
        <CreateUserModal
          kind={creating}
          onClose={() => setCreating(null)}
          onCreated={(created) => {
            setCreating(null);
            setShownPassword({
              name: fullName(created.user),
              password: created.temporaryPassword,
              // A new admin or client is emailed an invitation too; a new advocate is not.
              ...(awaitsFirstSignIn(created.user) ? { invitedEmail: created.user.email } : {}),
            });
          }}
        />
      ) : null}
      {editing ? <EditPermissionsModal admin={editing} onClose={() => setEditing(null)} /> : null}
      {shownPassword ? (
        <TemporaryPasswordDialog
          name={shownPassword.name}
          password={shownPassword.password}
          invitedEmail={shownPassword.invitedEmail}
          onClose={() => setShownPassword(null)}
        />
      ) : null}
    </UsersTab>
  );
}
