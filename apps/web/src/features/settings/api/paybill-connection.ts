import type { FirmSettingsAnswer, PaybillResponseType } from '@firm/shared';
import type { PaybillContract } from '@firm/shared/paybill/contract';
import { PAYBILL_ENDPOINTS } from '@firm/shared/paybill/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointClient } from '../../../lib/endpoint-client';
import { FIRM_SETTINGS_KEY } from './firm-settings';

/** The paybill's requests System Settings makes (packages/shared/src/paybill, ADR 048). */
const paybillApi = endpointClient<PaybillContract>(PAYBILL_ENDPOINTS);

/**
 * POST /api/settings/mpesa/c2b/register: the paybill's addresses registered with Safaricom; the
 * firm settings' answer then carries the new registration.
 */
export function useRegisterPaybillUrls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (responseType: PaybillResponseType) =>
      paybillApi.registerUrls({ body: { responseType } }),
    onSuccess: (answer) => {
      queryClient.setQueryData<FirmSettingsAnswer>(FIRM_SETTINGS_KEY, (before) =>
        before ? { ...before, paybillConnection: answer.connection } : before,
      );
    },
  });
}
