import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';
import { inputClass } from './text-field';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** The field's validation message, shown under it and announced with it. */
  error?: string | undefined;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select, as TextField is a labelled input: its error under it, named by its label. */
export function SelectField({ label, error, children, required, ...rest }: SelectFieldProps) {
  const { id, describedBy } = useFieldIds(error, undefined);
  return (
    <FieldFrame id={id} label={label} required={required} error={error}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={`${inputClass(Boolean(error))} mt-1`}
        {...rest}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
