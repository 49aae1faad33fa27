import { CASE_LIMITS, CASE_MESSAGES, type ConflictClearanceValues } from '@firm/shared';
import { useEffect, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { Checkbox } from '../ui/checkbox';
import { TextAreaField } from '../ui/text-area-field';

/** What a person fills in: the box may be unticked until they send. */
interface ConflictClearanceForm {
  cleared: boolean;
  reason: string;
}

/** The schema the server checks `conflictCheck` with; it (and zod) load on first use. */
const clearanceResolver = lazyZodResolver<ConflictClearanceForm, ConflictClearanceValues>(() =>
  import('@firm/shared/cases/schemas').then(
    (m) =>
      m.conflictClearanceSchema as unknown as {
        _zod: { output: ConflictClearanceValues; input: ConflictClearanceForm };
      },
  ),
);

export type ConflictClearanceState = UseFormReturn<
  ConflictClearanceForm,
  unknown,
  ConflictClearanceValues
>;

/**
 * "Checked: no conflict" and its reason, as one small form inside the New Case modal's and the
 * new-account forms: `check()` gives the clearance to send, or the message that says what is
 * missing (the box first, then the reason), from the same schema the server applies.
 */
export function useConflictClearance() {
  const form = useForm<ConflictClearanceForm, unknown, ConflictClearanceValues>({
    defaultValues: { cleared: false, reason: '' },
    resolver: clearanceResolver,
  });
  useEffect(() => clearanceResolver.preload(), []);
  const check = async (): Promise<{ clearance: ConflictClearanceValues } | { message: string }> => {
    let result: { clearance: ConflictClearanceValues } | { message: string } = {
      message: CASE_MESSAGES.conflictCheckRequired,
    };
    await form.handleSubmit(
      (clearance) => {
        result = { clearance };
      },
      (errors) => {
        result = {
          message:
            errors.cleared?.message ??
            errors.reason?.message ??
            CASE_MESSAGES.conflictCheckRequired,
        };
      },
    )();
    return result;
  };
  return { form, check };
}

/**
 * "Checked: no conflict" with its reason: shown under what the conflict-of-interest
 * check found, by the New Case modal and by the forms that create a client account. The form
 * around it sends what `useConflictClearance().check()` gives.
 */
export function ConflictClearance({
  children,
  form,
  reasonError,
}: {
  /** What the check found. */
  children: ReactNode;
  form: ConflictClearanceState;
  reasonError?: string | null;
}) {
  const cleared = useWatch({ control: form.control, name: 'cleared' });
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {children}
      <Checkbox
        className="mt-3"
        label={CASE_MESSAGES.conflictCleared}
        error={cleared ? undefined : (reasonError ?? undefined)}
        {...form.register('cleared')}
      />
      {cleared ? (
        <div className="mt-2">
          <TextAreaField
            label="Reason there is no conflict"
            rows={2}
            error={reasonError ?? undefined}
            maxLength={CASE_LIMITS.reasonMax}
            {...form.register('reason')}
          />
        </div>
      ) : null}
    </div>
  );
}
