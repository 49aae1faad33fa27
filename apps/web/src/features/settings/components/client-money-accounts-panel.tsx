import {
  CLIENT_MONEY_SCREEN_TEXTS as T,
  CLIENT_MONEY_LIMITS,
  MONEY_ACCOUNT_KINDS,
  MONEY_ACCOUNT_KIND_LABELS,
  formatKsh,
  formatNairobiDay,
  nairobiToday,
  type CreateMoneyAccountValues,
  type MoneyAccount,
  type MoneyAccountKind,
} from '@firm/shared';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  useCreateMoneyAccount,
  useMoneyAccounts,
} from '../../../components/client-money/client-money-requests';
import { DataTable, type Column } from '../../../components/list/data-table';
import { ListResults } from '../../../components/list/list-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { FormModal } from '../../../components/ui/form-modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

interface AccountFormValues {
  name: string;
  kind: MoneyAccountKind | '';
  institution: string;
  number: string;
  openingBalanceKsh: number;
  openingDate: string;
}

const resolver = lazyZodResolver<AccountFormValues, CreateMoneyAccountValues>(() =>
  import('@firm/shared/client-money/schemas').then((m) => m.createMoneyAccountSchema as never),
);

const FIELDS = [
  'name',
  'kind',
  'institution',
  'number',
  'openingBalanceKsh',
  'openingDate',
] as const;

const COLUMNS: readonly Column<MoneyAccount>[] = [
  { header: T.accountName, cell: (a) => <span className="break-words">{a.name}</span> },
  {
    header: T.accountKind,
    cell: (a) => (
      <Badge tone={a.kind === 'client' ? 'blue' : 'slate'}>
        {MONEY_ACCOUNT_KIND_LABELS[a.kind]}
      </Badge>
    ),
  },
  { header: T.institution, cell: (a) => <span className="break-words">{a.institution}</span> },
  { header: T.accountNumber, cell: (a) => <span className="break-all">{a.number}</span> },
  {
    header: T.openingBalance,
    cell: (a) => `${formatKsh(a.openingBalanceKsh)} · ${formatNairobiDay(a.openingDate)}`,
  },
];

/**
 * System Settings › Bank and M-Pesa accounts (ADR 045): the firm's office and client accounts and
 * the form that adds one. System Settings is an advocate's, as adding an account is
 * (`client-money:accounts`); the server checks again.
 */
export function ClientMoneyAccountsPanel() {
  const query = useMoneyAccounts();
  const [isAdding, setAdding] = useState(false);
  return (
    <section aria-labelledby="money-accounts-title" className="space-y-4 pt-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="money-accounts-title" className="text-lg font-semibold text-slate-900">
            {T.accountsTab}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{T.accountsIntro}</p>
        </div>
        <Button size="sm" onClick={() => setAdding(true)}>
          {T.addAccount}
        </Button>
      </div>
      <ListResults
        query={query}
        loadingLabel={T.accountsLoading}
        failedText={T.accountsLoadFailed}
        isEmpty={(accounts) => accounts.length === 0}
        empty={{ title: T.noAccountsYet }}
      >
        {(accounts) => (
          <DataTable
            caption={T.accountsTab}
            columns={COLUMNS}
            rows={accounts}
            rowKey={(a) => a.id}
          />
        )}
      </ListResults>
      {isAdding ? <AddAccountDialog onClose={() => setAdding(false)} /> : null}
    </section>
  );
}

function AddAccountDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateMoneyAccount();
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const today = nairobiToday();
  useEffect(() => resolver.preload(), []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AccountFormValues, unknown, CreateMoneyAccountValues>({
    resolver,
    defaultValues: {
      name: '',
      kind: '',
      institution: '',
      number: '',
      openingBalanceKsh: 0,
      openingDate: today,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormAlert(null);
    try {
      const created = await create.mutateAsync(values);
      toast.success(created.message);
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      const message = errorText(error, T.accountFailed);
      setFormAlert(message);
      toast.error(message);
    }
  });

  return (
    <FormModal
      title={T.addAccountTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={T.addAccount}
      busyLabel={T.adding}
      alert={formAlert}
    >
      <TextField
        label={T.accountName}
        required
        maxLength={CLIENT_MONEY_LIMITS.nameMax}
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField
        label={T.accountKind}
        required
        error={errors.kind?.message}
        {...register('kind')}
      >
        <option value="">{T.choose}</option>
        {MONEY_ACCOUNT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {MONEY_ACCOUNT_KIND_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={T.institution}
          required
          maxLength={CLIENT_MONEY_LIMITS.institutionMax}
          error={errors.institution?.message}
          {...register('institution')}
        />
        <TextField
          label={T.accountNumber}
          required
          autoComplete="off"
          maxLength={CLIENT_MONEY_LIMITS.accountNumberMax}
          error={errors.number?.message}
          {...register('number')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={T.openingBalance}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          required
          error={errors.openingBalanceKsh?.message}
          {...register('openingBalanceKsh', { valueAsNumber: true })}
        />
        <Controller
          control={control}
          name="openingDate"
          render={({ field }) => (
            <DateField
              label={T.openingDate}
              max={today}
              required
              hint={T.openingBalanceHint}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.openingDate?.message}
            />
          )}
        />
      </div>
    </FormModal>
  );
}
