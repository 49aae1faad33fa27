import '@testing-library/jest-dom/vitest';
import { act, cleanup } from '@testing-library/preact';
import { afterEach } from 'vitest';

afterEach(() => {
  // Preact runs useEffect cleanups of an unmounted tree after the next frame; inside act() they run
  // now, before jsdom is torn down under them.
  act(() => cleanup());
  localStorage.clear();
});

// jsdom has no matchMedia; the toast library asks it about reduced motion.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
