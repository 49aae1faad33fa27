import { USER_MANAGEMENT_MESSAGES, type ManagedUser, type UserList } from '@firm/shared';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { type Column } from '../../../components/list/data-table';
import { SearchInput } from '../../../components/list/filter-controls';
import { type ListQuery } from '../../../components/list/list-states';
import { PagedTable } from '../../../components/list/paged-table';
import { StatCard } from '../../../components/ui/stat-card';

/** One of a tab's four figures: which of the list's stats, under what label. */
export interface UserFigure {
  label: string;
  stat: keyof UserList['stats'];
  icon: LucideIcon;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Where the search and the controls after it come into one row (Tailwind needs whole class names). */
const CONTROLS_ROW = {
  sm: 'flex flex-col gap-3 sm:flex-row sm:items-end',
  lg: 'flex flex-col gap-3 lg:flex-row lg:items-end',
} as const;

/**
 * The frame both tabs of Admin Management share (docs/product-rules.md#screens): the tab's named
 * section, its four figures, the search with the tab's filters and buttons after it, and the
 * paged table of accounts. `noun` names what the tab lists ('admin', 'admins'): the search, the
 * table's caption, its loading, and its empty state say it the same way in both tabs.
 */
export function UsersTab({
  id,
  heading,
  figures,
  noun: [one, many],
  list,
  query,
  columns,
  controls,
  controlsRowFrom,
  children,
}: {
  /** Names the heading (`${id}-heading`) the section is labelled by. */
  id: string;
  heading: string;
  figures: readonly UserFigure[];
  noun: readonly [one: string, many: string];
  list: {
    search: string;
    setSearch: (value: string) => void;
    isFiltered: boolean;
    page: number;
    setPage: (page: number) => void;
  };
  query: ListQuery<UserList>;
  columns: readonly Column<ManagedUser>[];
  /** The filters and the Add buttons after the search. */
  controls: ReactNode;
  /** The breakpoint where the controls fit one row: the users' tab has more of them. */
  controlsRowFrom: keyof typeof CONTROLS_ROW;
  /** The tab's dialogs. */
  children?: ReactNode;
}) {
  const stats = query.data?.stats;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6">
      <h2 id={`${id}-heading`} className="sr-only">
        {heading}
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map(({ label, stat, icon: Icon }) => (
          <StatCard
            key={label}
            label={label}
            value={stats?.[stat] ?? '–'}
            icon={<Icon className="size-5" />}
          />
        ))}
      </div>

      <div className={CONTROLS_ROW[controlsRowFrom]}>
        <SearchInput
          id={`${one}-search`}
          label={`Search ${many}`}
          placeholder={`Search ${many}...`}
          value={list.search}
          onChange={list.setSearch}
        />
        {controls}
      </div>

      <PagedTable
        query={query}
        rowsOf={(result) => result.users}
        caption={capitalised(many)}
        columns={columns}
        rowKey={(user) => user.id}
        loadingLabel={USER_MANAGEMENT_MESSAGES.loadingAccounts(many)}
        failedText={USER_MANAGEMENT_MESSAGES.fetchUsersFailed}
        empty={{
          title: USER_MANAGEMENT_MESSAGES.noAccountsFound(many),
          hint: USER_MANAGEMENT_MESSAGES.noAccountsCreated(many),
        }}
        list={list}
      />

      {children}
    </section>
  );
}
