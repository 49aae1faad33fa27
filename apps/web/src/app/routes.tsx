import type { RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';

/**
 * The route table of SPEC section 2. Every screen is its own lazily loaded module, so a public page
 * downloads none of the portal's code.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    // The layout stays on screen when a page fails, so the error renders inside <main>.
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          { path: 'about', lazy: () => import('./routes/about') },
          { path: 'practice-areas', lazy: () => import('./routes/practice-areas') },
          { path: 'practice-areas/:slug', lazy: () => import('./routes/practice-area') },
          { path: 'areas-we-serve', lazy: () => import('./routes/areas-we-serve') },
          { path: 'resources', lazy: () => import('./routes/resources') },
          { path: 'resources/:slug', lazy: () => import('./routes/resource-article') },
          { path: 'locations', lazy: () => import('./routes/locations') },
          { path: 'contact', lazy: () => import('./routes/contact') },
          { path: 'privacy', lazy: () => import('./routes/privacy') },
          { path: 'terms', lazy: () => import('./routes/terms') },
          { path: 'cookies', lazy: () => import('./routes/cookies') },

          {
            // The sign-in pages and the portal: rendered in the browser only. The guards are
            // lazy too, so public pages download none of them.
            lazy: () => import('./layouts/portal-layout'),
            children: [
              {
                lazy: () =>
                  import('./layouts/guards').then((m) => ({ Component: m.SignedOutOnly })),
                children: [
                  { path: 'login', lazy: () => import('./routes/login') },
                  { path: 'register', lazy: () => import('./routes/register') },
                  { path: 'advocate-register', lazy: () => import('./routes/register') },
                ],
              },
              { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
              { path: 'reset-password', lazy: () => import('./routes/reset-password') },
              // Booking is open to visitors (SPEC section 2); the appointments issue guards the list.
              { path: 'appointments', lazy: () => import('./routes/pending') },
              {
                lazy: () => import('./layouts/guards').then((m) => ({ Component: m.RequireUser })),
                children: [
                  { path: 'change-password', lazy: () => import('./routes/change-password') },
                  { path: 'dashboard', lazy: () => import('./routes/dashboard') },
                  { path: 'cases', lazy: () => import('./routes/pending') },
                  { path: 'messages', lazy: () => import('./routes/messages') },
                  { path: 'admin-management', lazy: () => import('./routes/admin-management') },
                  { path: 'profile', lazy: () => import('./routes/coming-soon') },
                  { path: 'clients', lazy: () => import('./routes/coming-soon') },
                  { path: 'system-settings', lazy: () => import('./routes/coming-soon') },
                ],
              },
            ],
          },

          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];
