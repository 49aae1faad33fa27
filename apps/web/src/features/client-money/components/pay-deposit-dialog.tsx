import {
  MPESA_DEPOSIT_SCREEN_TEXTS as T,
  MPESA_DEPOSIT_TEXTS as D,
  formatKsh,
  type MpesaDeposit,
  type MpesaPaymentValues,
} from '@firm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import {
  CLIENT_MONEY_KEY,
  useClientCases,
} from '../../../components/client-money/client-money-requests';
import { MpesaPayDialog, mpesaPayResolver } from '../../../components/payment/mpesa-pay-dialog';
import { startMpesaPayment } from '../../../components/payment/payment-requests';
import { SelectField } from '../../../components/ui/select-field';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { getMpesaDeposit, mpesaDepositKey } from '../api/mpesa-deposits';

const schemaResolver = lazyZodResolver<Record<string, unknown>, MpesaPaymentValues>(() =>
  import('@firm/shared/billing/schemas').then((m) => m.mpesaPaymentSchema as never),
);

/** Everything client money shows but the deposit followed (asked on its own). */
const refreshLedger = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({
    queryKey: CLIENT_MONEY_KEY,
    predicate: (query) => query.queryKey[1] !== 'mpesa-deposit',
  });

/**
 * Pay a deposit by M-Pesa (ADR 045, "M-Pesa deposits"): the Pay with M-Pesa dialog of a fee note
 * (components/payment), for an amount the client chooses, on one of their cases or none, into
 * the firm's M-Pesa client account; once M-Pesa confirms it, the receipt's CR number, and the
 * ledger is asked again.
 */
export function PayDepositDialog({
  clientId,
  phone,
  onClose,
}: {
  clientId: string;
  /** The signed-in client's phone (E.164), offered first. */
  phone: string | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const cases = useClientCases(clientId, true);
  // The shared mpesaPaymentSchema checks the body as it is sent (purpose and client added).
  const resolver = useMemo(
    () => mpesaPayResolver(schemaResolver, { purpose: 'deposit', clientId }, null),
    [clientId],
  );
  useEffect(() => schemaResolver.preload(), []);
  return (
    <MpesaPayDialog<MpesaPaymentValues, MpesaDeposit>
      title={T.title}
      description={T.description}
      phone={phone}
      balanceKsh={null}
      amountHint={T.amountHint}
      resolver={resolver}
      start={startMpesaPayment}
      follow={getMpesaDeposit}
      paymentKey={mpesaDepositKey}
      onSettled={() => void refreshLedger(queryClient)}
      onClose={(asked) => {
        if (asked) void refreshLedger(queryClient);
        onClose();
      }}
      closeHint={T.closeHint}
      succeededText={(paid) => D.succeeded(paid.receiptNumber ?? '', formatKsh(paid.amountKsh))}
      fields={(register, errors) => (
        <SelectField label={T.caseLabel} error={errors.caseId?.message} {...register('caseId')}>
          <option value="">{T.noCase}</option>
          {(cases.data ?? []).map((each) => (
            <option key={each.id} value={each.id}>
              {each.caseNumber}: {each.title}
            </option>
          ))}
        </SelectField>
      )}
    />
  );
}
