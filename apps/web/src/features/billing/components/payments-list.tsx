import {
  MESSAGES,
  BILLING_SCREEN_TEXTS as B,
  LIST_DEFAULT_LIMIT,
  PAYMENTS_LIST_TEXTS as T,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_SOURCE_LABELS,
  PAYMENT_STATES,
  formatKsh,
  formatNairobiDate,
  type Payment,
  type PaymentMethod,
  type PaymentState,
} from '@firm/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/list/data-table';
import { FilterSelect } from '../../../components/list/filter-controls';
import { ListResults } from '../../../components/list/list-states';
import { Pagination } from '../../../components/list/pagination';
import { useListParams } from '../../../components/list/use-list-params';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { errorText } from '../../../lib/api-client';
import { isDateValue } from '../../../lib/typed-date';
import { downloadReceipt } from '../api/download-receipt';
import { usePayments, type PaymentListPage } from '../api/list-payments';

/** All in the URL: the reports' money figures link here with a method and received days. */
const FILTER_DEFAULTS = { method: '', status: '', from: '', to: '' };

const STATUS_TONE = {
  pending: 'amber',
  succeeded: 'green',
  failed: 'red',
  reversed: 'red',
} as const satisfies Record<PaymentState, string>;

const isMethod = (value: string): value is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value);
const isState = (value: string): value is PaymentState =>
  (PAYMENT_STATES as readonly string[]).includes(value);

/**
 * The whole count and what those payments brought in (every page's, added up by the server), so
 * a report's figure can be checked against the list.
 */
function totalLine(data: PaymentListPage): string {
  return `${T.count(data.total)} · ${T.received(formatKsh(data.sums.receivedKsh))}`;
}

/** What the payment settles: its fee note (a link) or its appointment. */
function PaidFor({ payment }: { payment: Payment }) {
  if (payment.feeNote) {
    return (
      <Link
        to={`/billing/${payment.feeNote.id}`}
        className="font-medium text-brand-800 underline-offset-2 hover:underline"
      >
        {T.feeNote(payment.feeNote.number)}
      </Link>
    );
  }
  return payment.appointment ? (
    <span className="break-words">{T.appointment(payment.appointment.title)}</span>
  ) : null;
}

function columnsFor(
  busy: string | null,
  onDownload: (payment: Payment) => void,
): readonly Column<Payment>[] {
  return [
    {
      header: T.columns.received,
      cell: (payment) =>
        payment.receivedAt ? (
          formatNairobiDate(payment.receivedAt)
        ) : (
          <span className="text-slate-600">{T.notReceived}</span>
        ),
      className: 'md:whitespace-nowrap',
    },
    {
      header: T.columns.client,
      cell: (payment) => <span className="font-medium text-slate-900">{payment.clientName}</span>,
    },
    { header: T.columns.for, cell: (payment) => <PaidFor payment={payment} /> },
    {
      header: T.columns.method,
      cell: (payment) => PAYMENT_METHOD_LABELS[payment.method],
      className: 'md:whitespace-nowrap',
    },
    {
      // How it reached the firm (ADR 048): an STK push, the paybill, by hand, the daily check.
      header: T.columns.source,
      cell: (payment) => PAYMENT_SOURCE_LABELS[payment.source],
      className: 'md:whitespace-nowrap',
    },
    {
      header: T.columns.amount,
      cell: (payment) => formatKsh(payment.amountKsh),
      className: 'whitespace-nowrap',
    },
    {
      header: T.columns.receipt,
      cell: (payment) =>
        payment.status === 'succeeded' && payment.receiptNumber ? (
          <span className="flex flex-wrap items-center gap-2">
            <span className="whitespace-nowrap">{payment.receiptNumber}</span>
            <Button
              size="sm"
              variant="neutral"
              className="whitespace-nowrap"
              aria-label={B.downloadReceiptFor(payment.receiptNumber)}
              isLoading={busy === payment.id}
              loadingText={B.downloading}
              onClick={() => onDownload(payment)}
            >
              <Download aria-hidden="true" className="size-4" />
              {B.downloadReceipt}
            </Button>
          </span>
        ) : (
          <span className="text-slate-600">{T.noReceipt}</span>
        ),
    },
    {
      header: T.columns.status,
      cell: (payment) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={STATUS_TONE[payment.status]}>{T.statusLabels[payment.status]}</Badge>
          {payment.flaggedReason ? (
            // M-Pesa took money that could not be recorded: staff must see why here too.
            <span className="text-xs text-red-800">
              <span className="font-semibold">{B.needsChecking}:</span> {payment.flaggedReason}
            </span>
          ) : null}
        </span>
      ),
    },
  ];
}

