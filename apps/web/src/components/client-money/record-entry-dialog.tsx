import {
  CLIENT_MONEY_SCREEN_TEXTS as T,
  MONEY_ACCOUNT_KIND_LABELS,
  formatKsh,
  nairobiToday,
  type ClientMoneyEntryKind,
  type RecordClientMoneyEntryValues,
} from '@firm/shared';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { DateField } from '../ui/date-field';
import { FormModal } from '../ui/form-modal';
import { SelectField } from '../ui/select-field';
import { TextAreaField } from '../ui/text-area-field';
import { TextField } from '../ui/text-field';
import { errorText } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import {
  useClientCases,
  useMoneyAccounts,
  usePayableFeeNotes,
  useRecordClientMoneyEntry,
} from './client-money-requests';

/** The kinds recorded with money (a reversal has its own dialog). */
export type MoneyEntryKind = Exclude<ClientMoneyEntryKind, 'reversal'>;

interface EntryFormValues {
  kind: MoneyEntryKind;
  date: string;
  clientId: string;
  caseId: string;
  accountId: string;
  officeAccountId: string;
  feeNoteId: string;
  amountKsh: number;
  reference: string;
  narrative: string;
}

const resolver = lazyZodResolver<EntryFormValues, RecordClientMoneyEntryValues>(() =>
  import('@firm/shared/client-money/schemas').then((m) => m.recordClientMoneyEntrySchema as never),
);

const FIELDS = [
  'date',
  'caseId',
  'accountId',
  'officeAccountId',
  'feeNoteId',
  'amountKsh',
  'reference',
  'narrative',
] as const;

/**
 * Record a receipt, a payment out, a refund or a transfer to office (docs/product-rules.md#client-money):
 * the server's field messages under the fields, its refusals (409: too little held, a locked
 * month, over the fee note's balance) above them in words. A transfer is asked first: it settles
 * a fee note and is never reversed (ADR 045).
 */
export function RecordEntryDialog({
  kind,
  clientId,
  clientName,
  heldKsh,
  caseId,
  onClose,
}: {
  kind: MoneyEntryKind;
  clientId: string;
  clientName: string;
  heldKsh: number;
  /** The case page's case, chosen to begin with. */
  caseId?: string;
  onClose: () => void;
}) {
  const record = useRecordClientMoneyEntry();
  const isTransfer = kind === 'transfer_to_office';
  const accounts = useMoneyAccounts();
  const clientCases = useClientCases(clientId, true);
  const feeNotes = usePayableFeeNotes(clientId, isTransfer);
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const today = nairobiToday();
  useEffect(() => resolver.preload(), []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<EntryFormValues, unknown, RecordClientMoneyEntryValues>({
    resolver,
    defaultValues: {
      kind,
      date: today,
      clientId,
      caseId: caseId ?? '',
      accountId: '',
      officeAccountId: '',
      feeNoteId: '',
      amountKsh: Number.NaN,
      reference: '',
      narrative: '',
    },
  });
  const clientAccounts = (accounts.data ?? []).filter((a) => a.kind === 'client');
  const officeAccounts = (accounts.data ?? []).filter((a) => a.kind === 'office');
  // One account of a kind is the one meant; with several, the person chooses.
  useEffect(() => {
    const only = (kind: 'client' | 'office') => {
      const ofKind = (accounts.data ?? []).filter((a) => a.kind === kind);
      return ofKind.length === 1 ? ofKind[0]!.id : null;
    };
    const client = only('client');
    const office = only('office');
    if (client && getValues('accountId') === '') setValue('accountId', client);
    if (office && getValues('officeAccountId') === '') setValue('officeAccountId', office);
  }, [accounts.data, getValues, setValue]);

  // What is missing before anything can be recorded, said above the fields.
  const notices = [
    accounts.isSuccess && clientAccounts.length === 0
      ? T.noAccounts(MONEY_ACCOUNT_KIND_LABELS.client.toLowerCase())
      : null,
    isTransfer && accounts.isSuccess && officeAccounts.length === 0
      ? T.noAccounts(MONEY_ACCOUNT_KIND_LABELS.office.toLowerCase())
      : null,
    isTransfer && feeNotes.isSuccess && feeNotes.data.length === 0 ? T.noPayableFeeNotes : null,
  ].filter((notice): notice is string => notice !== null);

  const onSubmit = handleSubmit(async (values) => {
    setFormAlert(null);
    if (isTransfer) {
      const note = feeNotes.data?.find((n) => n.id === values.feeNoteId);
      const office = officeAccounts.find((a) => a.id === values.officeAccountId);
      const question = T.confirmTransfer(
        formatKsh(values.amountKsh ?? 0),
        note?.number ?? '',
        office?.name ?? '',
      );
      if (!window.confirm(question)) return;
    }
    try {
      const recorded = await record.mutateAsync(values);
      toast.success(recorded.message);
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      const message = errorText(error, T.actionFailed);
      setFormAlert(message);
      toast.error(message);
    }
  });

  return (
    <FormModal
      title={T.dialogTitles[kind]}
      description={T.dialogDescription(clientName, formatKsh(heldKsh))}
      onClose={onClose}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={isTransfer ? T.transfer : T.record}
      busyLabel={T.recording}
      alert={formAlert}
    >
      {notices.map((notice) => (
        <p key={notice} className="text-sm text-amber-800">
          {notice}
        </p>
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="date"
          render={({ field }) => (
            <DateField
              label={T.dateLabel}
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
          label={T.amountLabel}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          error={errors.amountKsh?.message}
          {...register('amountKsh', { valueAsNumber: true })}
        />
      </div>
      <SelectField
        label={T.accountLabel}
        required
        error={errors.accountId?.message}
        {...register('accountId')}
      >
        <option value="">{T.choose}</option>
        {clientAccounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.name} ({account.institution} {account.number})
          </option>
        ))}
      </SelectField>
      <SelectField label={T.caseLabel} error={errors.caseId?.message} {...register('caseId')}>
        <option value="">{T.noCaseOption}</option>
        {(clientCases.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.caseNumber}: {c.title}
          </option>
        ))}
      </SelectField>
      {isTransfer ? (
        <>
          <SelectField
            label={T.feeNoteLabel}
            required
            error={errors.feeNoteId?.message}
            {...register('feeNoteId', {
              // The fee note's balance is offered as the amount: at most that may be moved.
              onChange: (event: { target: { value: string } }) => {
                const note = feeNotes.data?.find((n) => n.id === event.target.value);
                if (note) setValue('amountKsh', Math.min(note.balanceKsh, heldKsh));
              },
            })}
          >
            <option value="">{T.choose}</option>
            {(feeNotes.data ?? []).map((note) => (
              <option key={note.id} value={note.id}>
                {T.feeNoteOption(note.number ?? '', formatKsh(note.balanceKsh))}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={T.officeAccountLabel}
            required
            error={errors.officeAccountId?.message}
            {...register('officeAccountId')}
          >
            <option value="">{T.choose}</option>
            {officeAccounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name} ({account.institution} {account.number})
              </option>
            ))}
          </SelectField>
        </>
      ) : null}
      <TextField
        label={T.referenceLabel}
        required
        hint={T.referenceHint}
        autoComplete="off"
        error={errors.reference?.message}
        {...register('reference')}
      />
      <TextAreaField
        label={T.narrativeLabel}
        required
        error={errors.narrative?.message}
        {...register('narrative')}
      />
    </FormModal>
  );
}
