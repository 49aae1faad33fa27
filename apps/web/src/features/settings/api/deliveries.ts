import type { DeliveriesPage, DeliveriesQuery } from '@firm/shared';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useScreenQuery } from '../../../lib/screen-query';
import { deliveriesApi } from './deliveries-api';

export type DeliveryFilters = Pick<DeliveriesQuery, 'status' | 'channel' | 'search' | 'page'>;

const DELIVERIES_KEY = ['settings', 'deliveries'] as const;

/** How often the list looks again while a message on it is being tried. */
const FOLLOW_MS = 2_000;
/**
 * A message due longer ago than this is not being tried by a worker right now (its job was lost
 * and the outbox's sweep will find it within minutes): the list stops looking for it.
 */
const FOLLOW_FOR_MS = 2 * 60_000;

/**
 * Whether a message on the page is due for an attempt now: one just retried, or just written.
 * The list then follows it, so the person sees it go (or fail again) without reloading.
 */
export function hasAttemptUnderWay(page: DeliveriesPage | undefined, now = Date.now()): boolean {
  return (page?.deliveries ?? []).some((delivery) => {
    if (delivery.status !== 'queued' || !delivery.nextAttemptAt) return false;
    const due = Date.parse(delivery.nextAttemptAt);
    return due <= now + FOLLOW_MS && due >= now - FOLLOW_FOR_MS;
  });
}

/** GET /api/deliveries */
export function useDeliveries(filters: DeliveryFilters) {
  return useScreenQuery({
    queryKey: [...DELIVERIES_KEY, filters],
    queryFn: ({ signal }) => deliveriesApi.listDeliveries({ query: filters }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (hasAttemptUnderWay(query.state.data) ? FOLLOW_MS : false),
  });
}

/** POST /api/deliveries/:id/retry: the row shows as queued at once, then the list refreshes. */
export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deliveriesApi.retryDelivery({ params: { id } }),
    onSuccess: ({ delivery }) =>
      queryClient.setQueriesData<DeliveriesPage>({ queryKey: DELIVERIES_KEY }, (page) =>
        page
          ? {
              ...page,
              deliveries: page.deliveries.map((row) => (row.id === delivery.id ? delivery : row)),
            }
          : page,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY }),
  });
}
