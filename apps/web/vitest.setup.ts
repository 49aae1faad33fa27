import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './src/testing/msw';

// findBy… and waitFor wait up to 5 s, not 1: the machines that run CI are shared and noisy, and a
// lazy chunk plus a mocked request can take over a second there (the office map did, once).
configure({ asyncUtilTimeout: 5000 });

// Every request a test makes is answered by Mock Service Worker; one it does not answer fails.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  // The toasts' store lives in the library's module, which the files of a worker share
  // (isolate: false, vitest.config.ts): a toast one test raised must not reach the next.
  toast.remove();
});
afterAll(() => server.close());

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
