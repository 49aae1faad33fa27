import {
  FEE_ARRANGEMENT_KINDS,
  RATE_SCREEN_TEXTS as R,
  can,
  formatKsh,
  nairobiToday,
  type FeeArrangement,
  type FeeArrangementKind,
  type PublicUser,
} from '@firm/shared';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../ui/button';
import { DateField } from '../ui/date-field';
import { FormModal } from '../ui/form-modal';
import { SelectField } from '../ui/select-field';
import { TextAreaField } from '../ui/text-area-field';
import { TextField } from '../ui/text-field';
import { ApiError, errorText } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { useFeeArrangement, useSetFeeArrangement } from './rate-requests';

/** Whole shillings typed in a field: empty is none (null), anything else a number for zod. */
const shillingsOf = (text: string) => (text.trim() === '' ? null : Number(text));

function summaryOf(arrangement: FeeArrangement): string {
  const rate = arrangement.hourlyRateKsh === null ? null : formatKsh(arrangement.hourlyRateKsh);
  const fee = formatKsh(arrangement.fixedFeeKsh ?? 0);
  const what =
    arrangement.kind === 'hourly'
      ? R.summaryHourly(rate)
      : arrangement.kind === 'fixed'
        ? R.summaryFixed(fee)
        : R.summaryStages(fee);
  return `${what}, ${R.agreedOn(formatDate(arrangement.agreedOn))}`;
}

function FeeArrangementDialog({
  caseId,
  caseNumber,
  arrangement,
  onClose,
}: {
  caseId: string;
  caseNumber: string;
  arrangement: FeeArrangement | null;
  onClose: () => void;
}) {
  const save = useSetFeeArrangement(caseId);
  const today = nairobiToday();
  const [kind, setKind] = useState<FeeArrangementKind>(arrangement?.kind ?? 'hourly');
  const [agreedOn, setAgreedOn] = useState(arrangement?.agreedOn ?? today);
  const [hourly, setHourly] = useState(String(arrangement?.hourlyRateKsh ?? ''));
  const [fixed, setFixed] = useState(String(arrangement?.fixedFeeKsh ?? ''));
  const [stages, setStages] = useState(arrangement?.stages ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAlert(null);
    setErrors({});
    try {
      await save.mutateAsync({
        kind,
        agreedOn,
        hourlyRateKsh: kind === 'hourly' ? shillingsOf(hourly) : null,
        fixedFeeKsh: kind === 'hourly' ? null : shillingsOf(fixed),
        stages: kind === 'stages' && stages.trim() ? stages : null,
      });
      toast.success(R.saved);
      onClose();
    } catch (error) {
      setErrors(error instanceof ApiError ? (error.errors ?? {}) : {});
      const message = errorText(error, R.saveFailed);
      setAlert(message);
      toast.error(message);
    }
  };

  return (
    <FormModal
      title={R.arrangementDialog}
      description={R.arrangementDescription(caseNumber)}
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      isSubmitting={save.isPending}
      submitLabel={R.save}
      busyLabel={R.saving}
      alert={alert}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={R.kindLabel}
          required
          value={kind}
          error={errors.kind}
          onChange={(event) => setKind(event.target.value as FeeArrangementKind)}
        >
          {FEE_ARRANGEMENT_KINDS.map((value) => (
            <option key={value} value={value}>
              {R.kindLabels[value]}
            </option>
          ))}
        </SelectField>
        <DateField
          label={R.agreedOnLabel}
          required
          max={today}
          value={agreedOn}
          onChange={setAgreedOn}
          error={errors.agreedOn}
        />
      </div>
      {kind === 'hourly' ? (
        <TextField
          label={R.hourlyRateLabel}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint={R.hourlyRateHint}
          value={hourly}
          error={errors.hourlyRateKsh}
          onChange={(event) => setHourly(event.target.value)}
        />
      ) : (
        <TextField
          label={R.fixedFeeLabel}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          required
          value={fixed}
          error={errors.fixedFeeKsh}
          onChange={(event) => setFixed(event.target.value)}
        />
      )}
      {kind === 'stages' ? (
        <TextAreaField
          label={R.stagesLabel}
          hint={R.stagesHint}
          maxLength={2000}
          value={stages}
          error={errors.stages}
          onChange={(event) => setStages(event.target.value)}
        />
      ) : null}
    </FormModal>
  );
}

/**
 * A case's fee arrangement in its Time section (docs/product-rules.md#time-and-expenses): what
 * was agreed, for everyone who records time; recorded or changed by those who manage cases.
 */
export function FeeArrangementSummary({
  caseId,
  caseNumber,
  actor,
}: {
  caseId: string;
  caseNumber: string;
  actor: PublicUser;
}) {
  const query = useFeeArrangement(caseId);
  const [editing, setEditing] = useState(false);
  const mayChange = can(actor, 'time:manage');
  const arrangement = query.data ?? null;
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-50 p-3">
      <div className="min-w-0">
        <h4 className="text-sm font-semibold text-slate-900">{R.arrangementTitle}</h4>
        <p className="text-sm break-words text-slate-700">
          {query.isPending
            ? R.arrangementLoading
            : query.isError
              ? R.arrangementFailed
              : arrangement
                ? summaryOf(arrangement)
                : R.arrangementNone}
        </p>
        {arrangement?.kind === 'stages' && arrangement.stages ? (
          <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{arrangement.stages}</p>
        ) : null}
      </div>
      {mayChange && query.isSuccess ? (
        <Button size="sm" variant="neutral" onClick={() => setEditing(true)}>
          {arrangement ? R.arrangementEdit : R.arrangementRecord}
        </Button>
      ) : null}
      {editing ? (
        <FeeArrangementDialog
          caseId={caseId}
          caseNumber={caseNumber}
          arrangement={arrangement}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </div>
  );
}
