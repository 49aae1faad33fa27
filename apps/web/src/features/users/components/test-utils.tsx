import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { vi } from 'vitest';
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

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Answers API calls from `answer(method, path)` → [status, body] (path without /api); records
 * every call.
 */
export function mockFetch(
  answer: (method: string, path: string, body: unknown) => [number, unknown],
) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const [status, payload] = answer(method, url.replace(/^\/api/, ''), body);
      return new Response(JSON.stringify(payload), { status });
    }),
  );
  return calls;
}
