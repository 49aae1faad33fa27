import { REPORT_TEXTS as T, type ReportCell, type ReportSection } from '@firm/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatFigure, isTotalRow } from './report-format';

/**
 * One figure: the number as a link to the filtered list it counts (whose total it equals), named
 * with its row and column for someone moving from link to link; a dash where there is nothing to
 * measure.
 */
function Figure({
  cell,
  unit,
  row,
  column,
}: {
  cell: ReportCell;
  unit: ReportSection['unit'];
  row: string;
  column: string;
}) {
  if (cell.value === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{T.noFigure}</span>
      </>
    );
  }
  const text = formatFigure(unit, cell.value);
  if (!cell.link) return <>{text}</>;
  return (
    <Link
      to={cell.link}
      aria-label={T.figureLink(text, row, column)}
      className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
    >
      {text}
    </Link>
  );
}

/**
 * A section's figures as a table, the same numbers its chart draws: a row header for each thing
 * counted, a column header for each period. On a phone the column headers wrap ("Previous /
 * period") so that two periods fit beside the row's name, and a wide table (months, weeks) scrolls
 * inside its own box, which the keyboard can reach and scroll; the page itself never does.
 */
export function ReportTable({ section }: { section: ReportSection }) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      data-report-table
      className="max-w-full overflow-auto rounded-md border border-slate-200"
    >
      <table className="w-full text-sm">
        <caption id={captionId} className="sr-only">
          {T.tableOf(section.title)}
        </caption>
        <thead className="bg-slate-50">
          <tr>
            {/* The row headers' column: what each row counts is in its own header. */}
            <td className="px-2 py-2 md:px-4" />
            {section.columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className="px-2 py-2 text-right text-xs font-semibold text-slate-600 md:px-4"
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {section.rows.map((row) => (
            <tr key={row.key} className={isTotalRow(row) ? 'bg-slate-50 font-semibold' : undefined}>
              <th
                scope="row"
                className="px-2 py-2 text-left font-medium break-words text-slate-800 md:px-4"
              >
                {row.label}
              </th>
              {row.cells.map((cell, i) => (
                <td
                  key={section.columns[i]?.key ?? i}
                  className="px-2 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums md:px-4"
                >
                  <Figure
                    cell={cell}
                    unit={section.unit}
                    row={row.label}
                    column={section.columns[i]?.label ?? ''}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
