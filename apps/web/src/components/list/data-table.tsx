import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes of this column's cells (e.g. `whitespace-nowrap`). */
  className?: string;
}

/**
 * A list's table, defined by its columns. On a wide screen it is a table; on a phone each row
 * becomes a card whose cells are labelled with their column's header, so the page never scrolls
 * sideways. The explicit roles keep it a table for screen readers in both layouts (a table laid
 * out as blocks loses its implicit semantics). The caption names it.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <div className="w-full max-w-full md:overflow-x-auto md:rounded-lg md:border md:border-slate-200">
      <table role="table" className="block w-full text-left text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="sr-only bg-slate-50 md:not-sr-only md:table-header-group">
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.header}
                role="columnheader"
                scope="col"
                className="px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase"
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          role="rowgroup"
          className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-slate-100 md:bg-white"
        >
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              role="row"
              className="block rounded-lg border border-slate-200 bg-white p-3 md:table-row md:rounded-none md:border-0 md:p-0"
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  role="cell"
                  data-label={column.header}
                  className={`flex gap-3 py-1 align-top before:w-28 before:shrink-0 before:text-xs before:font-semibold before:text-slate-600 before:uppercase before:content-[attr(data-label)] md:table-cell md:px-4 md:py-3 md:before:content-none ${column.className ?? ''}`}
                >
                  <div className="min-w-0 max-md:wrap-anywhere">{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
