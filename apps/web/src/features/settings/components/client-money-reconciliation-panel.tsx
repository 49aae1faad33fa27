import {
  CLIENT_MONEY_SCREEN_TEXTS as T,
  formatKsh,
  formatMonthTitle,
  formatNairobiDateTime,
  nairobiToday,
  type Reconciliation,
} from '@firm/shared';
import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  downloadReconciliationPdf,
  useImportStatement,
  useMoneyAccounts,
  useReconcileActions,
  useReconciliation,
} from '../../../components/client-money/client-money-requests';
import { ListResults } from '../../../components/list/list-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorText } from '../../../lib/api-client';
import { ReconciliationLines } from './reconciliation-lines';

/** The month before `day`'s (YYYY-MM): the one to reconcile by the 15th. */
const monthBefore = (day: string) => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
};

/**
 * System Settings › Reconciliation (ADR 046, docs/client-money-statements.md): an advocate picks a
 * client account and a month, imports its statement, matches or records what the import left,
 * reads the three figures and locks the month once they agree, and downloads the PDF. Every
 * refusal is shown in the server's words.
 */
export function ClientMoneyReconciliationPanel() {
  const accounts = useMoneyAccounts();
  const clientAccounts = (accounts.data ?? []).filter((account) => account.kind === 'client');
  const [chosenId, setChosenId] = useState('');
  const accountId = chosenId || clientAccounts[0]?.id || '';
  const [month, setMonth] = useState(() => monthBefore(nairobiToday()));
  const query = useReconciliation(accountId, month);
  return (
    <section aria-labelledby="reconciliation-title" className="space-y-4 pt-6">
      <div className="min-w-0">
        <h2 id="reconciliation-title" className="text-lg font-semibold text-slate-900">
          {T.reconcileTab}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{T.reconcileIntro}</p>
      </div>
      {accounts.isSuccess && clientAccounts.length === 0 ? (
        <p className="text-sm text-slate-700">{T.noClientAccounts}</p>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={T.reconcileAccount}
              value={accountId}
              onChange={(event) => setChosenId(event.target.value)}
            >
              {clientAccounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name}
                </option>
              ))}
            </SelectField>
            <TextField
              label={T.reconcileMonth}
              type="month"
              value={month}
              max={nairobiToday().slice(0, 7)}
              onChange={(event) => setMonth(event.target.value)}
            />
          </div>
          {accountId ? <StatementImport accountId={accountId} /> : null}
          {accountId ? (
            <ListResults
              query={query}
              loadingLabel={T.reconciliationLoading}
              failedText={T.reconciliationLoadFailed}
            >
              {(reconciliation) => <MonthView reconciliation={reconciliation} />}
            </ListResults>
          ) : null}
        </>
      )}
    </section>
  );
}

function StatementImport({ accountId }: { accountId: string }) {
  const importStatement = useImportStatement();
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<{ message: string; lines: string[] } | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    setProblems(null);
    if (!file) return;
    try {
      const imported = await importStatement.mutateAsync({ accountId, file });
      toast.success(imported.message);
      if (input.current) input.current.value = '';
    } catch (error) {
      const lines =
        error instanceof ApiError && error.errors ? Object.values(error.errors) : ([] as string[]);
      setProblems({ message: errorText(error, T.importFailed), lines });
    }
  };
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      {/* The whole row on a phone: beside the button, the input's file name was cut to "N…n". */}
      <label className="w-full min-w-0 text-sm font-medium text-slate-800 sm:w-auto sm:flex-1">
        {T.statementFile}
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block w-full min-w-0 text-sm text-slate-700"
        />
      </label>
      <Button type="submit" size="sm" disabled={importStatement.isPending}>
        {importStatement.isPending ? T.importing : T.importStatement}
      </Button>
      {problems ? (
        <div className="w-full">
          <FormAlert message={problems.message} />
          {problems.lines.length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-800">
              {problems.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

function MonthView({ reconciliation: r }: { reconciliation: Reconciliation }) {
  const { lock } = useReconcileActions();
  const monthTitle = formatMonthTitle(r.month);
  const figure = (label: string, amount: number | null, strong = false) => (
    <div className="flex justify-between gap-3 py-1">
      <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-600'}>{label}</dt>
      <dd
        className={`text-right whitespace-nowrap tabular-nums ${strong ? 'font-semibold text-slate-900' : ''}`}
      >
        {amount === null ? T.noStatementYet : formatKsh(amount)}
      </dd>
    </div>
  );
  const onLock = async () => {
    if (!window.confirm(T.confirmLock(monthTitle, r.accountName))) return;
    try {
      toast.success((await lock.mutateAsync({ accountId: r.accountId, month: r.month })).message);
    } catch (error) {
      toast.error(errorText(error, T.lineActionFailed));
    }
  };
  const onPdf = () =>
    downloadReconciliationPdf(r.accountId, r.month).catch((error: unknown) =>
      toast.error(errorText(error, T.reconciliationLoadFailed)),
    );
  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 className="text-base font-semibold text-slate-900">
            {T.figuresTitle}: {monthTitle}
          </h3>
          <Badge tone={r.reconciled ? 'green' : 'amber'}>
            {r.reconciled ? T.reconciled : T.notReconciled}
          </Badge>
        </div>
        <dl className="mt-3 divide-y divide-slate-100 text-sm">
          {figure(T.statementClosing, r.statement?.closingBalanceKsh ?? null)}
          {r.statement ? figure(T.depositsInTransit, r.statement.depositsInTransitKsh) : null}
          {r.statement ? figure(T.unpresentedPayments, r.statement.unpresentedPaymentsKsh) : null}
          {figure(T.adjustedBalance, r.statement?.adjustedBalanceKsh ?? null, true)}
          {figure(T.cashBook, r.cashBookBalanceKsh, true)}
          {figure(T.clientLedgers, r.clientLedgersTotalKsh, true)}
        </dl>
        <p className="mt-2 text-sm text-slate-600">
          {T.linesCount(r.lines.matched, r.lines.unmatched)}
        </p>
        {r.differences.length > 0 ? (
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-900">
            {r.differences.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {r.lock ? (
            <p className="text-sm font-medium text-slate-900">
              {T.lockedBy(r.lock.lockedBy ?? '—', formatNairobiDateTime(r.lock.lockedAt))}
            </p>
          ) : (
            <Button
              size="sm"
              disabled={!r.reconciled || lock.isPending}
              onClick={() => void onLock()}
            >
              {lock.isPending ? T.locking : T.lockMonth}
            </Button>
          )}
          <Button size="sm" variant="neutral" onClick={() => void onPdf()}>
            {T.downloadPdf}
          </Button>
        </div>
      </div>
      <ReconciliationLines reconciliation={r} />
    </div>
  );
}
