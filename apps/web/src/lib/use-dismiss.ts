import { useEffect, type RefObject } from 'react';

/**
 * How the header's disclosures (the nav group, the user menu) close while open: Escape closes and
 * gives focus back to the button that opened it; a pointer press outside the container closes; so
 * does focus moving outside, unless `onFocusOut` is false (a panel that stays while the person
 * tabs on through the page).
 */
export function useDismiss(
  isOpen: boolean,
  close: () => void,
  refs: { container: RefObject<HTMLElement | null>; button: RefObject<HTMLElement | null> },
  { onFocusOut = true }: { onFocusOut?: boolean } = {},
): void {
  useEffect(() => {
    if (!isOpen) return;
    const { container, button } = refs;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onOutside = (event: Event) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onOutside);
    if (onFocusOut) document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
    // `close` and the refs are stable for the life of the disclosure that owns them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, onFocusOut]);
}
