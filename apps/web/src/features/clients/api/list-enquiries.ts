import type { EnquiryList, ListEnquiriesQuery } from '@firm/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { clientsApi } from './clients-api';
import { useScreenQuery } from '../../../lib/screen-query';

export type EnquiryListFilters = Pick<
  ListEnquiriesQuery,
  'status' | 'kind' | 'urgency' | 'from' | 'to' | 'converted' | 'page' | 'limit'
>;

/** Every enquiry query starts with this key; a change to one refreshes them. */
export const ENQUIRIES_KEY = ['enquiries'] as const;

/** GET /api/enquiries */
export function getEnquiries(
  filters: EnquiryListFilters,
  signal?: AbortSignal,
): Promise<EnquiryList> {
  return clientsApi.listEnquiries({ query: filters }, signal);
}

export const enquiriesQueryOptions = (filters: EnquiryListFilters) =>
  queryOptions({
    queryKey: [...ENQUIRIES_KEY, 'list', filters],
    queryFn: ({ signal }) => getEnquiries(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useEnquiries(filters: EnquiryListFilters) {
  return useScreenQuery(enquiriesQueryOptions(filters));
}
