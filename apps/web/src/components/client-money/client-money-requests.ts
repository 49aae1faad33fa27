import type { BillingContract } from '@firm/shared/billing/contract';
import { BILLING_ENDPOINTS } from '@firm/shared/billing/endpoints';
import type { CasesContract } from '@firm/shared/cases/contract';
import { CASES_ENDPOINTS } from '@firm/shared/cases/endpoints';
import type { ClientMoneyContract } from '@firm/shared/client-money/contract';
import { CLIENT_MONEY_ENDPOINTS } from '@firm/shared/client-money/endpoints';
import type { CreateMoneyAccountValues, RecordClientMoneyEntryValues } from '@firm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@firm/shared/common/endpoints';
import { endpointClient } from '../../lib/endpoint-client';
import { downloadFile } from '../../lib/file-transfer';

/**
 * Client money's requests (ADR 045), from its contract (packages/shared/src/client-money): the
 * client's page, the case page, System Settings and the portal screen all show it, so they live
 * here beside the panel, as the payment requests do (components/payment).
 */
export const clientMoneyApi = endpointClient<ClientMoneyContract>(CLIENT_MONEY_ENDPOINTS);
const billing = endpointClient<BillingContract>(BILLING_ENDPOINTS);
const cases = endpointClient<CasesContract>(CASES_ENDPOINTS);

export const CLIENT_MONEY_KEY = ['client-money'] as const;

/** GET /api/client-money/ledgers/:clientId: what is held, per case, and every movement. */
export function useClientLedger(clientId: string) {
  return useQuery({
    queryKey: [...CLIENT_MONEY_KEY, 'ledger', clientId],
    queryFn: ({ signal }) => clientMoneyApi.getLedger({ params: { clientId } }, signal),
  });
}

/** GET /api/client-money/ledgers: what is held for every client and case today. */
export function useLedgerBalances(enabled = true) {
  return useQuery({
    queryKey: [...CLIENT_MONEY_KEY, 'balances'],
    queryFn: ({ signal }) => clientMoneyApi.listLedgers({ query: {} }, signal),
    enabled,
  });
}

/** GET /api/client-money/accounts: the firm's office and client accounts. */
export function useMoneyAccounts(enabled = true) {
  return useQuery({
    queryKey: [...CLIENT_MONEY_KEY, 'accounts'],
    queryFn: ({ signal }) => clientMoneyApi.listAccounts({}, signal),
    enabled,
    select: (answer) => answer.accounts,
  });
}

export function useCreateMoneyAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMoneyAccountValues) => clientMoneyApi.createAccount({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENT_MONEY_KEY }),
  });
}

export function useRecordClientMoneyEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordClientMoneyEntryValues) => clientMoneyApi.recordEntry({ body }),
    // Every ledger and balance may have moved; a transfer also settled a fee note, whose lists
    // refetch when they are next shown.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENT_MONEY_KEY }),
  });
}

/** The client's issued fee notes still awaiting payment: what a transfer to office may settle. */
export function usePayableFeeNotes(clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...CLIENT_MONEY_KEY, 'payable-fee-notes', clientId],
    queryFn: ({ signal }) =>
      billing.listFeeNotes({ query: { clientId, status: 'outstanding', limit: 100 } }, signal),
    enabled,
    select: (page) => page.feeNotes.filter((note) => note.balanceKsh > 0),
  });
}

/** The client's cases, which a receipt or payment may name. */
export function useClientCases(clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...CLIENT_MONEY_KEY, 'cases', clientId],
    queryFn: ({ signal }) =>
      cases.listCases({ query: { client: clientId, limit: 100, sort: 'updated' } }, signal),
    enabled,
    select: (list) => list.cases,
  });
}

/** GET /api/client-money/entries/:id/receipt.pdf, as a download (the API needs the Bearer header). */
export function downloadClientMoneyReceipt(entryId: string, receiptNumber: string) {
  return downloadFile(
    pathOf(CLIENT_MONEY_ENDPOINTS.receiptPdf, { id: entryId }),
    `${receiptNumber.replaceAll('/', '-')}.pdf`,
  );
}

/** GET /api/client-money/ledgers/:clientId/pdf: the client's statement of client money. */
export function downloadClientMoneyStatement(clientId: string) {
  return downloadFile(
    pathOf(CLIENT_MONEY_ENDPOINTS.ledgerPdf, { clientId }),
    'client-money-statement.pdf',
  );
}
