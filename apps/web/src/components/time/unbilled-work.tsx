import { UNBILLED_SCREEN_TEXTS as T, type BillingGrouping, type Unbilled } from '@firm/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { ListResults } from '../list/list-states';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { FormAlert } from '../ui/form-alert';
import { TextField } from '../ui/text-field';
import { errorText } from '../../lib/api-client';
import { ChoiceRow, UnbilledTotals, entryTitle, expenseTitle } from './unbilled-parts';
import { useBillUnbilled, useUnbilled } from './unbilled-requests';

/** What the write-down inputs hold: each entry's amount as typed, and the one reason. */
interface WriteDownDraft {
  on: boolean;
  billed: Record<string, string>;
  reason: string;
}

const WHOLE_SHILLINGS = /^\d{1,9}$/;

/**
 * The chosen entries' write-downs, or the problem to show: an amount must be whole shillings,
 * 0 or more and less than the value (the same as the value: not written down); a reason is needed
 * as soon as one entry is billed for less (ADR 050, the server checks the same).
 */
function writeDownsOf(
  draft: WriteDownDraft,
  entries: Unbilled['entries'],
): { writeDowns: { entryId: string; billedKsh: number; reason: string }[] } | { problem: string } {
  if (!draft.on) return { writeDowns: [] };
  const downs: { entryId: string; billedKsh: number }[] = [];
  for (const entry of entries) {
    const typed = (draft.billed[entry.id] ?? String(entry.valueKsh)).trim();
    if (!WHOLE_SHILLINGS.test(typed)) return { problem: T.billedAmountInvalid };
    const billedKsh = Number(typed);
    if (billedKsh > entry.valueKsh) return { problem: T.billedAmountInvalid };
    if (billedKsh < entry.valueKsh) downs.push({ entryId: entry.id, billedKsh });
  }
  const reason = draft.reason.trim();
  if (downs.length > 0 && !reason) return { problem: T.reasonRequired };
  return { writeDowns: downs.map((down) => ({ ...down, reason })) };
}

/**
 * A case's or a client's unbilled work (docs/product-rules.md#time-and-expenses): the totals,
 * every unbilled entry and expense with a checkbox (all chosen at first), the fee note's lines
 * (one per entry, or summarised by activity), an optional write-down with its reason, and "Bill
 * this", which drafts the fee note and opens it. Without `mayBill` it is the list alone.
 */
export function UnbilledWork({
  caseId,
  clientId,
  mayBill,
}: {
  caseId?: string;
  clientId?: string;
  mayBill: boolean;
}) {
  const query = useUnbilled(caseId ? { caseId } : { clientId });
  return (
    <ListResults
      query={query}
      loadingLabel={T.loading}
      failedText={T.loadFailed}
      isEmpty={(answer) => answer.entries.length + answer.expenses.length === 0}
      empty={{ title: T.empty }}
      compact
    >
      {(answer) => <UnbilledChoice answer={answer} withCase={!caseId} mayBill={mayBill} />}
    </ListResults>
  );
}

