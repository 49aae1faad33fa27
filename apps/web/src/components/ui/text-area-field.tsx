import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { assignRef, CharacterCount, useCharacterCount } from './character-count';
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

/** A labelled multi-line field, as TextField is a labelled input; with `maxLength`, its count. */
export function TextAreaField({
  label,
  error,
  hint,
  required,
  rows = 3,
  ref,
  maxLength,
  onChange,
  ...rest
}: TextAreaFieldProps) {
  const { id, describedBy } = useFieldIds(error, hint);
  const count = useCharacterCount<HTMLTextAreaElement>();
  const countId = `${id}-count`;
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <textarea
        id={id}
        ref={(node) => {
          count.attach(node);
          assignRef(ref, node);
        }}
        rows={rows}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [describedBy, maxLength ? countId : null].filter(Boolean).join(' ') || undefined
        }
        aria-required={required || undefined}
        className={`mt-1 ${inputClass(Boolean(error))}`}
        onChange={(event) => {
          count.setUsed(event.target.value.length);
          onChange?.(event);
        }}
        {...rest}
      />
      {maxLength ? <CharacterCount id={countId} used={count.used} max={maxLength} /> : null}
    </FieldFrame>
  );
}
