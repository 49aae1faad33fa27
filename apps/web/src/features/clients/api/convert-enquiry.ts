import type { CreateClientInput, EnquiryConverted, EnquiryKind } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENTS_KEY } from './list-clients';
import { ENQUIRIES_KEY } from './list-enquiries';

/** POST /api/enquiries/:kind/:id/convert */
export function convertEnquiry(
  kind: EnquiryKind,
  id: string,
  input: CreateClientInput,
): Promise<EnquiryConverted> {
  return api.post<EnquiryConverted>(`/enquiries/${kind}/${encodeURIComponent(id)}/convert`, input);
}

export function useConvertEnquiry(kind: EnquiryKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateClientInput) => convertEnquiry(kind, id, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ENQUIRIES_KEY });
      await queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });
    },
  });
}
