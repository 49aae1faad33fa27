import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
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
  const id = useId();
  return (
    <div>
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {/* Outside the label, so the field's name is the label alone. */}
        {required ? (
          <span aria-hidden="true" className="text-sm text-red-700">
            *
          </span>
        ) : null}
      </div>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={required || undefined}
        className={`${inputClass(Boolean(error))} mt-1`}
        {...rest}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
