import { FilterSelect, SearchInput } from '../../../components/ui/filter-controls';
import {
  USER_MANAGEMENT_MESSAGES,
  CONFIRMATIONS,
  can,
  type ManagedUser,
  type PublicUser,
} from '@firm/shared';
import { Briefcase, Eye, Plus, Power, Trash2, UserCheck, UserX, Users } from 'lucide-react';
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
import { AddAdminModal } from './add-admin-modal';
import { AdminDetailsModal } from './admin-details-modal';
import { AccessDenied, ListEmpty, ListError, ListLoading } from './list-states';
import { Pagination } from './pagination';
import { useDebouncedValue } from './use-debounced-value';
import { STATUS_TONE, displayStatus, formatLastLogin, fullName } from './user-format';

type StatusFilter = 'all' | 'active' | 'inactive';
const PAGE_SIZE = 20;

/**
 * The 'Admin Overview' tab (SPEC section 2), from the server: the four stat cards, search and
 * status filter, the admins' table, Add New Admin, Admin Details, toggle and delete.
 */
export function AdminOverview({ actor }: { actor: PublicUser }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [isAdding, setIsAdding] = useState(false);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());
  const query = useUsers({
    role: 'admin',
    search: debouncedSearch,
    status,
    page,
    limit: PAGE_SIZE,
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
      toast.error(serverMessageOr(error, USER_MANAGEMENT_MESSAGES.overviewUpdateStatusFailed));
    }
  };
  const deleteAdmin = async (admin: ManagedUser) => {
    if (!window.confirm(CONFIRMATIONS.deleteAdmin)) return;
    try {
      await remove.mutateAsync(admin.id);
      toast.success(USER_MANAGEMENT_MESSAGES.overviewAdminDeleted);
      if (detailsId === admin.id) setDetailsId(null);
    } catch (error) {
      toast.error(serverMessageOr(error, USER_MANAGEMENT_MESSAGES.overviewDeleteAdminFailed));
    }
  };
  const isToggling = (id: string) =>
    (activate.isPending && activate.variables === id) ||
    (deactivate.isPending && deactivate.variables === id);

  const data = query.data;
  const isFiltered = debouncedSearch !== '' || status !== 'all';
  const details = data?.users.find((user) => user.id === detailsId);

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
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <FilterSelect<StatusFilter>
          id="admin-status"
          label="Filter admins by status"
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        >
          <option value="all">All Status</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </FilterSelect>
        <Button onClick={() => setIsAdding(true)}>
          <Plus aria-hidden="true" className="size-4" />
          Add New Admin
        </Button>
      </div>

      {query.isPending ? (
        <ListLoading label="Loading admins…" />
      ) : query.isError ? (
        <ListError
          message={serverMessageOr(query.error, USER_MANAGEMENT_MESSAGES.fetchUsersFailed)}
          onRetry={() => void query.refetch()}
        />
      ) : data!.users.length === 0 ? (
        <ListEmpty
          title="No admins found"
          hint={
            isFiltered ? 'Try adjusting your search criteria' : 'No admins have been created yet'
          }
        />
      ) : (
        <>
          <DataTable
            caption="Admins"
            columns={['Admin', 'Contact', 'Status', 'Performance', 'Last Login', 'Actions']}
          >
            {data!.users.map((admin) => {
              const name = fullName(admin);
              const shown = displayStatus(admin);
              return (
                <tr key={admin.id}>
                  <Cell>
                    <span className="font-medium whitespace-nowrap text-slate-900">{name}</span>
                  </Cell>
                  <Cell>
                    <span className="block text-slate-800">{admin.email}</span>
                    <span className="block whitespace-nowrap text-slate-600">
                      {admin.phone ?? '—'}
                    </span>
                  </Cell>
                  <Cell>
                    <Badge tone={STATUS_TONE[shown]}>{shown}</Badge>
                  </Cell>
                  <Cell className="whitespace-nowrap text-slate-700">
                    <span className="block">{admin.casesAssigned} cases</span>
                    <span className="block">{admin.clientsManaged} clients</span>
                  </Cell>
                  <Cell className="whitespace-nowrap text-slate-700">
                    {formatLastLogin(admin.lastLogin)}
                  </Cell>
                  <Cell>
                    <div className="flex gap-1">
                      <IconButton
                        label={`View details of ${name}`}
                        onClick={() => setDetailsId(admin.id)}
                      >
                        <Eye className="size-4" />
                      </IconButton>
                      <IconButton
                        label={`${admin.isActive ? 'Deactivate' : 'Activate'} ${name}`}
                        onClick={() => void toggleActive(admin)}
                        disabled={isToggling(admin.id)}
                      >
                        <Power className="size-4" />
                      </IconButton>
                      <IconButton
                        label={`Delete ${name}`}
                        tone="danger"
                        onClick={() => void deleteAdmin(admin)}
                        disabled={remove.isPending && remove.variables === admin.id}
                      >
                        <Trash2 className="size-4" />
                      </IconButton>
                    </div>
                  </Cell>
                </tr>
              );
            })}
          </DataTable>
          <Pagination page={page} pages={data!.pagination.pages} onPage={setPage} />
        </>
      )}

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

function IconButton({
  label,
  onClick,
  disabled,
  tone = 'default',
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className={`rounded-md p-2 disabled:opacity-50 ${
        tone === 'danger'
          ? 'text-red-700 hover:bg-red-50'
          : 'text-slate-700 hover:bg-slate-100 hover:text-brand-800'
      }`}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
