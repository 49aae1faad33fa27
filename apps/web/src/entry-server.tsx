import { PORTAL_FEATURES, PUBLIC_PATHS } from '@firm/shared';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/routes';
import { findSeo, type Seo } from './lib/seo';

export { PORTAL_FEATURES, PUBLIC_PATHS };

export interface RenderedPage {
  html: string;
  status: number;
  seo: Seo | undefined;
}

/** Renders one path at build time (scripts/prerender.mjs). */
export async function render(pathname: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.local${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} redirected while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <Providers>
        {/* No hydration script: it would be inline, which the CSP forbids. Public routes have no loaders. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  return {
    html,
    status: context.statusCode,
    seo: findSeo(context.matches.map((m) => ({ handle: m.route.handle, params: m.params }))),
  };
}
