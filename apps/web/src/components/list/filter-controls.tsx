import type { ReactNode } from 'react';

const controlClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base sm:text-sm';

/** A search box for a list, labelled for screen readers (the placeholder is not a label). */
export function SearchInput({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={controlClass}
      />
    </div>
  );
}

/**
 * A labelled drop-down that narrows a list. Its label is for screen readers only unless
 * `isLabelVisible`: where the options alone do not say what is filtered, everyone needs the name.
 */
export function FilterSelect<T extends string>({
  id,
  label,
  value,
  onChange,
  children,
  isLabelVisible = false,
}: {
  id: string;
  label: string;
  value: T;
  onChange: (value: T) => void;
  children: ReactNode;
  isLabelVisible?: boolean;
}) {
  return (
    <div>
      <label
        htmlFor={id}
        className={isLabelVisible ? 'mb-1 block text-sm font-medium text-slate-800' : 'sr-only'}
      >
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className={`${controlClass} max-w-full sm:w-auto`}
      >
        {children}
      </select>
    </div>
  );
}
