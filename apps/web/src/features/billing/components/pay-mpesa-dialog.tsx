import {
  BILLING_SCREEN_TEXTS as T,
  MPESA_PAY_TEXTS as P,
  type FeeNote,
  type MpesaPaymentValues,
  type Payment,
} from '@firm/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { MpesaPayDialog, mpesaPayResolver } from '../../../components/payment/mpesa-pay-dialog';
import { PaybillDetails } from '../../../components/payment/paybill-details';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { downloadReceipt } from '../api/download-receipt';
import { BILLING_KEY } from '../api/list-fee-notes';
import { getPayment, startMpesaPayment } from '../../../components/payment/payment-requests';
import { paymentKey, usePaybillDetails } from '../api/pay-by-mpesa';

const schemaResolver = lazyZodResolver<Record<string, unknown>, MpesaPaymentValues>(() =>
  import('@firm/shared/billing/schemas').then((m) => m.mpesaPaymentSchema as never),
);

/** The fee note and the lists, asked again; not the payment followed (that is asked on its own). */
const refreshFeeNotes = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    queryKey: BILLING_KEY,
    predicate: (query) => query.queryKey[1] !== 'payment',
  });

const downloadPaid = (paid: Payment) => downloadReceipt(paid.id, paid.receiptNumber);

/**
 * Pay with M-Pesa on a fee note (ADR 034): the shared dialog, paying the note's balance (or
 * less) with the client's own phone (as their profile has it) first; once M-Pesa has answered, or
 * on closing after asking, the fee note and the lists are asked again (a payment still waiting
 * shows on the fee note until it settles).
 */
export function PayMpesaDialog({
  note,
  phone,
  onClose,
}: {
  note: FeeNote;
  /** The signed-in client's phone (E.164), offered first. */
  phone: string | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const balanceKsh = note.totals.balanceKsh;
  // The shared mpesaPaymentSchema checks the body as it is sent (the fee note's id added).
  const resolver = useMemo(
    () => mpesaPayResolver(schemaResolver, { feeNoteId: note.id }, balanceKsh),
    [note.id, balanceKsh],
  );
  useEffect(() => schemaResolver.preload(), []);
  return (
    <MpesaPayDialog
      description={T.feeNoteTitle(note.number)}
      phone={phone}
      balanceKsh={balanceKsh}
      resolver={resolver}
      start={startMpesaPayment}
      follow={getPayment}
      paymentKey={paymentKey}
      onSettled={() => void refreshFeeNotes(queryClient)}
      onClose={(asked) => {
        // A push asked for (or refused as already asked) shows on the fee note as waiting.
        if (asked) void refreshFeeNotes(queryClient);
        onClose();
      }}
      downloadReceipt={downloadPaid}
      closeHint={P.closeHint}
      manual={<NotePaybill number={note.number} />}
    />
  );
}

/** The firm's paybill, the fee note's number as the account number (as on its PDF). */
function NotePaybill({ number }: { number: string | null }) {
  const paybill = usePaybillDetails(true);
  return paybill.isPending ? (
    <p className="text-sm text-slate-600">{P.paybillLoading}</p>
  ) : (
    <PaybillDetails payment={paybill.data} accountReference={number} />
  );
}
