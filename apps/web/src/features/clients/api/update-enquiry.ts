import type { EnquiryKind, EnquiryUpdated, UpdateEnquiryInput } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ENQUIRIES_KEY } from './list-enquiries';

/** PATCH /api/enquiries/:kind/:id */
export function updateEnquiry(
  kind: EnquiryKind,
  id: string,
  input: UpdateEnquiryInput,
): Promise<EnquiryUpdated> {
  return api.patch<EnquiryUpdated>(`/enquiries/${kind}/${encodeURIComponent(id)}`, input);
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
