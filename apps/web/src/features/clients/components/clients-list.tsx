import {
  CLIENT_SCREEN_FAILURES,
  CLIENT_MESSAGES,
  CLIENT_SORTS,
  CLIENT_SORT_LABELS,
  LIST_DEFAULT_LIMIT,
  USER_MANAGEMENT_MESSAGES,
  awaitsFirstSignIn,
  can,
  type ClientSort,
  type ClientSummary,
  type PublicUser,
  type UserCreated,
} from '@firm/shared';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/list/data-table';
import { FilterSelect, SearchInput } from '../../../components/list/filter-controls';
import { LinkFilterNotice } from '../../../components/list/filter-notice';
import { PagedResults } from '../../../components/list/paged-results';
import { useListParams } from '../../../components/list/use-list-params';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PageHeading } from '../../../components/ui/page-heading';
import { NewClientDialog } from '../../../components/forms/new-client-dialog';
import { formatDateTime, formatDayRange, fullName } from '../../../lib/format';
import { useCreateClient } from '../api/create-client';
import { useClients } from '../api/list-clients';
import { NewAccountModal } from '../../../components/forms/new-account-modal';
import { EmailText } from '../../../components/ui/email-text';
import { PhoneText } from '../../../components/ui/phone-text';

/** Filters only a link sets (the dashboard's new clients this month): said above the list. */
const JOINED_FILTERS = { joinedFrom: '', joinedTo: '' };
const FILTER_DEFAULTS = { status: 'all', sort: 'name', ...JOINED_FILTERS };

const COLUMNS: readonly Column<ClientSummary>[] = [
  {
    header: 'Client',
    cell: (client) => (
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={`/clients/${client.id}`}
          className="font-medium text-brand-800 underline-offset-2 hover:underline"
        >
          {fullName(client)}
        </Link>
        {client.isActive ? null : <Badge tone="red">Inactive</Badge>}
        {awaitsFirstSignIn({ ...client, role: 'client' }) ? (
          <Badge tone="amber">{USER_MANAGEMENT_MESSAGES.notSignedInYet}</Badge>
        ) : null}
      </div>
    ),
  },
  {
    header: 'Contact',
    cell: (client) => (
      <div className="text-slate-700">
        <EmailText email={client.email} className="block" />
        {client.phone ? (
          <div>
            <PhoneText phone={client.phone} />
          </div>
        ) : null}
      </div>
    ),
  },
  {
    header: 'Open cases',
    cell: (client) => client.openCases,
    className: 'whitespace-nowrap',
  },
  {
    header: 'Next appointment',
    cell: (client) =>
      client.nextAppointment ? (
        <span>
          {formatDateTime(client.nextAppointment.startsAt)}
          <span className="block text-xs text-slate-600">{client.nextAppointment.title}</span>
        </span>
      ) : (
        <span className="text-slate-600">{CLIENT_MESSAGES.noUpcoming}</span>
      ),
  },
  {
    header: 'Last sign-in',
    cell: (client) => (client.lastLogin ? formatDateTime(client.lastLogin) : CLIENT_MESSAGES.never),
    className: 'whitespace-nowrap',
  },
];

/**
 * /clients: the firm's client accounts with search (name, email, phone), a status
 * filter, sort and page, all in the URL; 'Add Client' for those who admit clients.
 */
export function ClientsList({ actor }: { actor: PublicUser }) {
  const list = useListParams(FILTER_DEFAULTS);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<UserCreated | null>(null);
  const createClient = useCreateClient();
  const joined = formatDayRange(list.filters.joinedFrom, list.filters.joinedTo);
  const query = useClients({
    search: list.debouncedSearch,
    status: list.filters.status as never,
    joinedFrom: list.filters.joinedFrom || undefined,
    joinedTo: list.filters.joinedTo || undefined,
    sort: list.filters.sort as ClientSort,
    page: list.page,
    limit: LIST_DEFAULT_LIMIT,
  });

  return (
    <>
      <PageHeading title={CLIENT_MESSAGES.heading} />
      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SearchInput
            id="clients-search"
            label={CLIENT_MESSAGES.searchLabel}
            placeholder={CLIENT_MESSAGES.searchPlaceholder}
            value={list.search}
            onChange={list.setSearch}
          />
          <div className="grid grid-cols-2 gap-3 sm:flex">
            <FilterSelect
              id="clients-status"
              label="Status"
              value={list.filters.status}
              onChange={(value) => list.setFilter('status', value)}
            >
              <option value="all">All Status</option>
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
            </FilterSelect>
            <FilterSelect
              id="clients-sort"
              label="Sort by"
              value={list.filters.sort}
              onChange={(value) => list.setFilter('sort', value)}
            >
              {CLIENT_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {CLIENT_SORT_LABELS[sort]}
                </option>
              ))}
            </FilterSelect>
          </div>
          {can(actor, 'clients:admit') ? (
            <Button onClick={() => setAdding(true)}>
              <UserPlus aria-hidden="true" className="size-4" />
              Add Client
            </Button>
          ) : null}
        </div>

        <LinkFilterNotice
          text={joined ? CLIENT_MESSAGES.joinedFilter(joined) : ''}
          filters={JOINED_FILTERS}
          clearFilters={list.clearFilters}
        />

        <PagedResults
          label="Clients"
          query={query}
          loadingLabel={CLIENT_MESSAGES.loading}
          failedText={CLIENT_MESSAGES.loadFailed}
          isEmpty={(data) => data.clients.length === 0}
          empty={{
            title: list.isFiltered ? CLIENT_MESSAGES.emptyFiltered : CLIENT_MESSAGES.empty,
            hint: list.isFiltered ? CLIENT_SCREEN_FAILURES.filteredEmptyHint : undefined,
          }}
          noun={['client', 'clients']}
          onPage={list.setPage}
        >
          {(data) => (
            <DataTable
              caption="Clients"
              columns={COLUMNS}
              rows={data.clients}
              rowKey={(client) => client.id}
            />
          )}
        </PagedResults>
      </div>
      {adding ? (
        <NewAccountModal
          title="Add Client"
          submitLabel="Create Client"
          description="A temporary password is generated and shown once; it must be changed at the first sign-in."
          submit={(input) => createClient.mutateAsync(input)}
          onClose={() => setAdding(false)}
          onCreated={(result) => {
            setAdding(false);
            setCreated(result);
          }}
        />
      ) : null}
      {created ? (
        <NewClientDialog created={created} actor={actor} onClose={() => setCreated(null)} />
      ) : null}
    </>
  );
}
