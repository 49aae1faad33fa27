import { CLIENT_MONEY_SCREEN_TEXTS as T, formatKsh, type LedgerBalances } from '@firm/shared';
import { Link } from 'react-router';
import { useLedgerBalances } from '../../../components/client-money/client-money-requests';
import { DataTable, type Column } from '../../../components/list/data-table';
import { ListResults } from '../../../components/list/list-states';
import { PageHeading } from '../../../components/ui/page-heading';

type Row = LedgerBalances['ledgers'][number];

const COLUMNS: readonly Column<Row>[] = [
  {
    header: T.clientColumn,
    cell: (row) => (
      <Link
        to={`/clients/${row.clientId}`}
        className="font-medium break-words text-brand-800 underline-offset-2 hover:underline"
      >
        {row.clientName}
      </Link>
    ),
  },
  {
    header: T.caseColumn,
    cell: (row) => (
      <span className="break-words">
        {row.caseNumber ? `${row.caseNumber}: ${row.caseTitle ?? ''}` : T.noCase}
      </span>
    ),
  },
  {
    header: T.heldColumn,
    cell: (row) => formatKsh(row.balanceKsh),
    className: 'whitespace-nowrap md:text-right',
  },
];

/**
 * Staff's /client-money: what the firm holds today for each client and case, and the total; each
 * client's page has their movements and the Record actions.
 */
export function HeldForClients() {
  const query = useLedgerBalances();
  return (
    <>
      <PageHeading title={T.staffTitle}>{T.staffIntro}</PageHeading>
      <div className="mx-auto max-w-6xl space-y-4 px-4 pb-16 sm:px-6">
        <ListResults
          query={query}
          loadingLabel={T.loading}
          failedText={T.loadFailed}
          isEmpty={(data) => data.ledgers.length === 0}
          empty={{ title: T.nothingHeldByFirm }}
        >
          {(data) => (
            <>
              <p className="text-lg font-semibold text-slate-900">
                {T.total}: {formatKsh(data.totalKsh)}
              </p>
              <DataTable
                caption={T.staffTitle}
                columns={COLUMNS}
                rows={data.ledgers}
                rowKey={(row) => `${row.clientId}:${row.caseId ?? 'none'}`}
              />
            </>
          )}
        </ListResults>
      </div>
    </>
  );
}
