import {
  MESSAGES,
  BILLING_LIST_TEXTS as L,
  BILLING_SCREEN_TEXTS as T,
  FEE_NOTE_STATUSES,
  FEE_NOTE_STATUS_LABELS,
  LIST_DEFAULT_LIMIT,
  can,
  formatKsh,
  isClientAccount,
  type FeeNotePage,
  type FeeNoteSummary,
  type PublicUser,
} from '@firm/shared';
import { FilePlus2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type Column } from '../../../components/list/data-table';
import { FilterSelect } from '../../../components/list/filter-controls';
import { LinkFilterNotice } from '../../../components/list/filter-notice';
import { ListResults } from '../../../components/list/list-states';
import { Pagination } from '../../../components/list/pagination';
import { useListParams } from '../../../components/list/use-list-params';
import { Button } from '../../../components/ui/button';
import { formatDayRange } from '../../../lib/format';
import { useFeeNotes, type FeeNoteFilters } from '../api/list-fee-notes';
import { OverdueBadge, StatusBadge, dayOf, dueDayOf, feeNoteNumber } from './billing-format';
import { FeeNoteFormModal } from './fee-note-form-modal';

/** Filters only a link sets (a report's figure): said above the list, cleared by Show all. */
const LINK_FILTERS = { issuedFrom: '', issuedTo: '', client: '' };
const FILTER_DEFAULTS = { status: 'all', ...LINK_FILTERS };

/** The report links here with a client's id: the rows name them (all are theirs). */
function describeLinkFilters(filters: typeof LINK_FILTERS, clientName: string | null): string {
  const parts: string[] = [];
  const days = formatDayRange(filters.issuedFrom, filters.issuedTo);
  if (days) parts.push(L.issued(days));
  if (filters.client) parts.push(clientName ? L.forClient(clientName) : L.forOneClient);
  return parts.length ? L.showingFeeNotes(parts.join(', ')) : '';
}

/**
 * The whole count and, for staff, the money of every page (added up by the server), so a report's
 * figure, a count or shillings billed or owed, can be checked against the list.
 */
function totalLine(data: FeeNotePage, withSums: boolean): string {
  const count = L.feeNoteCount(data.total);
  return withSums
    ? `${count} · ${L.sums(formatKsh(data.sums.billedKsh), formatKsh(data.sums.owedKsh))}`
    : count;
}

const numberColumn: Column<FeeNoteSummary> = {
  header: T.columns.number,
  cell: (note) => (
    <Link
      to={`/billing/${note.id}`}
      className="font-medium whitespace-nowrap text-brand-800 underline-offset-2 hover:underline"
    >
      {feeNoteNumber(note)}
    </Link>
  ),
};

/** A matter's number and title, or that it is general work. */
function Matter({ note }: { note: FeeNoteSummary }) {
  return note.case ? (
    <span className="block break-words">
      <span className="block text-xs text-slate-600">{note.case.caseNumber}</span>
      {note.case.title}
    </span>
  ) : (
    <span className="text-slate-600">{T.noMatter}</span>
  );
}

const matterColumn: Column<FeeNoteSummary> = {
  header: T.columns.matter,
  cell: (note) => <Matter note={note} />,
};

/**
 * Staff see whose it is: the client above the matter, in one column, so that the firm's list
 * still fits a 1024 px screen without scrolling sideways.
 */
const clientAndMatterColumn: Column<FeeNoteSummary> = {
  header: T.columns.clientAndMatter,
  cell: (note) => (
    <span className="block break-words">
      <span className="block font-medium text-slate-900">{note.client.name}</span>
      <Matter note={note} />
    </span>
  ),
};

const restColumns: readonly Column<FeeNoteSummary>[] = [
  {
    header: T.columns.issued,
    cell: (note) => dayOf(note.issuedAt),
    className: 'md:whitespace-nowrap',
  },
  {
    header: T.columns.due,
    cell: (note) => (
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="md:whitespace-nowrap">{dueDayOf(note.dueDate)}</span>
        {note.isOverdue ? <OverdueBadge /> : null}
      </span>
    ),
  },
  {
    header: T.columns.total,
    cell: (note) => formatKsh(note.totalKsh),
    className: 'whitespace-nowrap',
  },
  {
    header: T.columns.balance,
    // A draft is not owed yet: its balance would read as paid.
    cell: (note) =>
      note.status === 'draft' ? (
        <span className="text-slate-600">{T.notIssued}</span>
      ) : (
        formatKsh(note.balanceKsh)
      ),
    className: 'whitespace-nowrap',
  },
  {
    header: T.columns.status,
    cell: (note) => <StatusBadge status={note.status} />,
  },
];

