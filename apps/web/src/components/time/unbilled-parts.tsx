import {
  EXPENSE_KIND_LABELS,
  UNBILLED_SCREEN_TEXTS as T,
  formatKsh,
  type Expense,
  type TimeEntry,
  type Unbilled,
} from '@firm/shared';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format';

/** The unbilled totals: time, its value, expenses and the oldest day, as a list of figures. */
export function UnbilledTotals({ totals }: { totals: Unbilled['totals'] }) {
  const figures: [string, string][] = [
    [T.time, T.hours(totals.minutes)],
    [T.value, formatKsh(totals.valueKsh)],
    [T.expenses, formatKsh(totals.expensesKsh)],
    [T.oldest, totals.oldestDate ? formatDate(totals.oldestDate) : '—'],
  ];
  return (
    <dl aria-label={T.totalsLabel} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-md bg-slate-50 p-2">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="text-base font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One chosen-or-not row: a checkbox labelled with what the work is, its amount on the right. */
export function ChoiceRow({
  id,
  checked,
  disabled,
  onChange,
  title,
  detail,
  amount,
  children,
}: {
  id: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  title: string;
  detail: string;
  amount: number;
  children?: ReactNode;
}) {
  const inputId = `unbilled-${id}`;
  return (
    <li className="border-b border-slate-100 py-2 last:border-b-0">
      <div className="flex items-start gap-2">
        {disabled ? null : (
          <input
            id={inputId}
            type="checkbox"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            className="mt-1 size-4 shrink-0 rounded border-slate-400 accent-brand-700"
          />
        )}
        <label htmlFor={disabled ? undefined : inputId} className="min-w-0 flex-1">
          <span className="block text-sm font-medium text-slate-900">{title}</span>
          <span className="block text-sm break-words whitespace-pre-line text-slate-700">
            {detail}
          </span>
        </label>
        <span className="text-sm font-semibold whitespace-nowrap text-slate-900">
          {formatKsh(amount)}
        </span>
      </div>
      {children}
    </li>
  );
}

/** "Thu 3 Dec 2026 · 1.5 h · drafting · Otieno" and, on a client's view, the case. */
export function entryTitle(entry: TimeEntry, withCase: boolean): string {
  const line = `${formatDate(entry.date)} · ${T.entryLine(entry.minutes, entry.activity, entry.userName)}`;
  return withCase ? `${entry.caseNumber} · ${line}` : line;
}

export function expenseTitle(expense: Expense, withCase: boolean): string {
  const line = `${formatDate(expense.date)} · ${EXPENSE_KIND_LABELS[expense.kind]}`;
  return withCase ? `${expense.caseNumber} · ${line}` : line;
}
