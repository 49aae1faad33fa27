import {
  PAYBILL_SCREEN_TEXTS as S,
  formatKsh,
  formatNairobiDateTime,
  type PaybillPayment,
} from '@firm/shared';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/list/data-table';
import { ListResults } from '../../../components/list/list-states';
import { Button } from '../../../components/ui/button';
import { useUnallocatedPayments } from '../api/paybill-api';
import { AllocateDialog } from './allocate-dialog';

function columnsFor(onAllocate: (payment: PaybillPayment) => void): Column<PaybillPayment>[] {
  return [
    {
      header: S.columns.paidAt,
      cell: (payment) => formatNairobiDateTime(payment.paidAt),
      className: 'md:whitespace-nowrap',
    },
    {
      header: S.columns.amount,
      cell: (payment) => formatKsh(payment.amountKsh),
      className: 'whitespace-nowrap',
    },
    {
      header: S.columns.transId,
      cell: (payment) => <span className="font-mono">{payment.transId}</span>,
    },
    {
      header: S.columns.payer,
      cell: (payment) => <span className="break-words">{payment.payerName}</span>,
    },
    {
      header: S.columns.accountNumber,
      cell: (payment) =>
        payment.accountNumber ? (
          <span className="font-mono break-all">{payment.accountNumber}</span>
        ) : (
          <span className="text-slate-600">{S.noAccountNumber}</span>
        ),
    },
    {
      header: S.columns.left,
      cell: (payment) => formatKsh(payment.unallocatedKsh),
      className: 'whitespace-nowrap',
    },
    {
      header: S.columns.action,
      // Only money M-Pesa has confirmed can be allocated (ADR 047): the rest waits, said so.
      cell: (payment) =>
        payment.status === 'unallocated' && payment.unallocatedKsh > 0 ? (
          <Button
            size="sm"
            aria-label={S.allocateFor(payment.transId)}
            onClick={() => onAllocate(payment)}
          >
            {S.allocate}
          </Button>
        ) : (
          <span className="text-slate-600">{S.notConfirmed}</span>
        ),
    },
  ];
}

/**
 * /billing?view=unallocated, for those who record payments: paybill payments no record took
 * (their account number named nothing, or money was left over), each with Allocate.
 */
export function UnallocatedPayments() {
  const query = useUnallocatedPayments();
  const [allocating, setAllocating] = useState<PaybillPayment | null>(null);
  const columns = columnsFor(setAllocating);
  return (
    <section aria-label={S.caption}>
      <p className="mb-4 text-sm text-slate-700">{S.intro}</p>
      <ListResults
        query={query}
        loadingLabel={S.loading}
        failedText={S.loadFailed}
        isEmpty={(data) => data.payments.length === 0}
        empty={{ title: S.empty, hint: S.emptyHint }}
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              {S.count(data.payments.length)}
            </p>
            <DataTable
              caption={S.caption}
              columns={columns}
              rows={data.payments}
              rowKey={(payment) => payment.id}
            />
          </>
        )}
      </ListResults>
      {allocating ? (
        <AllocateDialog payment={allocating} onClose={() => setAllocating(null)} />
      ) : null}
    </section>
  );
}
