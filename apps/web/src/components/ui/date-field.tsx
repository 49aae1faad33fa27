import { DATE_FIELD_TEXTS as T, formatNairobiDay, formatNairobiDayTime } from '@firm/shared';
import { useState, type FocusEvent, type ReactNode, type Ref } from 'react';
import { formatTypedDate, parseTypedDate, type DateKind } from '../../lib/typed-date';
import { TextField } from './text-field';

export interface DateFieldProps {
  label: string;
  /** 'date': 'YYYY-MM-DD'; 'datetime': 'YYYY-MM-DDTHH:mm' (a wall time, as the API takes it). */
  kind?: DateKind;
  /** The API's value, or '' for none. */
  value: string;
  /**
   * Called as the person types: the API's value once the text is a date, '' when the field is
   * emptied, and the typed text itself when it is not a date (so a form's schema refuses it
   * rather than keep the last good value; a filter keeps only values `isDateValue` accepts).
   */
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** The form's message for the field (its own about the format comes first). */
  error?: string | undefined;
  hint?: ReactNode;
  /** The earliest and latest days it takes, 'YYYY-MM-DD' (told under the field, not enforced). */
  min?: string | undefined;
  max?: string | undefined;
  required?: boolean;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A date (or date and time) typed day/month/year, 24-hour: the text field of our own that stands
 * for the browser's date inputs, which draw mm/dd/yyyy and 08:30 AM when the browser is set to
 * American English. Under it, what the text reads as ("Reads: Sat 12 Dec 2026, 08:30"), so a
 * swapped day and month shows before it is saved; a text that is not a date says so on leaving
 * the field.
 */
export function DateField({
  label,
  kind = 'date',
  value,
  onChange,
  onBlur,
  error,
  hint,
  min,
  max,
  required,
  className,
  ref,
}: DateFieldProps) {
  const [text, setText] = useState(() => formatTypedDate(value, kind));
  const [shown, setShown] = useState(value);
  const [left, setLeft] = useState(false);
  // A value set from outside (a form reset, Clear filters, a case reloaded) replaces the text;
  // the value this field just reported does not.
  if (value !== shown) {
    setShown(value);
    const typed = parseTypedDate(text, kind);
    if (typed !== value && !(typed === null && value === text)) {
      setText(formatTypedDate(value, kind));
      setLeft(false);
    }
  }

  const parsed = parseTypedDate(text, kind);
  const day = parsed ? parsed.slice(0, 10) : '';
  let ownError: string | undefined;
  if (parsed === null) ownError = kind === 'date' ? T.dateInvalid : T.dateTimeInvalid;
  else if (day && min && day < min) ownError = T.tooEarly(formatTypedDate(min, 'date'));
  else if (day && max && day > max) ownError = T.tooLate(formatTypedDate(max, 'date'));
  const reading = parsed
    ? T.readsAs(
        kind === 'date' ? formatNairobiDay(parsed) : formatNairobiDayTime(day, parsed.slice(11)),
      )
    : kind === 'date'
      ? T.dateFormatHint
      : T.dateTimeFormatHint;

  return (
    <TextField
      ref={ref}
      label={label}
      required={required}
      className={className}
      autoComplete="off"
      spellCheck={false}
      placeholder={kind === 'date' ? T.datePlaceholder : T.dateTimePlaceholder}
      value={text}
      error={(left || error ? ownError : undefined) ?? error}
      hint={
        hint ? (
          <>
            {hint} <span className="block">{reading}</span>
          </>
        ) : (
          reading
        )
      }
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const nextValue = parseTypedDate(next, kind);
        onChange(nextValue ?? next);
      }}
      onBlur={(event) => {
        if (parsed) setText(formatTypedDate(parsed, kind));
        setLeft(true);
        onBlur?.(event);
      }}
    />
  );
}
