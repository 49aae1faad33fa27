import { CLIENT_MONEY_SCREEN_TEXTS as T, formatKsh } from '@firm/shared';
import { useClientLedger } from '../../../components/client-money/client-money-requests';
import {
  HeldPerCase,
  LedgerMovements,
  StatementDownload,
} from '../../../components/client-money/ledger-movements';
import { ListEmpty, ListResults } from '../../../components/list/list-states';
import { PageHeading } from '../../../components/ui/page-heading';

/**
 * A client's "Client money" (docs/product-rules.md#client-money): what the firm holds for them,
 * per case, and every movement with its running balance; cards on a phone (DataTable).
 */
export function MyClientMoney({ clientId }: { clientId: string }) {
  const query = useClientLedger(clientId);
  return (
    <>
      <PageHeading title={T.screenTitle}>{T.screenIntro}</PageHeading>
      <div className="mx-auto max-w-6xl space-y-6 px-4 pb-16 sm:px-6">
        <ListResults query={query} loadingLabel={T.loading} failedText={T.loadFailed}>
          {(ledger) => (
            <>
              {ledger.balanceKsh === 0 ? (
                <ListEmpty title={T.nothingHeld} hint={T.nothingHeldHint} />
              ) : (
                <section
                  aria-labelledby="held-title"
                  className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
                >
                  <h2 id="held-title" className="text-sm font-medium text-slate-600">
                    {T.heldForYou}
                  </h2>
                  <p className="text-3xl font-semibold text-slate-900">
                    {formatKsh(ledger.balanceKsh)}
                  </p>
                  <h3 className="mt-4 text-sm font-semibold text-slate-800">{T.heldPerCase}</h3>
                  <HeldPerCase cases={ledger.cases} />
                </section>
              )}
              {ledger.entries.length > 0 ? (
                <section aria-labelledby="movements-title" className="space-y-3">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <h2 id="movements-title" className="text-lg font-semibold text-slate-900">
                      {T.movements}
                    </h2>
                    <StatementDownload clientId={clientId} />
                  </div>
                  <LedgerMovements entries={ledger.entries} showCase />
                </section>
              ) : null}
            </>
          )}
        </ListResults>
      </div>
    </>
  );
}
