import {
  BILLING_LIST_TEXTS as L,
  PAYBILL_SCREEN_TEXTS as P,
  BILLING_SCREEN_TEXTS as T,
  can,
  isClientAccount,
  type PublicUser,
} from '@firm/shared';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { Tabs } from '../../../components/ui/tabs';
import { FeeNotesList } from './fee-notes-list';
import { PaymentsList } from './payments-list';
import { UnallocatedPayments } from './unallocated-payments';

type BillingView = 'fee-notes' | 'payments' | 'unallocated';
const STAFF_VIEWS: readonly string[] = ['payments', 'unallocated'];

/**
 * /billing: the fee notes; for those who record payments, a second view of every payment
 * (`?view=payments`, where the reports' money figures link) and of the paybill payments waiting to
 * be allocated (`?view=unallocated`, ADR 047). Each view keeps its own filters in
 * the URL, so changing view starts the other one afresh.
 */
export function BillingScreen({ actor }: { actor: PublicUser }) {
  const [params, setParams] = useSearchParams();
  const mayListPayments = can(actor, 'payments:record');
  const asked = params.get('view') ?? '';
  const view: BillingView =
    mayListPayments && STAFF_VIEWS.includes(asked) ? (asked as BillingView) : 'fee-notes';

  return (
    <>
      <PageHeading title={T.heading}>
        {isClientAccount(actor) ? T.clientIntro : T.staffIntro}
      </PageHeading>
      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        {mayListPayments ? (
          <Tabs<BillingView>
            label={L.viewsLabel}
            tabs={[
              {
                key: 'fee-notes',
                label: L.feeNotesView,
                panel: <FeeNotesList actor={actor} />,
              },
              { key: 'payments', label: L.paymentsView, panel: <PaymentsList /> },
              { key: 'unallocated', label: P.view, panel: <UnallocatedPayments /> },
            ]}
            selected={view}
            onSelect={(next) => {
              // The two views' filters share names (status, page) but not meanings.
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
