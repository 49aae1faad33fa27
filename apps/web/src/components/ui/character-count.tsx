import { FIELD_TEXTS } from '@firm/shared';
import { useLayoutEffect, useRef, useState, type Ref } from 'react';

/**
 * "143 of 200 characters" under a field with a limit, as the person types, named in the field's
 * `aria-describedby`: a limit said only after submitting cost a person what they had written.
 */
export function CharacterCount({ id, used, max }: { id: string; used: number; max: number }) {
  return (
    <p
      id={id}
      className={`mt-1 text-right text-xs ${used >= max ? 'font-medium text-amber-800' : 'text-slate-600'}`}
    >
      {FIELD_TEXTS.characterCount(used, max)}
    </p>
  );
}

/**
 * The length of what a field holds, kept in step as it is typed into and when a form sets it
 * (a reset writes to the element without an event; the next render reads it).
 */
/** Gives `node` to a ref of either kind (a form's register hands a function). */
export function assignRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) (ref as { current: T | null }).current = node;
}

export function useCharacterCount<T extends HTMLTextAreaElement | HTMLInputElement>() {
  const element = useRef<T | null>(null);
  const [used, setUsed] = useState(0);
  // After every render, not on a dependency: a form's reset changes the element's value with no
  // event and no prop, and a length that is already right sets nothing.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const length = element.current?.value.length ?? 0;
    if (length !== used) setUsed(length);
  });
  const attach = (node: T | null) => {
    element.current = node;
  };
  return { used, setUsed, attach };
}
