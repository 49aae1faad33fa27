import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { createQueryClient } from '../../../lib/query-client';

/** Renders with what the portal provides to this feature: a query client and toasts. */
export function renderWithQuery(element: ReactNode) {
  toast.remove(); // toasts live in a module-level store: none from an earlier test
  return render(
    <QueryClientProvider client={createQueryClient()}>
      {element}
      <Toaster />
    </QueryClientProvider>,
  );
}

/**
 * Answers API calls from `answer(method, path, body)` → [status, body] (path without /api);
 * records every call.
 */
export { answerApi as mockFetch, type RecordedCall } from '../../../testing/msw';
