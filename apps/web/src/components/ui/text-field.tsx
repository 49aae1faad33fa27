import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';
import { assignRef, CharacterCount, useCharacterCount } from './character-count';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's validation message, shown under it and announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Something inside the input's right edge (the show/hide button of PasswordField). */
  trailing?: ReactNode;
  /**
   * With `maxLength`: "143 of 200 characters" under the field as it is typed, for a single line
   * whose limit a person can reach (a long case or appointment title), as TextAreaField does.
   */
  counted?: boolean;
}

export const inputClass = (hasError: boolean) =>
  `block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm ${
    hasError ? 'border-red-600' : 'border-slate-300'
  }`;

export function TextField({
  label,
  error,
  hint,
  trailing,
  className = '',
  required,
  counted = false,
  maxLength,
  ref,
  onChange,
  ...rest
}: TextFieldProps) {
  const { id, describedBy } = useFieldIds(error, hint);
  const count = useCharacterCount<HTMLInputElement>();
  const countId = `${id}-count`;
  const showCount = counted && maxLength !== undefined;
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      hint={hint}
      error={error}
      className={className}
    >
      <div className="relative mt-1">
        <input
          id={id}
          ref={(node) => {
            count.attach(node);
            assignRef(ref, node);
          }}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [describedBy, showCount ? countId : null].filter(Boolean).join(' ') || undefined
          }
          aria-required={required || undefined}
          className={`${inputClass(Boolean(error))} ${trailing ? 'pr-12' : ''}`}
          onChange={(event) => {
            count.setUsed(event.target.value.length);
            onChange?.(event);
          }}
          {...rest}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        ) : null}
      </div>
      {showCount ? <CharacterCount id={countId} used={count.used} max={maxLength} /> : null}
    </FieldFrame>
  );
}
