import {
  BILLING_SCREEN_TEXTS as T,
  FEE_NOTE_LIMITS,
  FEE_NOTE_LINE_KINDS,
  FEE_NOTE_LINE_KIND_LABELS,
  addDays,
  nairobiToday,
  nextWorkingDay,
  type CreateFeeNoteValues,
  type FeeNote,
  type FeeNoteLineKind,
  type UpdateFeeNoteValues,
} from '@firm/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { FormModal } from '../../../components/ui/form-modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCreateFeeNote } from '../api/create-fee-note';
import { useCaseChoices, useClientChoices } from '../api/fee-note-choices';
import { useUpdateFeeNote } from '../api/update-fee-note';
import {
  LineAmount,
  TotalsPreview,
  type FeeNoteBody,
  type FeeNoteFormValues,
  type LineValues,
} from './fee-note-preview';

/** The shared schemas (and zod) load when the form opens (lib/lazy-resolver.ts). */
const createResolver = lazyZodResolver<FeeNoteFormValues, CreateFeeNoteValues>(() =>
  import('@firm/shared/billing/schemas').then((m) => m.createFeeNoteSchema as never),
);
const updateResolver = lazyZodResolver<FeeNoteFormValues, UpdateFeeNoteValues>(() =>
  import('@firm/shared/billing/schemas').then((m) => m.updateFeeNoteSchema as never),
);

const newLine = (kind: FeeNoteLineKind = 'fee'): LineValues => ({
  kind,
  description: '',
  quantity: 1,
  unitPriceKsh: '' as unknown as number,
});

/** The fields the server may name in `errors` of a 400, for the lines there are. */
const serverFields = (lines: number): Path<FeeNoteFormValues>[] => [
  'clientId',
  'caseId',
  'dueDate',
  'buyerKraPin',
  'lines',
  ...Array.from({ length: lines }, (_, i) =>
    (['kind', 'description', 'quantity', 'unitPriceKsh'] as const).map(
      (field) => `lines.${i}.${field}` as const,
    ),
  ).flat(),
];

/**
 * New fee note / Edit draft: the client (searchable; fixed once drafted), one of their matters or
 * none, the due date, the client's KRA PIN if they want it printed, and the lines, with the totals
 * previewed from the same `feeNoteSums` the server stores. Saved as a draft.
 */
