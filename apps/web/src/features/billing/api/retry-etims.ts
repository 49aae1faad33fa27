import type { FeeNoteEtims } from '@firm/shared';
import type { EtimsContract } from '@firm/shared/etims/contract';
import { ETIMS_ENDPOINTS } from '@firm/shared/etims/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointClient } from '../../../lib/endpoint-client';
import { feeNoteKey } from './get-fee-note';

const etimsApi = endpointClient<EtimsContract>(ETIMS_ENDPOINTS);

/** POST /api/fee-notes/:id/etims/retry (advocates): a refusal KRA named is sent again (ADR 049). */
export function retryEtims(id: string): Promise<FeeNoteEtims> {
  return etimsApi.retry({ params: { id } });
}

export function useRetryEtims(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryEtims(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feeNoteKey(id) }),
  });
}
