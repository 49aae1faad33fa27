import type { FeeNote } from '@firm/shared';
import { queryOptions } from '@tanstack/react-query';
import { billingApi } from './billing-api';
import { useScreenQuery } from '../../../lib/screen-query';
import { BILLING_KEY } from './list-fee-notes';

/** GET /api/fee-notes/:id: its lines, totals, payments and (cancelled) credit note. */
export function getFeeNote(id: string, signal?: AbortSignal): Promise<FeeNote> {
  return billingApi.getFeeNote({ params: { id } }, signal);
}

export const feeNoteKey = (id: string) => [...BILLING_KEY, 'fee-note', id] as const;

export const feeNoteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: feeNoteKey(id),
    queryFn: ({ signal }) => getFeeNote(id, signal),
  });

export function useFeeNote(id: string) {
  return useScreenQuery(feeNoteQueryOptions(id));
}
