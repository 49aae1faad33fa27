import {
  MESSAGES,
  CASE_CATEGORIES,
  CASE_LIMITS,
  CASE_MESSAGES,
  CASE_PRIORITIES,
  PARTY_ROLES,
  type ConflictMatch,
  type CreateCaseInput,
} from '@firm/shared';
import { AlertTriangle, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  ConflictClearance,
  useConflictClearance,
} from '../../../components/forms/conflict-clearance';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { DateField } from '../../../components/ui/date-field';
import { FormModal } from '../../../components/ui/form-modal';
import { CharacterCount, useCharacterCount } from '../../../components/ui/character-count';
import { TextField, inputClass } from '../../../components/ui/text-field';
import { ApiError, errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCasePeople, useConflictCheck, useCreateCase } from '../api/create-case';
import { capitalised, isoToNairobiInput, nairobiInputToIso } from './case-format';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

type FormValues = Omit<CreateCaseInput, 'conflictCheck' | 'parties'> & {
  parties: NonNullable<CreateCaseInput['parties']>;
};

const FIELDS = [
  'title',
  'description',
  'category',
  'priority',
  'clientId',
  'assignedTo',
  'court',
  'courtCaseNumber',
  'courtDate',
] as const;

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

function ConflictMatches({ matches }: { matches: ConflictMatch[] }) {
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {matches.map((match, i) => (
        <li key={i}>
          <span className="font-medium">{match.name}</span> resembles{' '}
          <span className="font-medium">{match.matchedName}</span>:{' '}
          {match.source === 'client'
            ? 'an existing client of the firm'
            : `${match.role ? PARTY_ROLES[match.role].toLowerCase() : 'a party'}${
                match.caseNumber ? ` in ${match.caseNumber}` : ' in another case'
              }`}
        </li>
      ))}
    </ul>
  );
}

/** The schema (and zod) load when the form is first used (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() =>
  import('@firm/shared/cases/schemas').then((m) => m.createCaseInputSchema),
);

/**
 * 'New Case' (docs/product-rules.md#screens, #validation): the four required fields, a searchable client
 * picker, the assignee, court details and the parties. The conflict-of-interest check runs as the
 * names are typed; with matches, saving needs "Checked: no conflict" and a reason.
 */
