import { NotFoundScreen } from '../../features/public-site/components/not-found-screen';
import type { RouteHandle } from '../../lib/seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Page Not Found | Mwamba & Associates Advocates',
    description: 'The page you were looking for could not be found.',
    noindex: true,
  },
};

export function Component() {
  return <NotFoundScreen />;
}
