import type { FeeNotePage, ListFeeNotesQuery } from '@firm/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { billingApi } from './billing-api';
import { useScreenQuery } from '../../../lib/screen-query';

/** Every billing query starts with this key; a change to a fee note or a payment refreshes them. */
export const BILLING_KEY = ['billing'] as const;

export type FeeNoteFilters = Partial<
  Pick<ListFeeNotesQuery, 'clientId' | 'caseId' | 'issuedFrom' | 'issuedTo' | 'page'>
> & {
  status?: ListFeeNotesQuery['status'] | 'all';
  limit?: number;
};

/** GET /api/fee-notes: newest first; a client's own issued ones and their balance. */
export function getFeeNotes(filters: FeeNoteFilters, signal?: AbortSignal): Promise<FeeNotePage> {
  return billingApi.listFeeNotes({ query: filters }, signal);
}

export const feeNotesQueryOptions = (filters: FeeNoteFilters) =>
  queryOptions({
    queryKey: [...BILLING_KEY, 'fee-notes', filters],
    queryFn: ({ signal }) => getFeeNotes(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useFeeNotes(filters: FeeNoteFilters) {
  return useScreenQuery(feeNotesQueryOptions(filters));
}
