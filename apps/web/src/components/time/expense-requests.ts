import type { Expense, ExpenseInput } from '@firm/shared';
import { pathOf } from '@firm/shared/common/endpoints';
import { TIME_ENDPOINTS } from '@firm/shared/time/endpoints';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { downloadFile, postWithProgress } from '../../lib/file-transfer';
import { TIME_KEY, timeApi } from './time-requests';

/** A case's expenses (ADR 050): listed, recorded with the receipt, changed, deleted. */
const expensesKey = (caseId: string) => [...TIME_KEY, 'expenses', caseId] as const;

/**
 * After a change: the case's expenses, and what holds them too (the unbilled work's lists, under
 * the same TIME_KEY), so the Unbilled section's totals follow.
 */
function invalidateExpenses(queryClient: QueryClient, caseId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: expensesKey(caseId) }),
    queryClient.invalidateQueries({ queryKey: [...TIME_KEY, 'unbilled'] }),
  ]);
}

/** GET /api/expenses?caseId=: the case's expenses the caller may see. */
export function useCaseExpenses(caseId: string) {
  return useQuery({
    queryKey: expensesKey(caseId),
    queryFn: ({ signal }) => timeApi.listExpenses({ query: { caseId } }, signal),
  });
}

/** POST /api/expenses: the fields and the receipt in one multipart form (field "file"). */
export function useRecordExpense(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, receipt }: { values: ExpenseInput; receipt: File }) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(values)) body.append(name, String(value));
      body.append('file', receipt, receipt.name);
      return postWithProgress<Expense>(pathOf(TIME_ENDPOINTS.createExpense), body, () => {})
        .promise;
    },
    onSuccess: () => invalidateExpenses(queryClient, caseId),
  });
}

/** PUT /api/expenses/{id}: the fields; the receipt stays. */
export function useChangeExpense(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: ExpenseInput }) =>
      timeApi.updateExpense({ params: { id }, body: values }),
    onSuccess: () => invalidateExpenses(queryClient, caseId),
  });
}

export function useDeleteExpense(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => timeApi.deleteExpense({ params: { id } }),
    onSuccess: () => invalidateExpenses(queryClient, caseId),
  });
}

/** GET /api/expenses/{id}/receipt, saved under the receipt's own name. */
export function downloadReceipt(expense: Pick<Expense, 'id' | 'receiptName'>) {
  return downloadFile(
    pathOf(TIME_ENDPOINTS.downloadExpenseReceipt, { id: expense.id }),
    expense.receiptName ?? 'receipt',
  );
}
