import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `delayMs` (search boxes: one request per pause). */
export function useDebouncedValue<T>(value: T, delayMs = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    // Already the value (as the screen opens, or typed back to it): nothing to wait for. Setting
    // it anyway re-rendered the whole screen a moment after it opened, while its data was being
    // drawn (ADR 032).
    if (Object.is(value, debounced)) return;
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, debounced, delayMs]);
  return debounced;
}
