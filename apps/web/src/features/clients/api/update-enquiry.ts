import type { EnquiryKind, EnquiryUpdated, UpdateEnquiryInput } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientsApi } from './clients-api';
import { ENQUIRIES_KEY } from './list-enquiries';

/** PATCH /api/enquiries/:kind/:id */
export function updateEnquiry(
  kind: EnquiryKind,
  id: string,
  input: UpdateEnquiryInput,
): Promise<EnquiryUpdated> {
  return clientsApi.updateEnquiry({ params: { kind, id }, body: input });
}

/** Refreshes the inbox after a change, or after a version conflict (someone else's change). */
export function useUpdateEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { kind: EnquiryKind; id: string; input: UpdateEnquiryInput }) =>
      updateEnquiry(args.kind, args.id, args.input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ENQUIRIES_KEY }),
  });
}
