import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/routes';
import './styles.css';

const container = document.getElementById('root')!;
const isPrerendered = container.hasChildNodes();

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

const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

// Preact (ADR 009) hydrates a public page in one short pass; portal pages have no HTML to adopt.
if (isPrerendered) hydrateRoot(container, app);
else createRoot(container).render(app);
