import {
  CASE_CATEGORIES,
  CASE_LINK_FILTER_TEXTS as LINK,
  CASE_MESSAGES,
  CASE_SCREEN_FAILURES,
  CASE_UNASSIGNED,
  LIST_DEFAULT_LIMIT,
  can,
  isAdminAccount,
  formatNairobiDay,
  isCalendarDate,
  type PublicUser,
  isClientAccount,
} from '@firm/shared';
import { Plus, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { FilterSelect, SearchInput } from '../../../components/list/filter-controls';
import { LinkFilterNotice } from '../../../components/list/filter-notice';
import { PagedResults } from '../../../components/list/paged-results';
import { useListParams } from '../../../components/list/use-list-params';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { PageHeading } from '../../../components/ui/page-heading';
import { inputClass } from '../../../components/ui/text-field';
import { formatDayRange } from '../../../lib/format';
import { isDateValue } from '../../../lib/typed-date';
import { useCasePeople } from '../api/create-case';
import { useCases } from '../api/list-cases';
import { CaseCard, CaseCardSkeleton } from './case-card';
import { CaseDetailModal } from './case-detail-modal';
import { PRIORITY_OPTIONS, STATUS_OPTIONS } from './case-format';

// New Case, for those who may create cases, loads when it is first wanted (or pointed at): with
// react-hook-form and the conflict check, it was most of what a client's list downloaded and ran
// before it could draw, for a dialog a client never opens (ADR 032).
const loadNewCaseModal = () => import('./new-case-modal');
const NewCaseModal = lazy(() => loadNewCaseModal().then((m) => ({ default: m.NewCaseModal })));

/** Filters only a link sets (a report's figure): said above the list, cleared by Show all. */
const LINK_FILTERS = {
  openedFrom: '',
  openedTo: '',
  closedFrom: '',
  closedTo: '',
  openOn: '',
};

const FILTER_DEFAULTS = {
  status: 'all',
  priority: 'all',
  category: 'all',
  assignee: '',
  courtFrom: '',
  courtTo: '',
  ...LINK_FILTERS,
};

function describeLinkFilters(filters: typeof LINK_FILTERS): string {
  const parts: string[] = [];
  const opened = formatDayRange(filters.openedFrom, filters.openedTo);
  if (opened) parts.push(LINK.opened(opened));
  const closed = formatDayRange(filters.closedFrom, filters.closedTo);
  if (closed) parts.push(LINK.closed(closed));
  if (filters.openOn) {
    const day = isCalendarDate(filters.openOn) ? formatNairobiDay(filters.openOn) : filters.openOn;
    parts.push(LINK.openOn(day));
  }
  return parts.length ? LINK.showing(parts.join(', ')) : '';
}

/** The assignee filter's choices: only those who may create cases may list the staff. */
function AssigneeFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const people = useCasePeople('');
  return (
    <FilterSelect id="cases-assignee" label="Assigned to" value={value} onChange={onChange}>
      <option value="">{CASE_MESSAGES.anyAssignee}</option>
      <option value={CASE_UNASSIGNED}>{CASE_MESSAGES.notAssigned}</option>
      {people.data?.assignees.map((person) => (
        <option key={person.id} value={person.id}>
          {person.name}
        </option>
      ))}
    </FilterSelect>
  );
}

/**
 * /cases and /cases/:id (docs/product-rules.md#screens): 'My Cases' for clients, 'Case Management' for
 * staff; search, status and priority filters, and 'More Filters' (category, assignee, court
 * dates), all in the URL, with the days a report's link sets said above the list; the cards; the
 * detail modal at /cases/:id; 'New Case' for those who may.
 */
