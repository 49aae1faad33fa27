import {
  DASHBOARD_MESSAGES as D,
  dashboardLinks,
  formatKsh,
  formatNairobiDay,
  reconciliationDue,
  reportMonthLabel,
  type DashboardStats,
} from '@firm/shared';
import { Link } from 'react-router';
import { EmptyLine, Panel } from './tiles';

/**
 * The advocates' client money warnings (ADR 045): each client account's month not reconciled by
 * the 15th of the next month, its statement lines left unmatched over 7 days (ADR 046), and the
 * balances idle over 12 months, with the report that lists them. The reconciliation screen comes with its own work; until then a month is named, not linked.
 */
export function ClientMoneyWarnings({
  warnings,
}: {
  warnings: NonNullable<DashboardStats['clientMoney']>;
}) {
  const { unreconciled, idle, unmatchedLines } = warnings;
  if (unreconciled.length === 0 && idle.count === 0 && unmatchedLines.length === 0) {
    return (
      <Panel title={D.clientMoneyWarnings}>
        <EmptyLine>{D.clientMoneyAllClear}</EmptyLine>
      </Panel>
    );
  }
  return (
    <Panel title={D.clientMoneyWarnings}>
      <ul className="divide-y divide-slate-100">
        {unreconciled.map((row) => (
          <li key={`${row.accountId}:${row.month}`} className="py-2 text-sm text-slate-900">
            {D.unreconciledMonth(
              row.accountName,
              reportMonthLabel(row.month),
              formatNairobiDay(reconciliationDue(row.month)),
            )}
          </li>
        ))}
        {unmatchedLines.map((row) => (
          <li key={`lines:${row.accountId}`} className="py-2 text-sm text-slate-900">
            {D.unmatchedStatementLines(
              row.accountName,
              row.count,
              formatNairobiDay(row.oldestDate),
            )}
          </li>
        ))}
        {idle.count > 0 ? (
          <li className="py-2 text-sm text-slate-900">
            {D.idleClientMoney(idle.count, formatKsh(idle.heldKsh))}{' '}
            <Link
              to={dashboardLinks.clientMoneyReport()}
              className="font-medium text-brand-700 underline"
            >
              {D.idleClientMoneyLink}
            </Link>
          </li>
        ) : null}
      </ul>
    </Panel>
  );
}