/**
 * /billing?view=payments, for those who record payments: every payment, newest first, filtered by
 * method, status and the days it was received (all in the URL), with each receipt's download.
 */
export function PaymentsList() {
  const list = useListParams(FILTER_DEFAULTS);
  const { method, status, from, to } = list.filters;
  const query = usePayments({
    method: isMethod(method) ? method : undefined,
    status: isState(status) ? status : undefined,
    from: from || undefined,
    to: to || undefined,
    page: list.page,
    limit: LIST_DEFAULT_LIMIT,
  });
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (payment: Payment) => {
    setBusy(payment.id);
    try {
      await downloadReceipt(payment.id, payment.receiptNumber);
    } catch (error) {
      toast.error(errorText(error, B.downloadFailed));
    } finally {
      setBusy(null);
    }
  };
  const columns = columnsFor(busy, (payment) => void download(payment));

  return (
    <>
      {/* Two a row on a phone (each control half of 360 px still reads whole), in a line above. */}
      <div className="grid grid-cols-1 gap-3 min-[22rem]:grid-cols-2 sm:flex sm:flex-wrap sm:items-end">
        <FilterSelect
          id="payments-method"
          label={T.methodFilter}
          value={method}
          onChange={(value) => list.setFilter('method', value)}
          isLabelVisible
        >
          <option value="">{T.allMethods}</option>
          {PAYMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {PAYMENT_METHOD_LABELS[value]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="payments-status"
          label={T.statusFilter}
          value={status}
          onChange={(value) => list.setFilter('status', value)}
          isLabelVisible
        >
          <option value="">{T.allStatuses}</option>
          {PAYMENT_STATES.map((value) => (
            <option key={value} value={value}>
              {T.statusLabels[value]}
            </option>
          ))}
        </FilterSelect>
        <DateField
          label={T.fromFilter}
          value={from}
          max={to || undefined}
          onChange={(value) => {
            if (value === '' || isDateValue(value)) list.setFilter('from', value);
          }}
        />
        <DateField
          label={T.toFilter}
          value={to}
          min={from || undefined}
          onChange={(value) => {
            if (value === '' || isDateValue(value)) list.setFilter('to', value);
          }}
        />
        {list.isFiltered ? (
          <Button
            variant="secondary"
            className="min-[22rem]:col-span-2 sm:col-span-1"
            onClick={() => list.clearFilters(['method', 'status', 'from', 'to'])}
          >
            {T.clearFilters}
          </Button>
        ) : null}
      </div>

      <section aria-label={T.caption} aria-busy={query.isFetching} className="mt-6">
        <ListResults
          query={query}
          loadingLabel={T.loading}
          failedText={T.loadFailed}
          isEmpty={(data) => data.payments.length === 0}
          empty={{
            title: list.isFiltered ? T.emptyFiltered : T.empty,
            hint: list.isFiltered ? MESSAGES.filteredEmptyHint : undefined,
          }}
        >
          {(data) => (
            <>
              <p className="mb-3 text-sm text-slate-600" aria-live="polite">
                {totalLine(data)}
              </p>
              <DataTable
                caption={T.caption}
                columns={columns}
                rows={data.payments}
                rowKey={(payment) => payment.id}
              />
              <Pagination page={list.page} pages={data.pagination.pages} onPage={list.setPage} />
            </>
          )}
        </ListResults>
      </section>
    </>
  );
}
