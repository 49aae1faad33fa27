import {
  CONFIRMATIONS,
  LIST_DEFAULT_LIMIT,
  USER_MANAGEMENT_MESSAGES,
  can,
  type ManagedUser,
  type PublicUser,
  type UserCreated,
} from '@firm/shared';
import { Briefcase, Eye, Plus, Power, Trash2, UserCheck, UserX, Users } from 'lucide-react';
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
import { CreateUserModal } from './create-user-modal';
import { TemporaryPasswordDialog } from './temporary-password-dialog';
import { AdminDetailsModal } from './admin-details-modal';
import { fullName } from '../../../lib/format';
import {
  STATUS_FILTER_OPTIONS,
  STATUS_TONE,
  displayStatus,
  formatLastLogin,
  type StatusFilter,
} from './user-format';
import { UsersTab, type UserFigure } from './users-tab';
import { EmailText } from '../../../components/ui/email-text';

const FIGURES: readonly UserFigure[] = [
  { label: 'Total Admins', stat: 'admins', icon: Users },
  { label: 'Active Admins', stat: 'activeAdmins', icon: UserCheck },
  { label: 'Inactive Admins', stat: 'inactiveAdmins', icon: UserX },
  { label: 'Total Cases', stat: 'adminCasesAssigned', icon: Briefcase },
];

/**
 * The 'Admin Overview' tab (docs/product-rules.md#screens), from the server: the four stat cards, search and
 * status filter, the admins' table, Add New Admin, Admin Details, toggle and delete.
 */
export function AdminOverview({ actor }: { actor: PublicUser }) {
  const list = useListParams({ status: 'all' as StatusFilter }, { prefix: 'admins' });
  const status = list.filters.status as StatusFilter;
  const [isAdding, setIsAdding] = useState(false);
  const [created, setCreated] = useState<UserCreated | null>(null);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const query = useUsers({
    role: 'admin',
    search: list.debouncedSearch,
    status,
    page: list.page,
    limit: LIST_DEFAULT_LIMIT,
  });
  const activate = useActivateUser();
  const deactivate = useDeactivateUser();
  const remove = useDeleteUser();

  if (!can(actor, 'admins:manage')) {
    return <AccessDenied message={USER_MANAGEMENT_MESSAGES.adminManagementAccessDenied} />;
  }

  // This tab says its own toasts (docs/texts.md) rather than the server's words; of its actions
  // only deleting an admin is asked first (docs/texts.md, the browser confirmations).
  const toggleActive = (admin: ManagedUser) =>
    runAccountAction({
      action: () => (admin.isActive ? deactivate : activate).mutateAsync(admin.id),
      successText: USER_MANAGEMENT_MESSAGES.overviewAdminStatusUpdated,
      failedText: USER_MANAGEMENT_MESSAGES.overviewUpdateStatusFailed,
    });
  const deleteAdmin = async (admin: ManagedUser) => {
    const deleted = await runAccountAction({
      confirm: CONFIRMATIONS.deleteAdmin,
      action: () => remove.mutateAsync(admin.id),
      successText: USER_MANAGEMENT_MESSAGES.overviewAdminDeleted,
      failedText: USER_MANAGEMENT_MESSAGES.overviewDeleteAdminFailed,
    });
    if (deleted && detailsId === admin.id) setDetailsId(null);
  };
  const isToggling = (id: string) => isBusyWith(id, activate, deactivate);

  const details = query.data?.users.find((user) => user.id === detailsId);

  const columns: Column<ManagedUser>[] = [
    {
      header: 'Admin',
      cell: (admin) => (
        <span className="font-medium text-slate-900 md:whitespace-nowrap">{fullName(admin)}</span>
      ),
    },
    {
      header: 'Contact',
      cell: (admin) => (
        <>
          <EmailText email={admin.email} className="block text-slate-800" />
          <span className="block text-slate-600 md:whitespace-nowrap">{admin.phone ?? '—'}</span>
        </>
      ),
    },
    {
      header: 'Status',
      cell: (admin) => {
        const shown = displayStatus(admin);
        return <Badge tone={STATUS_TONE[shown]}>{shown}</Badge>;
      },
    },
    {
      header: 'Performance',
      className: 'text-slate-700 md:whitespace-nowrap',
      cell: (admin) => (
        <>
          <span className="block">{admin.casesAssigned} cases</span>
          <span className="block">{admin.clientsManaged} clients</span>
        </>
      ),
    },
    {
      header: 'Last Login',
      className: 'text-slate-700 md:whitespace-nowrap',
      cell: (admin) => formatLastLogin(admin.lastLogin),
    },
    {
      header: 'Actions',
      cell: (admin) => {
        const name = fullName(admin);
        const iconButton = { size: 'icon', variant: 'quiet' } as const;
        return (
          <div className="flex gap-1">
            <Button
              {...iconButton}
              aria-label={`View details of ${name}`}
              title={`View details of ${name}`}
              onClick={() => setDetailsId(admin.id)}
            >
              <Eye aria-hidden="true" className="size-4" />
            </Button>
            <Button
              {...iconButton}
              aria-label={`${admin.isActive ? 'Deactivate' : 'Activate'} ${name}`}
              title={`${admin.isActive ? 'Deactivate' : 'Activate'} ${name}`}
              onClick={() => void toggleActive(admin)}
              disabled={isToggling(admin.id)}
            >
              <Power aria-hidden="true" className="size-4" />
            </Button>
            <Button
              {...iconButton}
              variant="quietDanger"
              aria-label={`Delete ${name}`}
              title={`Delete ${name}`}
              onClick={() => void deleteAdmin(admin)}
              disabled={isBusyWith(admin.id, remove)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
        );
      },
    },
  ];

  return (
    <UsersTab
      id="admin-overview"
      heading="Admin Overview"
      figures={FIGURES}
      noun={['admin', 'admins']}
      list={list}
      query={query}
      columns={columns}
      controlsRowFrom="sm"
      controls={
        <>
          <FilterSelect<StatusFilter>
            id="admin-status"
            label="Filter admins by status"
            value={status}
            onChange={(value) => list.setFilter('status', value)}
          >
            {STATUS_FILTER_OPTIONS.filter((option) => option.value !== 'pending').map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </FilterSelect>
          <Button onClick={() => setIsAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add New Admin
          </Button>
        </>
      }
    >
      {/* The one Add Admin form of user management too (phone optional, a generated password,
          the six toggles), so the two places never contradict each other. */}
      {isAdding ? (
        <CreateUserModal
          kind="admin"
          onClose={() => setIsAdding(false)}
          onCreated={(user) => {
            setIsAdding(false);
            setCreated(user);
          }}
        />
      ) : null}
      {created ? (
        <TemporaryPasswordDialog
          name={fullName(created.user)}
          password={created.temporaryPassword}
          invitedEmail={created.user.email}
          onClose={() => setCreated(null)}
        />
      ) : null}
      {details ? (
        <AdminDetailsModal
          admin={details}
          onClose={() => setDetailsId(null)}
          onToggleActive={() => void toggleActive(details)}
          isToggling={isToggling(details.id)}
        />
      ) : null}
    </UsersTab>
  );
}
