import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';
import { inputClass } from './text-field';

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
> {
  label: string;
  /** The field's validation message, shown under it and announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field, as TextField is a labelled input. */
export function TextAreaField({
  label,
  error,
  hint,
  required,
  rows = 3,
  ...rest
}: TextAreaFieldProps) {
  const { id, describedBy } = useFieldIds(error, hint);
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={`mt-1 ${inputClass(Boolean(error))}`}
        {...rest}
      />
    </FieldFrame>
  );
}
