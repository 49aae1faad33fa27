import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/routes';
import { startSessionCheck } from './lib/session';

const container = document.getElementById('root')!;
const isPrerendered = container.hasChildNodes();

// A portal page waits for the session before its screen can ask for data: ask now, beside the
// route chunks, not after the first render. A prerendered page hydrates as signed out first
// (the session's server snapshot), so its check stays with the provider, after hydration.
if (!isPrerendered) {
  startSessionCheck();
  // Then a break: evaluating React DOM and the router, and creating the router for the portal's
  // routes, were one task of 100 ms and more on a phone; split, a tap waits for half of it at most
  // (docs/decisions/032-portal-on-a-phone.md).
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

if (isPrerendered) {
  // Load the lazy modules of the prerendered page before hydrating, so the first client render
  // matches the HTML instead of flashing the fallback.
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const routeModule = await route.lazy();
      Object.assign(route, { ...routeModule, lazy: undefined });
    }),
  );
}

/**
 * Marks the document once the app has hydrated (or first rendered) and every control answers:
 * `<html data-app-ready>`. The end-to-end specs wait for it before they type into a prerendered
 * page, as a person cannot type faster than a page that is already live.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}

const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
      <AppReady />
    </Providers>
  </StrictMode>
);

// As a transition, hydration yields to the browser every few milliseconds instead of holding the
// main thread for the whole page: a phone stays responsive while the page comes alive. Portal pages
// have no HTML to adopt; their first render is a transition too, for the same reason.
if (isPrerendered) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
}
