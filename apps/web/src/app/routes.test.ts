import { PORTAL_FEATURES } from '@firm/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

/** The route objects that carry a portal feature (app/routes.tsx builds one per manifest entry). */
function featureRoutes(table: RouteObject[]): RouteObject[] {
  return table.flatMap((route) => [
    ...((route.handle as { portalFeature?: unknown } | undefined)?.portalFeature ? [route] : []),
    ...featureRoutes(route.children ?? []),
  ]);
}

describe('the route table', () => {
  it('has, for every portal feature of the manifest, its paths and a screen that loads', async () => {
    const groups = featureRoutes(routes);
    expect(groups).toHaveLength(PORTAL_FEATURES.length);
    for (const [i, feature] of PORTAL_FEATURES.entries()) {
      const children = groups[i]!.children ?? [];
      expect(children.map((child) => `/${child.path}`)).toEqual(feature.paths);
      for (const child of children) {
        const screen = await (child.lazy as () => Promise<{ Component?: unknown }>)();
        expect(typeof screen.Component, feature.screen).toBe('function');
      }
    }
  });
});
