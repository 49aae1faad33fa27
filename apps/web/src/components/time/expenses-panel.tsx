import {
  EXPENSE_KIND_LABELS,
  EXPENSE_SCREEN_TEXTS as E,
  TIME_SCREEN_TEXTS as T,
  can,
  formatKsh,
  type Expense,
  type PublicUser,
} from '@firm/shared';
import { Paperclip, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ListResults } from '../list/list-states';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { errorText } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { ExpenseDialog } from './expense-dialog';
import { downloadReceipt, useCaseExpenses, useDeleteExpense } from './expense-requests';

const BILLING_TONE = { unbilled: 'amber', drafted: 'blue', billed: 'green' } as const;

/**
 * Who may open an expense's receipt, as the server decides (ADR 050): the person who recorded it,
 * or those who see everyone's time.
 */
export const mayOpenReceipt = (actor: PublicUser, expense: Expense) =>
  expense.userId === actor.id || can(actor, 'time:manage');

function ExpenseRow({
  expense,
  actor,
  onEdit,
}: {
  expense: Expense;
  actor: PublicUser;
  onEdit: () => void;
}) {
  const remove = useDeleteExpense(expense.caseId);
  const what = `${EXPENSE_KIND_LABELS[expense.kind]}, ${formatKsh(expense.amountKsh)}, ${expense.payee}`;
  // Only unbilled work changes (a draft or an issued fee note locks it); the server says the same.
  const mayChange = expense.billing === 'unbilled' && mayOpenReceipt(actor, expense);
  return (
    <li className="flex flex-col gap-2 border-b border-slate-100 py-2 last:border-b-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words text-slate-900">
          {formatDate(expense.date)} · {E.line(EXPENSE_KIND_LABELS[expense.kind], expense.payee)}
        </p>
        <p className="text-xs text-slate-600">{E.paidFromLabels[expense.paidFrom]}</p>
        {expense.receiptName && mayOpenReceipt(actor, expense) ? (
          <button
            type="button"
            className="mt-1 inline-flex max-w-full items-center gap-1 text-left text-sm font-medium break-all text-brand-800 underline hover:text-brand-900"
            onClick={() =>
              void downloadReceipt(expense).catch((error: unknown) =>
                toast.error(errorText(error, E.receiptFailed)),
              )
            }
          >
            <Paperclip aria-hidden="true" className="size-3.5 shrink-0" />
            {E.receipt(expense.receiptName)}
          </button>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        <span className="text-sm font-semibold text-slate-900">{formatKsh(expense.amountKsh)}</span>
        <Badge tone={BILLING_TONE[expense.billing]}>{T.billingLabels[expense.billing]}</Badge>
        {mayChange ? (
          <div className="flex gap-1">
            <Button variant="quiet" size="xs" aria-label={E.edit(what)} onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-3.5" />
            </Button>
            <Button
              variant="quietDanger"
              size="xs"
              aria-label={E.remove(what)}
              disabled={remove.isPending}
              onClick={() => {
                if (!window.confirm(E.confirmDelete(what))) return;
                remove.mutate(expense.id, {
                  onSuccess: (answer) => toast.success(answer.message),
                  onError: (error) => toast.error(errorText(error, E.deleteFailed)),
                });
              }}
            >
              <Trash2 aria-hidden="true" className="size-3.5" />
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * A case's expenses in its Time section (docs/product-rules.md#time-and-expenses): each with its
 * receipt for those who may open it; unbilled ones changed or deleted (deleting asks first).
 */
export function ExpensesPanel({
  caseId,
  caseNumber,
  actor,
}: {
  caseId: string;
  caseNumber: string;
  actor: PublicUser;
}) {
  const query = useCaseExpenses(caseId);
  const [editing, setEditing] = useState<Expense | 'new' | null>(null);
  return (
    <div className="mt-4 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-900">{E.title}</h4>
        <Button size="sm" variant="secondary" onClick={() => setEditing('new')}>
          {E.add}
        </Button>
      </div>
      <ListResults
        query={query}
        loadingLabel={E.loading}
        failedText={E.loadFailed}
        isEmpty={(answer) => answer.expenses.length === 0}
        empty={{ title: E.empty }}
        compact
      >
        {(answer) => (
          <ul aria-label={E.caption}>
            {answer.expenses.map((expense) => (
              <ExpenseRow
                key={expense.id}
                expense={expense}
                actor={actor}
                onEdit={() => setEditing(expense)}
              />
            ))}
          </ul>
        )}
      </ListResults>
      {editing ? (
        <ExpenseDialog
          caseId={caseId}
          caseNumber={caseNumber}
          expense={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
