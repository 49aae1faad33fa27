import { PORTAL_FEATURES, type PortalFeature } from '@firm/shared';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../lib/seo';
import type { FeatureHandle } from './layouts/guards';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';

/** What a screen module exports: its component and what it says of itself (`handle.seo`). */
interface ScreenModule {
  Component: ComponentType;
  handle?: RouteHandle;
}

/** Every screen module of a feature (features/<feature>/routes/<screen>.tsx), loaded on demand. */
const screens = import.meta.glob<ScreenModule>([
  '../features/*/routes/*.tsx',
  '!../features/*/routes/*.test.tsx',
]);

function screenOf(feature: PortalFeature): () => Promise<ScreenModule> {
  const [folder, screen] = feature.screen.split('/');
  const load = screens[`../features/${folder}/routes/${screen}.tsx`];
  if (!load) throw new Error(`The portal manifest names a missing screen: ${feature.screen}`);
  return load;
}

/**
 * The portal's routes, one group per manifest entry (packages/shared/src/portal-manifest.ts): its
 * guard, then its paths, all rendered by its screen.
 */
function portalRoutes(): RouteObject[] {
  return PORTAL_FEATURES.map((feature: PortalFeature) => ({
    handle: { portalFeature: feature } satisfies FeatureHandle,
    lazy: () => import('./layouts/guards').then((m) => ({ Component: m.FeatureGuard })),
    children: feature.paths.map((pattern) => ({ path: pattern.slice(1), lazy: screenOf(feature) })),
  }));
}

/**
 * The route table of docs/product-rules.md#screens. Every screen is its own lazily loaded module, so a public page
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
            // The sign-in pages and the portal, from the manifest: rendered in the browser only,
            // lazily, so public pages download none of them.
            lazy: () => import('./layouts/portal-layout'),
            children: portalRoutes(),
          },

          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];
