import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../../lib/query-client';

/**
 * Renders with what the portal provides to this feature: a router (lists keep their filters in the
 * URL), a query client and toasts.
 */
export function renderWithQuery(element: ReactNode, { url = '/admin-management' } = {}) {
  toast.remove(); // toasts live in a module-level store: none from an earlier test
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  const result = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router };
}

/**
 * Answers API calls from `answer(method, path, body)` → [status, body] (path without /api);
 * records every call.
 */
export { answerApi as mockFetch, type RecordedCall } from '../../../testing/msw';
