import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { resetSessionForTests, SessionProvider } from '../lib/session';

/**
 * Renders `element` at `path` (which may carry a query string: the URL the screen opens at) with
 * what the app provides: router, query client, session, toasts.
 */
export function renderWithApp(
  element: ReactNode,
  {
    path = '/',
    routes = [],
    routeTable,
  }: { path?: string; routes?: RouteObject[]; routeTable?: RouteObject[] } = {},
) {
  resetSessionForTests();
  toast.remove(); // toasts live in a module-level store: none from an earlier test
  const router = createMemoryRouter(
    routeTable ?? [
      { path: path.split('?')[0], element },
      ...routes,
      { path: '*', element: <p>Somewhere else</p> },
    ],
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

export { mockApi, type RecordedCall as FetchCall } from './msw';

/**
 * A text matcher for an email address shown by `EmailText` (its parts are separate spans, so
 * `getByText(address)` alone does not find it): the element whose whole text is the address.
 */
export const emailShown =
  (address: string) =>
  (_content: string, element: Element | null): boolean =>
    element?.textContent === address &&
    !Array.from(element.children).some((child) => child.textContent === address);