export function CasesScreen({ actor }: { actor: PublicUser }) {
  const list = useListParams(FILTER_DEFAULTS);
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const moreId = useId();
  const f = list.filters;
  const linkFilters = describeLinkFilters(f);
  const hasMoreFilters =
    f.category !== 'all' || f.assignee !== '' || f.courtFrom !== '' || f.courtTo !== '';
  const [showMore, setShowMore] = useState(hasMoreFilters);
  const isClient = isClientAccount(actor);
  const mayCreate = can(actor, 'cases:create');
  // `?new=1&client=<id>&clientName=…` opens New Case for that client (the Clients screen's
  // New Case: features link to each other's screens, never import them).
  const [searchParams, setSearchParams] = useSearchParams();
  const [creating, setCreating] = useState(() => mayCreate && searchParams.get('new') === '1');
  const [initialClient] = useState(() => {
    const clientId = searchParams.get('client');
    return creating && clientId
      ? { id: clientId, name: searchParams.get('clientName') ?? 'Chosen client' }
      : undefined;
  });
  const stopCreating = () => {
    setCreating(false);
    if (searchParams.has('new')) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of ['new', 'client', 'clientName']) next.delete(name);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };

  const query = useCases({
    search: list.debouncedSearch,
    status: f.status as never,
    priority: f.priority as never,
    category: f.category as never,
    assignee: f.assignee || undefined,
    courtFrom: f.courtFrom || undefined,
    courtTo: f.courtTo || undefined,
    openedFrom: f.openedFrom || undefined,
    openedTo: f.openedTo || undefined,
    closedFrom: f.closedFrom || undefined,
    closedTo: f.closedTo || undefined,
    openOn: f.openOn || undefined,
    page: list.page,
    limit: LIST_DEFAULT_LIMIT,
  });

  // The detail keeps the list's filters in the URL, so closing it returns to the same list.
  const linkTo = (caseId: string) => `/cases/${caseId}${location.search}`;
  const closeDetail = () => void navigate(`/cases${location.search}`);

  return (
    <>
      <PageHeading title={isClient ? CASE_MESSAGES.clientHeading : CASE_MESSAGES.staffHeading} />
      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SearchInput
            id="cases-search"
            label="Search cases"
            placeholder="Search cases..."
            value={list.search}
            onChange={list.setSearch}
          />
          {/* Side by side from 352 px; below, "All priorities" would be cut inside its box. */}
          <div className="grid grid-cols-1 gap-3 min-[22rem]:grid-cols-2 sm:flex">
            <FilterSelect
              id="cases-status"
              label={CASE_MESSAGES.statusFilter}
              isLabelVisible
              value={f.status}
              onChange={(value) => list.setFilter('status', value)}
            >
              {STATUS_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect
              id="cases-priority"
              label={CASE_MESSAGES.priorityFilter}
              isLabelVisible
              value={f.priority}
              onChange={(value) => list.setFilter('priority', value)}
            >
              {PRIORITY_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </FilterSelect>
          </div>
          <div className="flex gap-3">
            <Button
              variant="neutral"
              aria-expanded={showMore}
              aria-controls={moreId}
              onClick={() => setShowMore((shown) => !shown)}
              className="flex-1 sm:flex-none"
            >
              <SlidersHorizontal aria-hidden="true" className="size-4" />
              {CASE_MESSAGES.moreFilters}
            </Button>
            {mayCreate ? (
              <Button
                onClick={() => setCreating(true)}
                onPointerEnter={() => void loadNewCaseModal()}
                onFocus={() => void loadNewCaseModal()}
                className="flex-1 sm:flex-none"
              >
                <Plus aria-hidden="true" className="size-4" />
                {CASE_MESSAGES.newCase}
              </Button>
            ) : null}
          </div>
        </div>
        {!mayCreate && isAdminAccount(actor) ? (
          <p className="mt-3 text-sm text-slate-700">{CASE_MESSAGES.newCaseNeedsPermission}</p>
        ) : null}

        {showMore ? (
          <div
            id={moreId}
            className="mt-3 grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-2 lg:grid-cols-4"
          >
            <div>
              <label htmlFor="cases-category" className="text-sm font-medium text-slate-800">
                Category
              </label>
              <select
                id="cases-category"
                value={f.category}
                onChange={(event) => list.setFilter('category', event.target.value)}
                className={`${inputClass(false)} mt-1`}
              >
                <option value="all">All categories</option>
                {Object.entries(CASE_CATEGORIES).map(([code, label]) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            {mayCreate ? (
              <div>
                <p className="text-sm font-medium text-slate-800" aria-hidden="true">
                  Assigned to
                </p>
                <div className="mt-1">
                  <AssigneeFilter
                    value={f.assignee}
                    onChange={(value) => list.setFilter('assignee', value)}
                  />
                </div>
              </div>
            ) : null}
            <DateField
              label="Court date from"
              value={f.courtFrom}
              max={f.courtTo || undefined}
              onChange={(value) => {
                if (value === '' || isDateValue(value)) list.setFilter('courtFrom', value);
              }}
            />
            <DateField
              label="Court date to"
              value={f.courtTo}
              min={f.courtFrom || undefined}
              onChange={(value) => {
                if (value === '' || isDateValue(value)) list.setFilter('courtTo', value);
              }}
            />
          </div>
        ) : null}

        <LinkFilterNotice
          text={linkFilters}
          filters={LINK_FILTERS}
          clearFilters={list.clearFilters}
        />

        <PagedResults
          label="Cases"
          query={query}
          loadingLabel={CASE_MESSAGES.loadingCases}
          loading={
            <div
              role="status"
              aria-label={CASE_MESSAGES.loadingCases}
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            >
              {Array.from({ length: 6 }, (_, i) => (
                <CaseCardSkeleton key={i} />
              ))}
            </div>
          }
          failedText={CASE_SCREEN_FAILURES.loadFailed}
          isEmpty={(data) => data.cases.length === 0}
          empty={{
            title: CASE_MESSAGES.noCases,
            hint: list.isFiltered ? CASE_SCREEN_FAILURES.filteredEmptyHint : undefined,
          }}
          noun={['case', 'cases']}
          onPage={list.setPage}
        >
          {(data) => (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {data.cases.map((item) => (
                <li key={item.id} className="flex">
                  <div className="w-full">
                    <CaseCard item={item} to={linkTo(item.id)} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </PagedResults>
      </div>

      {id ? <CaseDetailModal caseId={id} actor={actor} onClose={closeDetail} /> : null}
      {creating ? (
        <Suspense fallback={null}>
          <NewCaseModal
            initialClient={initialClient}
            onClose={stopCreating}
            onCreated={(caseId) => {
              setCreating(false);
              const next = new URLSearchParams(location.search);
              for (const name of ['new', 'client', 'clientName']) next.delete(name);
              const query = next.toString();
              void navigate(`/cases/${caseId}${query ? `?${query}` : ''}`);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
