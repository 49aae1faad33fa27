import type { ReactNode } from 'react';
import { ListResults, type ListQuery } from './list-states';
import { Pagination } from './pagination';

/**
 * The results of a list page drawn as its own rows (cards, a table): a region named for the
 * list and busy while a new page or filter loads, the loading, error and empty states, the whole
 * count (read out as it changes, so a dashboard's figure that links here can be checked), the
 * rows, and the pages. The page shown is the one the server answered for, so the pager does not
 * run ahead of the rows still on screen while the next page loads.
 */
export function PagedResults<
  Data extends { total: number; pagination: { page: number; pages: number } },
>({
  label,
  query,
  loadingLabel,
  loading,
  failedText,
  isEmpty,
  empty,
  noun,
  onPage,
  children,
}: {
  /** The region's name: what the list holds ("Clients"). */
  label: string;
  query: ListQuery<Data> & { isFetching: boolean };
  loadingLabel: string;
  /** The list's skeleton, in place of the spinner. */
  loading?: ReactNode;
  failedText: string;
  isEmpty: (data: Data) => boolean;
  empty: { title: string; hint?: ReactNode };
  /** The count's word, for one and for several: ['client', 'clients']. */
  noun: readonly [one: string, many: string];
  onPage: (page: number) => void;
  /** The rows of one page. */
  children: (data: Data) => ReactNode;
}) {
  return (
    <section aria-label={label} aria-busy={query.isFetching} className="mt-6">
      <ListResults
        query={query}
        loadingLabel={loadingLabel}
        loading={loading}
        failedText={failedText}
        isEmpty={isEmpty}
        empty={empty}
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              {data.total} {data.total === 1 ? noun[0] : noun[1]}
            </p>
            {children(data)}
            <Pagination page={data.pagination.page} pages={data.pagination.pages} onPage={onPage} />
          </>
        )}
      </ListResults>
    </section>
  );
}
