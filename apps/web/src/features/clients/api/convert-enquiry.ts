import type { CreateClientInput, EnquiryConverted, EnquiryKind } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientsApi } from './clients-api';
import { CLIENTS_KEY } from './list-clients';
import { ENQUIRIES_KEY } from './list-enquiries';

/** POST /api/enquiries/:kind/:id/convert */
export function convertEnquiry(
  kind: EnquiryKind,
  id: string,
  input: CreateClientInput,
): Promise<EnquiryConverted> {
  return clientsApi.convertEnquiry({ params: { kind, id }, body: input });
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
