import type { BillingContract } from '@firm/shared/billing/contract';
import { BILLING_ENDPOINTS } from '@firm/shared/billing/endpoints';
import type { CasesContract } from '@firm/shared/cases/contract';
import { CASES_ENDPOINTS } from '@firm/shared/cases/endpoints';
import type { ClientsContract } from '@firm/shared/clients/contract';
import { CLIENTS_ENDPOINTS } from '@firm/shared/clients/endpoints';
import type { ClientMoneyContract } from '@firm/shared/client-money/contract';
import { CLIENT_MONEY_ENDPOINTS } from '@firm/shared/client-money/endpoints';
import { pathOf } from '@firm/shared/common/endpoints';
import {
  LEDGER_PAGE_LIMITS,
  type ClientLedger,
  type CreateMoneyAccountValues,
  type RecordClientMoneyEntryValues,
  type StatementImported,
} from '@firm/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { endpointClient } from '../../lib/endpoint-client';
import { downloadFile, postWithProgress } from '../../lib/file-transfer';

/**
 * Client money's requests (ADR 045), from its contract (packages/shared/src/client-money): the
 * client's page, the case page, System Settings and the portal screen all show it, so they live
 * here beside the panel, as the payment requests do (components/payment).
 */
export const clientMoneyApi = endpointClient<ClientMoneyContract>(CLIENT_MONEY_ENDPOINTS);
const billing = endpointClient<BillingContract>(BILLING_ENDPOINTS);
const cases = endpointClient<CasesContract>(CASES_ENDPOINTS);
const clients = endpointClient<ClientsContract>(CLIENTS_ENDPOINTS);

export const CLIENT_MONEY_KEY = ['client-money'] as const;

/**
 * GET /api/client-money/ledgers/:clientId?limit=&before=: what is held, per case, and the newest
 * movements, a page at a time (ADR 053); "Show earlier entries" asks for the page before the
 * oldest shown. On a case page (`caseId`) the server counts that case's running balance. The pages
 * read as one ledger: its entries oldest first, `broughtForwardKsh` and `nextBefore` the earliest
 * page's.
 */
export function useClientLedger(clientId: string, caseId?: string) {
  const query = useInfiniteQuery({
    queryKey: [...CLIENT_MONEY_KEY, 'ledger', clientId, caseId ?? null],
    queryFn: ({ pageParam, signal }) =>
      clientMoneyApi.getLedger(
        {
          params: { clientId },
          query: {
            limit: LEDGER_PAGE_LIMITS.screenPage,
            ...(pageParam ? { before: pageParam } : {}),
            ...(caseId ? { caseId } : {}),
          },
        },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    select: (data): ClientLedger => {
      const newest = data.pages[0]!;
      const earliest = data.pages[data.pages.length - 1]!;
      return {
        ...newest,
        entries: [...data.pages].reverse().flatMap((page) => page.entries),
        broughtForwardKsh: earliest.broughtForwardKsh,
        nextBefore: earliest.nextBefore,
      };
    },
  });
  // An earlier page that failed leaves the pages shown in place (EarlierEntries says so): only a
  // ledger with nothing to show is the list's error.
  return { ...query, isError: query.isError && !query.isFetchNextPageError };
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

/** GET /api/client-money/reconciliations: a client account's month, three ways (ADR 046). */
export function useReconciliation(accountId: string, month: string) {
  return useQuery({
    queryKey: [...CLIENT_MONEY_KEY, 'reconciliation', accountId, month],
    queryFn: ({ signal }) =>
      clientMoneyApi.getReconciliation({ query: { accountId, month } }, signal),
    enabled: accountId !== '' && /^\d{4}-\d{2}$/.test(month),
  });
}

/**
 * POST /api/client-money/statements (multipart): the account first, then the file, so the server
 * checks the account before it reads a byte of the file (ADR 046).
 */
export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, file }: { accountId: string; file: File }) => {
      const body = new FormData();
      body.append('accountId', accountId);
      body.append('file', file, file.name);
      return postWithProgress<StatementImported>(
        pathOf(CLIENT_MONEY_ENDPOINTS.importStatement),
        body,
        () => undefined,
      ).promise;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENT_MONEY_KEY }),
  });
}

/** Matching by hand, unmatching, recording a line as an entry, and the month's lock. */
export function useReconcileActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: CLIENT_MONEY_KEY });
  return {
    match: useMutation({
      mutationFn: ({ lineId, entryId }: { lineId: string; entryId: string }) =>
        clientMoneyApi.matchStatementLine({ params: { id: lineId }, body: { entryId } }),
      onSuccess,
    }),
    unmatch: useMutation({
      mutationFn: (lineId: string) =>
        clientMoneyApi.unmatchStatementLine({ params: { id: lineId } }),
      onSuccess,
    }),
    record: useMutation({
      mutationFn: ({ lineId, clientId }: { lineId: string; clientId: string }) =>
        clientMoneyApi.recordStatementLine({ params: { id: lineId }, body: { clientId } }),
      onSuccess,
    }),
    lock: useMutation({
      mutationFn: ({ accountId, month }: { accountId: string; month: string }) =>
        clientMoneyApi.lockMonth({ params: { accountId, month } }),
      onSuccess,
    }),
  };
}

/** GET …/reconciliations/:accountId/:month/pdf, saved under the name the server gives it. */
export const downloadReconciliationPdf = (accountId: string, month: string) =>
  downloadFile(
    pathOf(CLIENT_MONEY_ENDPOINTS.reconciliationPdf, { accountId, month }),
    `Client-account-reconciliation-${month}.pdf`,
  );

/** GET /api/clients?search=: the clients a line may be recorded for. */
export function useClientSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...CLIENT_MONEY_KEY, 'clients', search],
    queryFn: ({ signal }) => clients.listClients({ query: { search, limit: 20 } }, signal),
    enabled,
    placeholderData: keepPreviousData,
    select: (list) => list.clients,
  });
}
