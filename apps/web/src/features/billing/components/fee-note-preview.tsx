import {
  BILLING_SCREEN_TEXTS as T,
  feeNoteSums,
  formatKsh,
  type CreateFeeNoteValues,
  type FeeNoteLineKind,
  type UpdateFeeNoteValues,
} from '@firm/shared';
import { useWatch, type Control } from 'react-hook-form';

/** The fee note form's values, and what it shows of them as they are typed: each line's amount and the totals. */

export interface LineValues {
  kind: FeeNoteLineKind;
  description: string;
  /** A number once typed in (`valueAsNumber`); '' in a new line until then. */
  quantity: number;
  unitPriceKsh: number;
}

export interface FeeNoteFormValues {
  clientId: string;
  caseId: string;
  dueDate: string;
  buyerKraPin: string;
  lines: LineValues[];
}

/** What the schema gives for sending: a new fee note's body, or a draft's. */
export type FeeNoteBody = CreateFeeNoteValues | UpdateFeeNoteValues;
/** A typed-in number, or 0 while the box is empty or not a number (the preview only). */
export const amountOf = (value: unknown) => {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
};

/** What one line comes to, as it is typed. */
export function LineAmount({
  control,
  index,
}: {
  control: Control<FeeNoteFormValues, unknown, FeeNoteBody>;
  index: number;
}) {
  const line = useWatch({ control, name: `lines.${index}` });
  const amount = amountOf(line?.quantity) * amountOf(line?.unitPriceKsh);
  return <p className="text-sm text-slate-700">{T.lineAmount(formatKsh(amount))}</p>;
}

/**
 * The totals as the lines stand. Whether the firm charges VAT is in its settings, which only
 * advocates may read: a new fee note shows the totals before VAT and says VAT is added when saved
 * if the firm is registered; a draft saved with VAT previews it at the rate it was saved with.
 */
export function TotalsPreview({
  control,
  draftVatRate,
}: {
  control: Control<FeeNoteFormValues, unknown, FeeNoteBody>;
  draftVatRate: number;
}) {
  const lines = useWatch({ control, name: 'lines' }) ?? [];
  const sums = feeNoteSums(
    lines.map((line) => ({
      kind: line.kind,
      quantity: amountOf(line.quantity),
      unitPriceKsh: amountOf(line.unitPriceKsh),
    })),
    draftVatRate,
  );
  const rows: [string, number][] = [
    [T.feesTotal, sums.feesKsh],
    ...(draftVatRate > 0 ? ([[T.vat(draftVatRate), sums.vatKsh]] as [string, number][]) : []),
    [T.disbursementsTotal, sums.disbursementsKsh],
  ];
  return (
    <section
      aria-labelledby="fee-note-preview"
      aria-live="polite"
      className="rounded-md bg-slate-50 p-3 text-sm"
    >
      <h3 id="fee-note-preview" className="font-semibold text-slate-900">
        {T.previewHeading}
      </h3>
      <dl className="mt-2 space-y-1">
        {rows.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-4 text-slate-700">
            <dt>{label}</dt>
            <dd className="whitespace-nowrap">{formatKsh(amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 font-semibold text-slate-900">
          <dt>{draftVatRate > 0 ? T.total : T.totalBeforeVat}</dt>
          <dd className="whitespace-nowrap">{formatKsh(sums.totalKsh)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        {draftVatRate > 0 ? T.vatPreviewFromDraft(draftVatRate) : T.vatPreviewNote}
      </p>
    </section>
  );
}
