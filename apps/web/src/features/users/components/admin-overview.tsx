import {
  CONFIRMATIONS,
  LIST_DEFAULT_LIMIT,
  USER_MANAGEMENT_MESSAGES,
  can,
  type ManagedUser,
  type PublicUser,
} from '@firm/shared';
import { Briefcase, Eye, Plus, Power, Trash2, UserCheck, UserX, Users } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { type Column } from '../../../components/list/data-table';
import { FilterSelect, SearchInput } from '../../../components/list/filter-controls';
import { AccessDenied } from '../../../components/list/list-states';
import { PagedTable } from '../../../components/list/paged-table';
import { useListParams } from '../../../components/list/use-list-params';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { StatCard } from '../../../components/ui/stat-card';
import { errorText } from '../../../lib/api-client';
import { useActivateUser } from '../api/activate-user';
import { useDeactivateUser } from '../api/deactivate-user';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/list-users';
import { AddAdminModal } from './add-admin-modal';
import { AdminDetailsModal } from './admin-details-modal';
import { fullName } from '../../../lib/format';
import {
  STATUS_FILTER_OPTIONS,
  STATUS_TONE,
  displayStatus,
  formatLastLogin,
  type StatusFilter,
} from './user-format';
import { EmailText } from '../../../components/ui/email-text';

/**
 * The 'Admin Overview' tab (docs/product-rules.md#screens), from the server: the four stat cards, search and
 * status filter, the admins' table, Add New Admin, Admin Details, toggle and delete.
 */
export function AdminOverview({ actor }: { actor: PublicUser }) {
  const list = useListParams({ status: 'all' as StatusFilter }, { prefix: 'admins' });
  const status = list.filters.status as StatusFilter;
  const [isAdding, setIsAdding] = useState(false);
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

  const toggleActive = async (admin: ManagedUser) => {
    try {
      await (admin.isActive ? deactivate : activate).mutateAsync(admin.id);
      toast.success(USER_MANAGEMENT_MESSAGES.overviewAdminStatusUpdated);
    } catch (error) {
      toast.error(errorText(error, USER_MANAGEMENT_MESSAGES.overviewUpdateStatusFailed));
    }
  };
  const deleteAdmin = async (admin: ManagedUser) => {
    if (!window.confirm(CONFIRMATIONS.deleteAdmin)) return;
    try {
      await remove.mutateAsync(admin.id);
      toast.success(USER_MANAGEMENT_MESSAGES.overviewAdminDeleted);
      if (detailsId === admin.id) setDetailsId(null);
    } catch (error) {
      toast.error(errorText(error, USER_MANAGEMENT_MESSAGES.overviewDeleteAdminFailed));
    }
  };
  const isToggling = (id: string) =>
    (activate.isPending && activate.variables === id) ||
    (deactivate.isPending && deactivate.variables === id);

  const data = query.data;
  const details = data?.users.find((user) => user.id === detailsId);

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
              disabled={remove.isPending && remove.variables === admin.id}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
        );
      },
    },
  ];

  return (
    <section aria-labelledby="admin-overview-heading" className="space-y-6">
      <h2 id="admin-overview-heading" className="sr-only">
        Admin Overview
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="Total Admins"
          value={data?.stats.admins ?? '–'}
          icon={<Users className="size-5" />}
        />
        <StatCard
          label="Active Admins"
          value={data?.stats.activeAdmins ?? '–'}
          icon={<UserCheck className="size-5" />}
        />
        <StatCard
          label="Inactive Admins"
          value={data?.stats.inactiveAdmins ?? '–'}
          icon={<UserX className="size-5" />}
        />
        <StatCard
          label="Total Cases"
          value={data?.stats.adminCasesAssigned ?? '–'}
          icon={<Briefcase className="size-5" />}
        />
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchInput
          id="admin-search"
          label="Search admins"
          placeholder="Search admins..."
          value={list.search}
          onChange={list.setSearch}
        />
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
      </div>

      <PagedTable
        query={query}
        rowsOf={(result) => result.users}
        caption="Admins"
        columns={columns}
        rowKey={(admin) => admin.id}
        loadingLabel="Loading admins…"
        failedText={USER_MANAGEMENT_MESSAGES.fetchUsersFailed}
        empty={{ title: 'No admins found', hint: 'No admins have been created yet' }}
        list={list}
      />

      {isAdding ? <AddAdminModal onClose={() => setIsAdding(false)} /> : null}
      {details ? (
        <AdminDetailsModal
          admin={details}
          onClose={() => setDetailsId(null)}
          onToggleActive={() => void toggleActive(details)}
          isToggling={isToggling(details.id)}
        />
      ) : null}
    </section>
  );
}
