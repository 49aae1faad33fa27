import { PAYBILL_SCREEN_TEXTS as S, payByPaybill } from '@firm/shared';
import type { DashboardContract } from '@firm/shared/dashboard/contract';
import { DASHBOARD_ENDPOINTS } from '@firm/shared/dashboard/endpoints';
import type { ProfileContract } from '@firm/shared/profile/contract';
import { PROFILE_ENDPOINTS } from '@firm/shared/profile/endpoints';
import { useQuery } from '@tanstack/react-query';
import { endpointClient } from '../../lib/endpoint-client';

const dashboard = endpointClient<DashboardContract>(DASHBOARD_ENDPOINTS);
const profile = endpointClient<ProfileContract>(PROFILE_ENDPOINTS);

/**
 * "Pay from your phone's M-Pesa menu: Pay Bill 174379, account FN20260012" on what a client is
 * asked to pay (a fee note's number, or their own reference for money on account), the same
 * sentence as the PDF, email and text (ADR 047). The firm's paybill comes with the client's
 * dashboard figures (MPESA_SHORTCODE, else System Settings); a till or none: nothing shows.
 */
export function PaybillHowTo({ account }: { account: string }) {
  const paybill = useQuery({
    queryKey: ['paybill-details'],
    queryFn: ({ signal }) => dashboard.dashboardStats({}, signal),
    select: (stats) => stats.client?.payment ?? null,
  });
  const payment = paybill.data;
  if (!payment || payment.mpesaKind !== 'paybill' || !payment.mpesaNumber) return null;
  return (
    <p className="mt-3 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
      {S.howToPay}{' '}
      <strong className="block font-mono break-words sm:inline">
        {payByPaybill(payment.mpesaNumber, account)}
      </strong>
    </p>
  );
}

/**
 * The same, for money on account: the client's own payment reference (`MW0034`, from their
 * profile, under the profile screen's key) as the account number, on their Client money screen.
 */
export function OwnReferenceHowTo() {
  const own = useQuery({
    queryKey: ['profile'],
    queryFn: ({ signal }) => profile.getProfile({}, signal),
  });
  const reference = own.data?.paymentReference;
  return reference ? <PaybillHowTo account={reference} /> : null;
}
