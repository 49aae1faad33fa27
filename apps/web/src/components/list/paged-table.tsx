import { MESSAGES } from '@firm/shared';
import type { ReactNode } from 'react';
import { DataTable, type Column } from './data-table';
import { ListResults, type ListQuery } from './list-states';
import { Pagination } from './pagination';

/**
 * A list page's results: loading, error with Try again, the empty state (the filtered hint when
 * the person searched or filtered), else the table and its pages. `list` is the page's
 * `useListParams()`.
 */
export function PagedTable<Row, Data extends { pagination: { pages: number } }>({
  query,
  rowsOf,
  caption,
  columns,
  rowKey,
  loadingLabel,
  failedText,
  empty,
  list,
}: {
  query: ListQuery<Data>;
  rowsOf: (data: Data) => readonly Row[];
  caption: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  loadingLabel: string;
  failedText: string;
  /** The empty state; its hint shows when the list is not filtered. */
  empty: { title: string; hint?: ReactNode };
  list: { isFiltered: boolean; page: number; setPage: (page: number) => void };
}) {
  return (
    <ListResults
      query={query}
      loadingLabel={loadingLabel}
      failedText={failedText}
      isEmpty={(data) => rowsOf(data).length === 0}
      empty={{
        title: empty.title,
        hint: list.isFiltered ? MESSAGES.filteredEmptyHint : empty.hint,
      }}
    >
      {(data) => (
        <>
          <DataTable caption={caption} columns={columns} rows={rowsOf(data)} rowKey={rowKey} />
          <Pagination page={list.page} pages={data.pagination.pages} onPage={list.setPage} />
        </>
      )}
    </ListResults>
  );
}