export function NewCaseModal({
  onClose,
  onCreated,
  initialClient,
}: {
  onClose: () => void;
  onCreated: (caseId: string) => void;
  /** A client chosen elsewhere (the Clients screen's New Case). */
  initialClient?: { id: string; name: string };
}) {
  const formId = useId();
  const [clientSearch, setClientSearch] = useState('');
  const [clientNames, setClientNames] = useState<Record<string, string>>(() =>
    initialClient ? { [initialClient.id]: initialClient.name } : {},
  );
  const clearance = useConflictClearance();
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [formAlert, setFormAlert] = useState<string | null>(null);
  // A court date on a weekend or holiday is asked about (ADR 025): the question, until answered.
  const [unusualDay, setUnusualDay] = useState<string | null>(null);
  // Focused as the question appears: it may open below the fold of the dialog.
  const saveAnywayRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (unusualDay) saveAnywayRef.current?.focus();
  }, [unusualDay]);
  const people = useCasePeople(useDebouncedValue(clientSearch.trim()));
  const create = useCreateCase();
  // Opened: the schema loads while the person fills the form in.
  useEffect(() => resolver.preload(), []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: resolver as never,
    defaultValues: {
      title: '',
      description: '',
      category: '' as never,
      priority: '' as never,
      clientId: initialClient?.id ?? '',
      assignedTo: '',
      court: '',
      courtCaseNumber: '',
      courtDate: '',
      parties: [],
    },
  });
  const parties = useFieldArray({ control, name: 'parties' });
  const description = register('description');
  const {
    used: descriptionUsed,
    setUsed: setDescriptionUsed,
    attach: attachDescription,
  } = useCharacterCount<HTMLTextAreaElement>();
  const clientId = useWatch({ control, name: 'clientId' });
  const partyValues = useWatch({ control, name: 'parties' }) ?? [];
  const names = useDebouncedValue(
    JSON.stringify({
      clientId: clientId || undefined,
      clientName: clientId ? clientNames[clientId] : undefined,
      parties: partyValues
        .filter((party) => (party.name ?? '').trim().length >= 3)
        .map((party) => ({ name: party.name.trim(), role: party.role })),
    }),
  );
  const checkInput = JSON.parse(names) as Parameters<typeof useConflictCheck>[0];
  const conflict = useConflictCheck(
    checkInput,
    Boolean(checkInput.clientName) || (checkInput.parties?.length ?? 0) > 0,
  );
  const matches = conflict.data?.matches ?? [];

  const clients = people.data?.clients ?? [];
  // The chosen client stays an option when a search leaves them out. One list, one key per
  // client: when the options change React moves that client's element instead of replacing it,
  // so the browser keeps it selected (a replaced option would fall back to "Select client").
  const clientOptions = [
    ...(clientId && !clients.some((c) => c.id === clientId)
      ? [{ id: clientId, label: clientNames[clientId] ?? clientId }]
      : []),
    ...clients.map((client) => ({ id: client.id, label: `${client.name} (${client.email})` })),
  ];
  const rememberClient = (id: string) => {
    const found = clients.find((c) => c.id === id);
    if (found) setClientNames((current) => ({ ...current, [id]: found.name }));
  };

  /** Sends the case; `courtDayConfirmed` once the person answered "Save anyway". */
  const submitCase = (courtDayConfirmed: boolean) =>
    handleSubmit(async (values) => {
      setFormAlert(null);
      setUnusualDay(null);
      setReasonError(null);
      const cleared = matches.length > 0 ? await clearance.check() : null;
      if (cleared && 'message' in cleared) {
        setReasonError(cleared.message);
        return;
      }
      try {
        const body = await create.mutateAsync({
          ...values,
          assignedTo: values.assignedTo || undefined,
          ...(cleared ? { conflictCheck: cleared.clearance } : {}),
          ...(values.courtDate && courtDayConfirmed ? { courtDateConfirmed: true } : {}),
        });
        toast.success(body.message);
        onCreated(body.case.id);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'COURT_DAY_UNUSUAL') {
          setUnusualDay(error.message);
          return;
        }
        applyServerErrors(error, setError, FIELDS);
        const message = errorText(error, CASE_MESSAGES.createFailed);
        setFormAlert(message);
        toast.error(message);
        if (matches.length === 0) void conflict.refetch();
      }
    });

  return (
    <FormModal
      title={CASE_MESSAGES.newCase}
      size="lg"
      onClose={onClose}
      onSubmit={submitCase(false)}
      isSubmitting={isSubmitting}
      submitLabel="Create Case"
      busyLabel={MESSAGES.creating}
      alert={formAlert}
    >
      <TextField
        label="Title"
        required
        counted
        maxLength={CASE_LIMITS.titleMax}
        error={errors.title?.message}
        {...register('title')}
      />
      <div>
        <div className="flex items-baseline gap-1">
          <label
            htmlFor={`${formId}-description`}
            className="block text-sm font-medium text-slate-800"
          >
            Description
          </label>
          <span aria-hidden="true" className="text-sm text-red-700">
            *
          </span>
        </div>
        <textarea
          id={`${formId}-description`}
          rows={3}
          aria-required
          maxLength={CASE_LIMITS.descriptionMax}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={`${errors.description ? `${formId}-description-error ` : ''}${formId}-description-count`}
          className={`${inputClass(Boolean(errors.description))} mt-1`}
          {...description}
          ref={(node) => {
            attachDescription(node);
            description.ref(node);
          }}
          onChange={(event) => {
            setDescriptionUsed(event.target.value.length);
            void description.onChange(event);
          }}
        />
        <CharacterCount
          id={`${formId}-description-count`}
          used={descriptionUsed}
          max={CASE_LIMITS.descriptionMax}
        />
        <FieldError id={`${formId}-description-error`} message={errors.description?.message} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Category"
          required
          error={errors.category?.message}
          {...register('category')}
        >
          <option value="">Select category</option>
          {Object.entries(CASE_CATEGORIES).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Priority"
          required
          error={errors.priority?.message}
          {...register('priority')}
        >
          <option value="">Select priority</option>
          {CASE_PRIORITIES.map((value) => (
            <option key={value} value={value}>
              {capitalised(value)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Find client"
          type="search"
          placeholder="Name or email"
          value={clientSearch}
          onChange={(event) => setClientSearch(event.target.value)}
        />
        <SelectField
          label="Client"
          required
          error={errors.clientId?.message}
          {...register('clientId', { onChange: (event) => rememberClient(event.target.value) })}
        >
          <option value="">Select client</option>
          {clientOptions.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField
        label="Assigned to"
        error={errors.assignedTo?.message}
        {...register('assignedTo')}
      >
        <option value="">{CASE_MESSAGES.notAssigned}</option>
        {people.data?.assignees.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name} ({capitalised(person.role)})
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Court (optional)"
          placeholder="Milimani Commercial Court"
          error={errors.court?.message}
          {...register('court')}
        />
        <TextField
          label="Court case number (optional)"
          placeholder="HCCOMM E123 of 2025"
          error={errors.courtCaseNumber?.message}
          {...register('courtCaseNumber')}
        />
      </div>
      <Controller
        control={control}
        name="courtDate"
        render={({ field }) => (
          <DateField
            kind="datetime"
            label="Court date (optional, Nairobi time)"
            ref={field.ref}
            // The field gives a wall time; the API takes an instant (Nairobi is UTC+3 all year).
            value={isoToNairobiInput(typeof field.value === 'string' ? field.value : '')}
            onChange={(value) => {
              field.onChange(nairobiInputToIso(value) ?? '');
              setUnusualDay(null);
            }}
            onBlur={field.onBlur}
            error={errors.courtDate?.message}
          />
        )}
      />
      {unusualDay ? (
        <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <p>{unusualDay}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" isLoading={isSubmitting} onClick={() => void submitCase(true)()}>
              {CASE_MESSAGES.courtDaySaveAnyway}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setUnusualDay(null);
                setFocus('courtDate');
              }}
            >
              {CASE_MESSAGES.courtDayChangeDate}
            </Button>
          </div>
        </div>
      ) : null}

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">
          Parties (the other side and others involved)
        </legend>
        {parties.fields.map((field, index) => (
          <div
            key={field.id}
            className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[10rem_1fr_1fr_auto]"
          >
            <SelectField label={`Party ${index + 1} role`} {...register(`parties.${index}.role`)}>
              {Object.entries(PARTY_ROLES).map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </SelectField>
            <TextField
              label={`Party ${index + 1} name`}
              error={errors.parties?.[index]?.name?.message}
              {...register(`parties.${index}.name`)}
            />
            <TextField
              label={`Party ${index + 1} contact (optional)`}
              placeholder="Phone, email or address"
              error={errors.parties?.[index]?.contact?.message}
              {...register(`parties.${index}.contact`)}
            />
            <Button
              variant="quietDanger"
              size="sm"
              className="self-end"
              aria-label={`Remove party ${index + 1}`}
              onClick={() => parties.remove(index)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
        ))}
        <Button
          variant="neutral"
          size="sm"
          onClick={() => parties.append({ role: 'opposing_party', name: '', contact: '' })}
        >
          <Plus aria-hidden="true" className="size-4" /> Add party
        </Button>
      </fieldset>

      <div aria-live="polite">
        {matches.length > 0 ? (
          <ConflictClearance form={clearance.form} reasonError={reasonError}>
            <p className="flex items-center gap-2 font-semibold">
              <AlertTriangle aria-hidden="true" className="size-4" />
              Possible conflict of interest
            </p>
            <ConflictMatches matches={matches} />
          </ConflictClearance>
        ) : null}
      </div>
    </FormModal>
  );
}
