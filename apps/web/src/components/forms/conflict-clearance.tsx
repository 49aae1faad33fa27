import { CASE_MESSAGES } from '@firm/shared';
import type { ReactNode } from 'react';
import { Checkbox } from '../ui/checkbox';
import { inputClass } from '../ui/text-field';

/**
 * "Checked: no conflict" with its reason: shown under what the conflict-of-interest
 * check found, by the New Case modal and by the forms that create a client account. The form
 * around it holds the values and sends them.
 */
export function ConflictClearance({
  idPrefix,
  children,
  cleared,
  onClearedChange,
  reason,
  onReasonChange,
  reasonError,
}: {
  idPrefix: string;
  /** What the check found. */
  children: ReactNode;
  cleared: boolean;
  onClearedChange: (cleared: boolean) => void;
  reason: string;
  onReasonChange: (reason: string) => void;
  reasonError?: string | null;
}) {
  const reasonId = `${idPrefix}-reason`;
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {children}
      <Checkbox
        className="mt-3"
        label={CASE_MESSAGES.conflictCleared}
        checked={cleared}
        onChange={(event) => onClearedChange(event.target.checked)}
      />
      {cleared ? (
        <div className="mt-2">
          <label htmlFor={reasonId} className="block font-medium">
            Reason there is no conflict
          </label>
          <textarea
            id={reasonId}
            rows={2}
            value={reason}
            onChange={(event) => onReasonChange(event.target.value)}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            className={`${inputClass(Boolean(reasonError))} mt-1`}
          />
        </div>
      ) : null}
      {reasonError ? (
        <p id={`${reasonId}-error`} className="mt-1 text-sm text-red-700">
          {reasonError}
        </p>
      ) : null}
    </div>
  );
}