/** The statement's line: what a client owes across their issued fee notes. */
function BalanceOwed({ balanceKsh }: { balanceKsh: number }) {
  return (
    <section
      aria-labelledby="balance-owed"
      className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="balance-owed" className="text-sm font-semibold text-slate-600 uppercase">
        {T.balanceOwed}
      </h2>
      <p className="mt-1 text-3xl font-bold text-brand-900">{formatKsh(balanceKsh)}</p>
      <p className="mt-1 text-sm text-slate-600">
        {balanceKsh > 0 ? T.balanceOwedHint : T.nothingOwed}
      </p>
    </section>
  );
}

/**
 * /billing's fee notes, newest first, with a status filter and pages (in the URL), and the filters
 * a report's link sets (issued days, one client). A client sees their own issued ones and what
 * they owe; staff see every client's, and may draft a new one.
 */
export function FeeNotesList({ actor }: { actor: PublicUser }) {
  const isClient = isClientAccount(actor);
  const list = useListParams(FILTER_DEFAULTS);
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const { issuedFrom, issuedTo, client } = list.filters;
  const filters: FeeNoteFilters = {
    status: list.filters.status as FeeNoteFilters['status'],
    clientId: client || undefined,
    issuedFrom: issuedFrom || undefined,
    issuedTo: issuedTo || undefined,
    page: list.page,
    limit: LIST_DEFAULT_LIMIT,
  };
  const query = useFeeNotes(filters);
  const columns = isClient
    ? [numberColumn, matterColumn, ...restColumns]
    : [numberColumn, clientAndMatterColumn, ...restColumns];
  // A client never sees a draft: it is not theirs until issued.
  const statuses = FEE_NOTE_STATUSES.filter((status) => !isClient || status !== 'draft');
  const balance = query.data?.balanceKsh;
  const firstRow = query.data?.feeNotes[0];
  const linkFilters = describeLinkFilters(
    { issuedFrom, issuedTo, client },
    firstRow && firstRow.client.id === client ? firstRow.client.name : null,
  );

  return (
    <>
      {isClient && typeof balance === 'number' ? <BalanceOwed balanceKsh={balance} /> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <FilterSelect
          id="fee-notes-status"
          label={T.statusFilterLabel}
          value={list.filters.status}
          onChange={(value) => list.setFilter('status', value)}
          isLabelVisible
        >
          <option value="all">{T.allStatuses}</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {FEE_NOTE_STATUS_LABELS[status]}
            </option>
          ))}
          <option value="outstanding">{L.outstanding}</option>
          <option value="billed">{L.billed}</option>
          <option value="overdue">{T.overdue}</option>
        </FilterSelect>
        {can(actor, 'fee-notes:manage') ? (
          <Button onClick={() => setAdding(true)}>
            <FilePlus2 aria-hidden="true" className="size-4" />
            {T.newFeeNote}
          </Button>
        ) : null}
      </div>

      <LinkFilterNotice
        text={linkFilters}
        filters={LINK_FILTERS}
        clearFilters={list.clearFilters}
      />

      <section aria-label={T.listCaption} aria-busy={query.isFetching} className="mt-6">
        <ListResults
          query={query}
          loadingLabel={T.loading}
          failedText={T.loadFailed}
          isEmpty={(data) => data.feeNotes.length === 0}
          empty={{
            title: linkFilters
              ? L.emptyFiltered
              : list.isFiltered
                ? T.emptyFiltered
                : isClient
                  ? T.emptyClient
                  : T.empty,
            hint: list.isFiltered ? MESSAGES.filteredEmptyHint : undefined,
          }}
        >
          {(data) => (
            <>
              <p className="mb-3 text-sm text-slate-600" aria-live="polite">
                {totalLine(data, !isClient)}
              </p>
              <DataTable
                caption={T.listCaption}
                columns={columns}
                rows={data.feeNotes}
                rowKey={(note) => note.id}
              />
              <Pagination page={list.page} pages={data.pagination.pages} onPage={list.setPage} />
            </>
          )}
        </ListResults>
      </section>
      {adding ? (
        <FeeNoteFormModal
          onClose={() => setAdding(false)}
          onSaved={(id) => void navigate(`/billing/${id}`)}
        />
      ) : null}
    </>
  );
}
