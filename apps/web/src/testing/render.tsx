import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { resetSessionForTests, SessionProvider } from '../lib/session';

/** Renders `element` at `path` with what the app provides: router, query client, session, toasts. */
export function renderWithApp(
  element: ReactNode,
  {
    path = '/',
    routes = [],
    routeTable,
  }: { path?: string; routes?: RouteObject[]; routeTable?: RouteObject[] } = {},
) {
  resetSessionForTests();
  const router = createMemoryRouter(
    routeTable ?? [{ path, element }, ...routes, { path: '*', element: <p>Somewhere else</p> }],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}

export interface FetchCall {
  url: string;
  method: string;
  body: unknown;
}

/** Answers API calls from a table of `METHOD /path` → [status, body]; records every call. */
export function mockApi(answers: Record<string, [number, unknown] | (() => [number, unknown])>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, method, body });
    const answer = answers[`${method} ${url.replace(/^\/api/, '')}`];
    if (!answer) return new Response(JSON.stringify({ message: 'not mocked' }), { status: 500 });
    const [status, payload] = typeof answer === 'function' ? answer() : answer;
    return new Response(JSON.stringify(payload), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
