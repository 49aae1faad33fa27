import type { MpesaDeposit } from '@firm/shared';
import { clientMoneyApi } from '../../../components/client-money/client-money-requests';

/** A deposit paid by M-Pesa (ADR 045): followed under its own key while the phone asks. */
export const mpesaDepositKey = (id: string) => ['client-money', 'mpesa-deposit', id] as const;

/** GET /api/client-money/mpesa-deposits/:id: the deposit as it stands, until Safaricom confirms it. */
export const getMpesaDeposit = (id: string, signal?: AbortSignal): Promise<MpesaDeposit> =>
  clientMoneyApi.getMpesaDeposit({ params: { id } }, signal);
