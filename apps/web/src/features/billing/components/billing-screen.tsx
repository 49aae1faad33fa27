import {
  BILLING_LIST_TEXTS as L,
  PAYBILL_SCREEN_TEXTS as P,
  BILLING_SCREEN_TEXTS as T,
  UNBILLED_SCREEN_TEXTS as U,
  can,
  isClientAccount,
  type PublicUser,
} from '@firm/shared';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { FirmUnbilledWork } from '../../../components/time/firm-unbilled-work';
import { PageHeading } from '../../../components/ui/page-heading';
import { Tabs } from '../../../components/ui/tabs';
import { FeeNotesList } from './fee-notes-list';
import { PaymentsList } from './payments-list';
import { UnallocatedPayments } from './unallocated-payments';

type BillingView = 'fee-notes' | 'payments' | 'unallocated' | 'unbilled';

/**
 * /billing: the fee notes; for those who record payments, a second view of every payment
 * (`?view=payments`, where the reports' money figures link) and of the paybill payments waiting to
 * be allocated (`?view=unallocated`, ADR 047); for those who bill time, the firm's unbilled work
 * (`?view=unbilled`, ADR 050). Each view keeps its own filters in the URL, so changing view
 * starts the other one afresh.
 */
export function BillingScreen({ actor }: { actor: PublicUser }) {
  const [params, setParams] = useSearchParams();
  const mayListPayments = can(actor, 'payments:record');
  const mayBillTime = can(actor, 'time:manage');
  const tabs: { key: BillingView; label: string; panel: ReactNode }[] = [
    { key: 'fee-notes', label: L.feeNotesView, panel: <FeeNotesList actor={actor} /> },
    ...(mayListPayments
      ? [
          { key: 'payments' as const, label: L.paymentsView, panel: <PaymentsList /> },
          { key: 'unallocated' as const, label: P.view, panel: <UnallocatedPayments /> },
        ]
      : []),
    ...(mayBillTime
      ? [{ key: 'unbilled' as const, label: U.view, panel: <FirmUnbilledWork /> }]
      : []),
  ];
  const asked = params.get('view') ?? '';
  const view: BillingView = tabs.find((tab) => tab.key === asked)?.key ?? 'fee-notes';

  return (
    <>
      <PageHeading title={T.heading}>
        {isClientAccount(actor) ? T.clientIntro : T.staffIntro}
      </PageHeading>
      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        {tabs.length > 1 ? (
          <Tabs<BillingView>
            label={L.viewsLabel}
            tabs={tabs}
            selected={view}
            onSelect={(next) => {
              // The views' filters share names (status, page) but not meanings.
              if (next !== view) {
                setParams(next === 'fee-notes' ? {} : { view: next }, {
                  preventScrollReset: true,
                });
              }
            }}
          />
        ) : (
          <FeeNotesList actor={actor} />
        )}
      </div>
    </>
  );
}