export function FeeNoteFormModal({
  draft,
  onClose,
  onSaved,
}: {
  /** The draft being edited; a new fee note without it. */
  draft?: FeeNote;
  onClose: () => void;
  onSaved?: (id: string) => void;
}) {
  const isEdit = draft !== undefined;
  const resolver = isEdit ? updateResolver : createResolver;
  const [clientSearch, setClientSearch] = useState('');
  const [clientNames, setClientNames] = useState<Record<string, string>>(() =>
    draft ? { [draft.client.id]: draft.client.name } : {},
  );
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const clientChoices = useClientChoices(useDebouncedValue(clientSearch.trim()), !isEdit);
  const create = useCreateFeeNote();
  const update = useUpdateFeeNote(draft?.id ?? '');
  useEffect(() => resolver.preload(), [resolver]);

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FeeNoteFormValues, unknown, FeeNoteBody>({
    resolver: resolver as never,
    defaultValues: draft
      ? {
          clientId: draft.client.id,
          caseId: draft.case?.id ?? '',
          dueDate: draft.dueDate,
          buyerKraPin: draft.buyerKraPin ?? '',
          lines: draft.lines.map(({ kind, description, quantity, unitPriceKsh }) => ({
            kind,
            description,
            quantity,
            unitPriceKsh,
          })),
        }
      : {
          clientId: '',
          caseId: '',
          // A fortnight on, a weekday (the server names a holiday, which the screen cannot know).
          dueDate: nextWorkingDay(addDays(nairobiToday(), 14), () => false),
          buyerKraPin: '',
          lines: [newLine()],
        },
  });
  const lines = useFieldArray({ control, name: 'lines' });
  const clientId = useWatch({ control, name: 'clientId' });
  const cases = useCaseChoices(clientId);

  const clients = clientChoices.data ?? [];
  // The chosen client stays an option when a search leaves them out (one key per client, so the
  // browser keeps it selected as the options change).
  const clientOptions = [
    ...(clientId && !clients.some((c) => c.id === clientId)
      ? [{ id: clientId, label: clientNames[clientId] ?? clientId }]
      : []),
    ...clients.map((client) => ({ id: client.id, label: `${client.name} (${client.email})` })),
  ];

  const onSubmit = handleSubmit(async (values) => {
    setFormAlert(null);
    try {
      const saved = draft
        ? await update.mutateAsync(values as UpdateFeeNoteValues)
        : await create.mutateAsync(values as CreateFeeNoteValues);
      toast.success(saved.message);
      if (onSaved) onSaved(saved.feeNote.id);
      else onClose();
    } catch (error) {
      applyServerErrors(error, setError, serverFields(values.lines.length));
      const message = errorText(error, T.saveFailed);
      setFormAlert(message);
      toast.error(message);
    }
  });

  const linesError = errors.lines?.message ?? errors.lines?.root?.message;

  return (
    <FormModal
      title={isEdit ? T.editFeeNoteTitle : T.newFeeNoteTitle}
      description={T.formDescription}
      size="lg"
      tall
      onClose={onClose}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={T.saveDraft}
      busyLabel={T.savingDraft}
      alert={formAlert}
    >
      {draft ? (
        <div>
          <p className="text-sm font-medium text-slate-800">{T.clientLabel}</p>
          <p className="mt-1 break-words text-slate-900">{draft.client.name}</p>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={T.clientSearchLabel}
            type="search"
            placeholder={T.clientSearchPlaceholder}
            value={clientSearch}
            onChange={(event) => setClientSearch(event.target.value)}
            hint={
              clientChoices.data && clients.length === 0 && clientSearch.trim()
                ? T.noClientsFound
                : undefined
            }
          />
          <SelectField
            label={T.clientLabel}
            required
            error={errors.clientId?.message}
            {...register('clientId', {
              onChange: (event: { target: { value: string } }) => {
                const id = event.target.value;
                const found = clients.find((c) => c.id === id);
                if (found) setClientNames((current) => ({ ...current, [id]: found.name }));
                // Another client's matters are not this one's.
                setValue('caseId', '');
              },
            })}
          >
            <option value="">{T.chooseClient}</option>
            {clientOptions.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </SelectField>
        </div>
      )}

      <SelectField
        label={T.caseLabel}
        error={errors.caseId?.message}
        disabled={!clientId}
        {...register('caseId')}
      >
        <option value="">{cases.isLoading ? T.casesLoading : T.noCase}</option>
        {draft?.case && !cases.data?.some((c) => c.id === draft.case?.id) ? (
          <option value={draft.case.id}>
            {draft.case.caseNumber}: {draft.case.title}
          </option>
        ) : null}
        {(cases.data ?? []).map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.caseNumber}: {choice.title}
          </option>
        ))}
      </SelectField>

      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="dueDate"
          render={({ field }) => (
            <DateField
              label={T.dueDateLabel}
              hint={T.dueDateHint}
              required
              ref={field.ref}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.dueDate?.message}
            />
          )}
        />
        <TextField
          label={T.buyerKraPinLabel}
          hint={T.buyerKraPinHint}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={11}
          error={errors.buyerKraPin?.message}
          {...register('buyerKraPin')}
        />
      </div>

      <fieldset
        className="space-y-3"
        aria-describedby={linesError ? 'fee-note-lines-error' : undefined}
      >
        <legend className="text-sm font-medium text-slate-800">{T.linesLegend}</legend>
        {linesError ? (
          <p id="fee-note-lines-error" role="alert" className="text-sm text-red-700">
            {linesError}
          </p>
        ) : null}
        {lines.fields.map((field, index) => {
          const n = index + 1;
          const lineErrors = errors.lines?.[index];
          return (
            <fieldset key={field.id} className="rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold text-slate-700">
                {T.lineLegend(n)}
              </legend>
              {/* Each control is named with its line ("Line 2: quantity"); the label shows the
                  field alone, the fieldset's legend says which line. */}
              <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,7rem)_minmax(0,1fr)]">
                <SelectField
                  label={T.lineKindLabel}
                  aria-label={T.lineKind(n)}
                  error={lineErrors?.kind?.message}
                  {...register(`lines.${index}.kind`)}
                >
                  {FEE_NOTE_LINE_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {FEE_NOTE_LINE_KIND_LABELS[kind]}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label={T.lineQuantityLabel}
                  aria-label={T.lineQuantity(n)}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={FEE_NOTE_LIMITS.quantityMax}
                  step={1}
                  required
                  error={lineErrors?.quantity?.message}
                  {...register(`lines.${index}.quantity`, { valueAsNumber: true })}
                />
                <TextField
                  label={T.lineUnitPriceLabel}
                  aria-label={T.lineUnitPrice(n)}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  required
                  error={lineErrors?.unitPriceKsh?.message}
                  {...register(`lines.${index}.unitPriceKsh`, { valueAsNumber: true })}
                />
              </div>
              <div className="mt-3">
                <TextAreaField
                  label={T.lineDescriptionLabel}
                  aria-label={T.lineDescription(n)}
                  rows={2}
                  required
                  maxLength={FEE_NOTE_LIMITS.descriptionMax}
                  error={lineErrors?.description?.message}
                  {...register(`lines.${index}.description`)}
                />
              </div>
              <div className="mt-2 flex items-center justify-between gap-3">
                <LineAmount control={control} index={index} />
                <Button
                  variant="quietDanger"
                  size="sm"
                  aria-label={T.removeLine(n)}
                  onClick={() => lines.remove(index)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
            </fieldset>
          );
        })}
        {lines.fields.length < FEE_NOTE_LIMITS.linesMax ? (
          <Button variant="neutral" size="sm" onClick={() => lines.append(newLine())}>
            <Plus aria-hidden="true" className="size-4" /> {T.addLine}
          </Button>
        ) : null}
      </fieldset>

      <TotalsPreview
        control={control}
        draftVatRate={draft && draft.totals.vatRatePercent > 0 ? draft.totals.vatRatePercent : 0}
      />
    </FormModal>
  );
}
