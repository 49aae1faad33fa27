import {
  DELIVERY_CHANNEL_WORDS,
  DELIVERY_CHANNELS,
  DELIVERY_STATUS_WORDS,
  DELIVERY_STATUSES,
  DELIVERY_TEXTS as T,
  type DeliveryStatus,
  type DeliveryView,
} from '@firm/shared';
import { RotateCcw } from 'lucide-react';
import toast from 'react-hot-toast';
import type { Column } from '../../../components/list/data-table';
import { FilterSelect, SearchInput } from '../../../components/list/filter-controls';
import { PagedTable } from '../../../components/list/paged-table';
import { useListParams } from '../../../components/list/use-list-params';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDeliveries, useRetryDelivery, type DeliveryFilters } from '../api/deliveries';

const STATUS_TONE: Record<DeliveryStatus, 'amber' | 'green' | 'red'> = {
  queued: 'amber',
  sent: 'green',
  failed: 'red',
};

/** A moment of a message's life, in Nairobi time (lib/format). */
function Moment({ label, at }: { label: string; at: string }) {
  return (
    <span className="block">
      {label} <time dateTime={at}>{formatDateTime(at)}</time>
    </span>
  );
}

/**
 * Where a message stands: the status, its attempts and times, the provider's words when it did
 * not go, and for a failed one the Retry button. A message that held a one-time link cannot be
 * sent again (the server refuses it too), so it says what to do instead of offering the button.
 */
function StatusCell({
  delivery,
  isRetrying,
  onRetry,
}: {
  delivery: DeliveryView;
  isRetrying: boolean;
  onRetry: (delivery: DeliveryView) => void;
}) {
  const isFailed = delivery.status === 'failed';
  // When it reached the status its badge names; a queued message has its next try below.
  const reachedAt = isFailed ? delivery.failedAt : delivery.sentAt;
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge tone={STATUS_TONE[delivery.status]}>{DELIVERY_STATUS_WORDS[delivery.status]}</Badge>
        {reachedAt && delivery.status !== 'queued' ? (
          <time dateTime={reachedAt} className="text-xs text-slate-600">
            {formatDateTime(reachedAt)}
          </time>
        ) : null}
      </div>
      <div className="text-xs text-slate-600">
        <span className="block">{T.attempts(delivery.attempts)}</span>
        {delivery.nextAttemptAt && delivery.attempts > 0 ? (
          <Moment label={T.nextAttemptAt} at={delivery.nextAttemptAt} />
        ) : null}
        {delivery.retriedAt ? <Moment label={T.retriedAt} at={delivery.retriedAt} /> : null}
        {delivery.providerStatus ? (
          <span className="block">
            {T.report}: {delivery.providerStatus}
          </span>
        ) : null}
      </div>
      {delivery.lastError && delivery.status !== 'sent' ? (
        <p className={`text-sm break-words ${isFailed ? 'text-red-800' : 'text-amber-900'}`}>
          <span className="font-medium">{isFailed ? T.reason : T.lastReason}:</span>{' '}
          {delivery.lastError}
        </p>
      ) : null}
      {isFailed && delivery.isConfidential ? (
        <p className="text-sm text-slate-700">{T.oneTimeLink}</p>
      ) : null}
      {isFailed && !delivery.isConfidential ? (
        <Button
          size="sm"
          variant="secondary"
          isLoading={isRetrying}
          loadingText={T.retrying}
          aria-label={T.retryLabel(delivery.channel, delivery.kindLabel, delivery.recipient)}
          onClick={() => onRetry(delivery)}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          {T.retry}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * System Settings → Deliveries: every email and SMS the portal sent or is sending, newest first,
 * filtered by status, channel and what was sent (the filters live in the URL). Recipients arrive
 * masked from the server. Retrying asks for no confirmation: it sends a message that was meant to
 * go, and undoes nothing.
 */
export function DeliveriesPanel() {
  const list = useListParams({ status: '', channel: '' }, { prefix: 'deliveries' });
  const filters: DeliveryFilters = {
    status: list.filters.status,
    channel: list.filters.channel,
    search: list.debouncedSearch,
    page: list.page,
  };
  const query = useDeliveries(filters);
  const retry = useRetryDelivery();

  const sendAgain = async (delivery: DeliveryView) => {
    try {
      const result = await retry.mutateAsync(delivery.id);
      toast.success(result.message);
    } catch (error) {
      toast.error(errorText(error, T.retryFailed));
    }
  };

  const columns: readonly Column<DeliveryView>[] = [
    {
      header: T.columns.when,
      cell: (delivery) => (
        <time dateTime={delivery.createdAt} className="md:whitespace-nowrap">
          {formatDateTime(delivery.createdAt)}
        </time>
      ),
    },
    {
      header: T.columns.message,
      cell: (delivery) => (
        <span className="block break-words">
          <span className="font-medium text-slate-900">{delivery.kindLabel}</span>{' '}
          <Badge>{DELIVERY_CHANNEL_WORDS[delivery.channel]}</Badge>
          {delivery.subject ? (
            <span className="mt-0.5 block text-slate-600">{delivery.subject}</span>
          ) : null}
        </span>
      ),
    },
    {
      header: T.columns.to,
      // Wraps between words, or in a long address at its dots and dashes where it must.
      cell: (delivery) => <span className="break-words text-slate-800">{delivery.recipient}</span>,
    },
    {
      header: T.columns.status,
      className: 'md:min-w-56',
      cell: (delivery) => (
        <StatusCell
          delivery={delivery}
          isRetrying={retry.isPending && retry.variables === delivery.id}
          onRetry={(row) => void sendAgain(row)}
        />
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{T.intro}</p>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
        <SearchInput
          id="deliveries-search"
          label={T.searchLabel}
          placeholder={T.searchPlaceholder}
          value={list.search}
          onChange={list.setSearch}
        />
        <FilterSelect
          id="deliveries-status"
          label={T.statusLabel}
          value={list.filters.status}
          onChange={(value) => list.setFilter('status', value)}
        >
          <option value="">{T.allStatuses}</option>
          {DELIVERY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {DELIVERY_STATUS_WORDS[status]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="deliveries-channel"
          label={T.channelLabel}
          value={list.filters.channel}
          onChange={(value) => list.setFilter('channel', value)}
        >
          <option value="">{T.allChannels}</option>
          {DELIVERY_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {DELIVERY_CHANNEL_WORDS[channel]}
            </option>
          ))}
        </FilterSelect>
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {query.data ? T.count(query.data.total) : ''}
      </p>
      <PagedTable
        query={query}
        rowsOf={(data) => data.deliveries}
        caption={T.caption}
        columns={columns}
        rowKey={(delivery) => delivery.id}
        loadingLabel={T.loading}
        failedText={T.loadFailed}
        empty={{ title: T.empty, hint: T.emptyHint }}
        list={list}
      />
    </div>
  );
}
