import {
  EXPENSE_KINDS,
  EXPENSE_KIND_LABELS,
  EXPENSE_PAID_FROM,
  EXPENSE_SCREEN_TEXTS as E,
  TIME_TEXTS,
  nairobiToday,
  type Expense,
  type ExpenseInput,
} from '@firm/shared';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { DateField } from '../ui/date-field';
import { FieldFrame, useFieldIds } from '../ui/field-frame';
import { FormModal } from '../ui/form-modal';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { errorText } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { useChangeExpense, useRecordExpense } from './expense-requests';

interface ExpenseFormValues {
  caseId: string;
  date: string;
  kind: string;
  amountKsh: number;
  payee: string;
  paidFrom: string;
}

const resolver = lazyZodResolver<ExpenseFormValues, ExpenseInput>(() =>
  import('@firm/shared/time/schemas').then((m) => m.expenseInputSchema as never),
);

const FIELDS = ['date', 'kind', 'amountKsh', 'payee', 'paidFrom'] as const;

/**
 * Add an expense with its receipt, or change one not yet on a fee note (its receipt stays):
 * docs/product-rules.md#time-and-expenses. The server's field messages show under the fields.
 */
export function ExpenseDialog({
  caseId,
  caseNumber,
  expense,
  onClose,
}: {
  caseId: string;
  caseNumber: string;
  /** The expense to change; none: a new one. */
  expense?: Expense;
  onClose: () => void;
}) {
  const create = useRecordExpense(caseId);
  const change = useChangeExpense(caseId);
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | undefined>();
  const receiptField = useFieldIds(receiptError, E.receiptHint);
  const today = nairobiToday();
  useEffect(() => resolver.preload(), []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ExpenseFormValues, unknown, ExpenseInput>({
    resolver,
    defaultValues: {
      caseId,
      date: expense?.date ?? today,
      kind: expense?.kind ?? '',
      amountKsh: expense?.amountKsh ?? Number.NaN,
      payee: expense?.payee ?? '',
      paidFrom: expense?.paidFrom ?? 'firm',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormAlert(null);
    if (!expense && !receipt) {
      setReceiptError(TIME_TEXTS.receiptRequired);
      return;
    }
    try {
      if (expense) {
        await change.mutateAsync({ id: expense.id, values });
        toast.success(E.changed);
      } else {
        await create.mutateAsync({ values, receipt: receipt! });
        toast.success(E.saved);
      }
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      const message = errorText(error, E.saveFailed);
      setFormAlert(message);
      toast.error(message);
    }
  });

  return (
    <FormModal
      title={expense ? E.editTitle : E.addTitle}
      description={E.description(caseNumber)}
      onClose={onClose}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={E.save}
      busyLabel={E.saving}
      alert={formAlert}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="date"
          render={({ field }) => (
            <DateField
              label={E.dateLabel}
              max={today}
              required
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.date?.message}
            />
          )}
        />
        <TextField
          label={E.amountLabel}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          error={errors.amountKsh?.message}
          {...register('amountKsh', { valueAsNumber: true })}
        />
      </div>
      <SelectField label={E.kindLabel} required error={errors.kind?.message} {...register('kind')}>
        <option value="">{E.choose}</option>
        {EXPENSE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {EXPENSE_KIND_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      <TextField
        label={E.payeeLabel}
        required
        maxLength={200}
        error={errors.payee?.message}
        {...register('payee')}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{E.paidFromLabel}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
          {EXPENSE_PAID_FROM.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                value={value}
                className="size-4 accent-brand-700"
                {...register('paidFrom')}
              />
              {E.paidFromLabels[value]}
            </label>
          ))}
        </div>
        {errors.paidFrom?.message ? (
          <p className="mt-1 text-sm text-red-700">{errors.paidFrom.message}</p>
        ) : null}
      </fieldset>
      {expense ? (
        <p className="text-sm text-slate-600">{E.receiptKept}</p>
      ) : (
        <FieldFrame
          id={receiptField.id}
          label={E.receiptLabel}
          required
          hint={E.receiptHint}
          error={receiptError}
        >
          <input
            id={receiptField.id}
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            aria-describedby={receiptField.describedBy}
            aria-invalid={receiptError ? true : undefined}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
            onChange={(event) => {
              setReceipt(event.target.files?.[0] ?? null);
              setReceiptError(undefined);
            }}
          />
        </FieldFrame>
      )}
    </FormModal>
  );
}
