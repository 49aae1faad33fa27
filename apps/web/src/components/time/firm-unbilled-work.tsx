import { UNBILLED_SCREEN_TEXTS as T, formatKsh, type Unbilled } from '@firm/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListResults } from '../list/list-states';
import { formatDate } from '../../lib/format';
import { UnbilledTotals } from './unbilled-parts';
import { useUnbilled } from './unbilled-requests';

interface AdvocateSums {
  userId: string;
  name: string;
  minutes: number;
  valueKsh: number;
  oldestDate: string;
}

/** The unbilled time by who recorded it, the longest-waiting first. */
function byAdvocate(entries: Unbilled['entries']): AdvocateSums[] {
  const sums = new Map<string, AdvocateSums>();
  for (const entry of entries) {
    const row = sums.get(entry.userId) ?? {
      userId: entry.userId,
      name: entry.userName,
      minutes: 0,
      valueKsh: 0,
      oldestDate: entry.date,
    };
    row.minutes += entry.minutes;
    row.valueKsh += entry.valueKsh;
    if (entry.date < row.oldestDate) row.oldestDate = entry.date;
    sums.set(entry.userId, row);
  }
  return [...sums.values()].sort((a, b) => a.oldestDate.localeCompare(b.oldestDate));
}

const cell = 'px-3 py-2 text-sm text-slate-800';
const head = 'px-3 py-2 text-left text-xs font-semibold text-slate-600';
const figure = `${cell} text-right whitespace-nowrap`;

/** One of the two tables: its caption and column heads (figures right-aligned), then its rows. */
function FiguresTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: { label: string; figure?: boolean }[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="px-3 py-2 text-left font-semibold text-slate-900">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map(({ label, figure: right }) => (
              <th key={label} scope="col" className={right ? `${head} text-right` : head}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/**
 * The firm's unbilled work on the billing screen (docs/product-rules.md#time-and-expenses): the
 * totals, the time by advocate and the work by case, each case linking to its page where it is
 * billed. For those who may bill (time:manage); the tables scroll sideways on a phone.
 */
export function FirmUnbilledWork() {
  const query = useUnbilled({});
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{T.firmIntro}</p>
      <ListResults
        query={query}
        loadingLabel={T.loading}
        failedText={T.loadFailed}
        isEmpty={(answer) => answer.cases.length === 0}
        empty={{ title: T.empty }}
      >
        {(answer) => (
          <div className="space-y-6">
            <UnbilledTotals totals={answer.totals} />
            <FiguresTable
              caption={T.byAdvocateCaption}
              columns={[
                { label: T.columns.who },
                { label: T.columns.time, figure: true },
                { label: T.columns.value, figure: true },
                { label: T.columns.oldest },
              ]}
            >
              {byAdvocate(answer.entries).map((row) => (
                <tr key={row.userId}>
                  <th scope="row" className={`${cell} text-left font-medium`}>
                    {row.name}
                  </th>
                  <td className={figure}>{T.hours(row.minutes)}</td>
                  <td className={figure}>{formatKsh(row.valueKsh)}</td>
                  <td className={`${cell} whitespace-nowrap`}>{formatDate(row.oldestDate)}</td>
                </tr>
              ))}
            </FiguresTable>
            <FiguresTable
              caption={T.byCaseCaption}
              columns={[
                { label: T.columns.theCase },
                { label: T.columns.client },
                { label: T.columns.time, figure: true },
                { label: T.columns.value, figure: true },
                { label: T.columns.expenses, figure: true },
                { label: T.columns.oldest },
              ]}
            >
              {answer.cases.map((row) => (
                <tr key={row.caseId}>
                  <th scope="row" className={`${cell} text-left font-medium`}>
                    <Link
                      to={`/cases/${encodeURIComponent(row.caseId)}`}
                      aria-label={T.openCase(row.caseNumber)}
                      className="text-brand-800 underline hover:text-brand-900"
                    >
                      {row.caseNumber}
                    </Link>
                  </th>
                  <td className={cell}>{row.clientName}</td>
                  <td className={figure}>{T.hours(row.minutes)}</td>
                  <td className={figure}>{formatKsh(row.valueKsh)}</td>
                  <td className={figure}>{formatKsh(row.expensesKsh)}</td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {row.oldestDate ? formatDate(row.oldestDate) : '—'}
                  </td>
                </tr>
              ))}
            </FiguresTable>
          </div>
        )}
      </ListResults>
    </div>
  );
}