function UnbilledChoice({
  answer,
  withCase,
  mayBill,
}: {
  answer: Unbilled;
  withCase: boolean;
  mayBill: boolean;
}) {
  const navigate = useNavigate();
  const bill = useBillUnbilled();
  // What is left out: new work arrives chosen, as the rest is.
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(new Set());
  const [grouping, setGrouping] = useState<BillingGrouping>('entry');
  const [draft, setDraft] = useState<WriteDownDraft>({ on: false, billed: {}, reason: '' });
  const [problem, setProblem] = useState<string | null>(null);

  const entries = answer.entries.filter((entry) => !leftOut.has(entry.id));
  const spent = answer.expenses.filter((expense) => !leftOut.has(expense.id));
  const every = [...answer.entries.map((e) => e.id), ...answer.expenses.map((e) => e.id)];
  const allChosen = leftOut.size === 0;
  const choose = (id: string, chosen: boolean) =>
    setLeftOut((before) => {
      const next = new Set(before);
      if (chosen) next.delete(id);
      else next.add(id);
      return next;
    });
  const billedOf = (id: string, valueKsh: number) => {
    if (!draft.on) return valueKsh;
    const typed = draft.billed[id];
    return typed !== undefined && WHOLE_SHILLINGS.test(typed.trim()) ? Number(typed) : valueKsh;
  };
  const toBill =
    entries.reduce((sum, entry) => sum + billedOf(entry.id, entry.valueKsh), 0) +
    spent.reduce((sum, expense) => sum + expense.amountKsh, 0);
  const writtenDown = draft.on
    ? entries.reduce((sum, entry) => sum + entry.valueKsh - billedOf(entry.id, entry.valueKsh), 0)
    : 0;
  const clients = new Set([...entries, ...spent].map((item) => item.clientId));

  const submit = async () => {
    setProblem(null);
    if (entries.length + spent.length === 0) return setProblem(T.nothingChosen);
    if (clients.size > 1) return setProblem(T.oneClient);
    const downs = writeDownsOf(draft, entries);
    if ('problem' in downs) return setProblem(downs.problem);
    try {
      const saved = await bill.mutateAsync({
        entryIds: entries.map((entry) => entry.id),
        expenseIds: spent.map((expense) => expense.id),
        grouping,
        writeDowns: downs.writeDowns,
      });
      toast.success(saved.message);
      await navigate(`/billing/${encodeURIComponent(saved.feeNote.id)}`);
    } catch (error) {
      const message = errorText(error, T.billFailed);
      setProblem(message);
      toast.error(message);
    }
  };

  return (
    <div className="space-y-3">
      <UnbilledTotals totals={answer.totals} />
      {mayBill ? (
        <Checkbox
          label={T.selectAll}
          checked={allChosen}
          onChange={(event) => setLeftOut(event.target.checked ? new Set() : new Set(every))}
        />
      ) : null}
      {answer.entries.length > 0 ? (
        <section aria-label={T.entriesCaption}>
          <h4 className="text-sm font-semibold text-slate-800">{T.entriesCaption}</h4>
          <ul>
            {answer.entries.map((entry) => {
              const title = entryTitle(entry, withCase);
              const chosen = !leftOut.has(entry.id);
              return (
                <ChoiceRow
                  key={entry.id}
                  id={entry.id}
                  checked={chosen}
                  disabled={!mayBill}
                  onChange={(checked) => choose(entry.id, checked)}
                  title={title}
                  detail={entry.narrative}
                  amount={entry.valueKsh}
                >
                  {mayBill && draft.on && chosen ? (
                    <TextField
                      className="mt-2 ml-6 max-w-xs"
                      label={T.billedLabel(title)}
                      inputMode="numeric"
                      value={draft.billed[entry.id] ?? String(entry.valueKsh)}
                      onChange={(event) =>
                        setDraft({
                          ...draft,
                          billed: { ...draft.billed, [entry.id]: event.target.value },
                        })
                      }
                    />
                  ) : null}
                </ChoiceRow>
              );
            })}
          </ul>
        </section>
      ) : null}
      {answer.expenses.length > 0 ? (
        <section aria-label={T.expensesCaption}>
          <h4 className="text-sm font-semibold text-slate-800">{T.expensesCaption}</h4>
          <ul>
            {answer.expenses.map((expense) => (
              <ChoiceRow
                key={expense.id}
                id={expense.id}
                checked={!leftOut.has(expense.id)}
                disabled={!mayBill}
                onChange={(checked) => choose(expense.id, checked)}
                title={expenseTitle(expense, withCase)}
                detail={expense.payee}
                amount={expense.amountKsh}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {mayBill ? (
        <div className="space-y-3 rounded-md border border-slate-200 p-3">
          <fieldset className="space-y-1 text-sm text-slate-800">
            <legend className="font-semibold">{T.groupingLegend}</legend>
            {(['entry', 'activity'] as const).map((each) => (
              <label key={each} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="unbilled-grouping"
                  value={each}
                  checked={grouping === each}
                  onChange={() => setGrouping(each)}
                  className="accent-brand-700"
                />
                {T.groupingLabels[each]}
              </label>
            ))}
          </fieldset>
          <Checkbox
            label={T.writeDown}
            checked={draft.on}
            onChange={(event) => setDraft({ ...draft, on: event.target.checked })}
          />
          {draft.on ? (
            <>
              <p className="text-sm text-slate-600">{T.writeDownHint}</p>
              <TextField
                label={T.reasonLabel}
                hint={T.reasonHint}
                maxLength={500}
                value={draft.reason}
                onChange={(event) => setDraft({ ...draft, reason: event.target.value })}
              />
            </>
          ) : null}
          <FormAlert message={problem} />
          <p className="text-sm font-medium text-slate-900" role="status">
            {T.chosen(entries.length + spent.length, toBill)}
            {writtenDown > 0 ? ` · ${T.writtenDown(writtenDown)}` : ''}
          </p>
          <Button isLoading={bill.isPending} loadingText={T.billing} onClick={() => void submit()}>
            {T.billThis}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
