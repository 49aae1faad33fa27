import {
  CLIENT_MONEY_SCREEN_TEXTS as T,
  MPESA_DEPOSIT_SCREEN_TEXTS as D,
  can,
  formatKsh,
  type PublicUser,
} from '@firm/shared';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useClientLedger } from '../../../components/client-money/client-money-requests';
import {
  EarlierEntries,
  HeldPerCase,
  LedgerMovements,
  StatementDownload,
} from '../../../components/client-money/ledger-movements';
import { ListEmpty, ListResults } from '../../../components/list/list-states';
import { Button } from '../../../components/ui/button';
import { PageHeading } from '../../../components/ui/page-heading';
import { OwnReferenceHowTo } from '../../../components/payment/paybill-how-to';
import { PayDepositDialog } from './pay-deposit-dialog';

/**
 * A client's "Client money" (docs/product-rules.md#client-money): what the firm holds for them,
 * per case, and every movement with its running balance; cards on a phone (DataTable). Pay a
 * deposit by M-Pesa when the firm takes them (its M-Pesa client account, ADR 045).
 */
export function MyClientMoney({ client }: { client: PublicUser }) {
  const clientId = client.id;
  const query = useClientLedger(clientId);
  // The dialog stays open once the deposit is confirmed (it shows the receipt).
  const [paying, setPaying] = useState(false);
  return (
    <>
      <PageHeading title={T.screenTitle}>{T.screenIntro}</PageHeading>
      <div className="mx-auto max-w-6xl space-y-6 px-4 pb-16 sm:px-6">
        {/* Money on account may come by paybill too, with the client's own reference (ADR 047). */}
        <OwnReferenceHowTo />
        <ListResults query={query} loadingLabel={T.loading} failedText={T.loadFailed}>
          {(ledger) => (
            <>
              {ledger.mpesaDeposits && can(client, 'payments:pay', { clientId }) ? (
                <div className="flex justify-end">
                  <Button aria-haspopup="dialog" onClick={() => setPaying(true)}>
                    <Smartphone aria-hidden="true" className="size-4" />
                    {D.button}
                  </Button>
                </div>
              ) : null}
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
                  <EarlierEntries broughtForwardKsh={ledger.broughtForwardKsh} pages={query} />
                </section>
              ) : null}
            </>
          )}
        </ListResults>
      </div>
      {paying ? (
        <PayDepositDialog
          clientId={clientId}
          phone={client.phone}
          onClose={() => setPaying(false)}
        />
      ) : null}
    </>
  );
}
