import { MESSAGES } from '@firm/shared';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundScreen } from '../features/public-site/components/not-found-screen';
import { Button, buttonVariants } from '../components/ui/button';

/**
 * Any error thrown while rendering or loading a route lands here instead of a blank page. The
 * header and footer stay, so the visitor can carry on elsewhere.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <section role="alert" className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold text-brand-900">{MESSAGES.unexpectedApplicationError}</h1>
      <p className="mt-3 text-slate-700">{MESSAGES.pageFailed}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          Reload page
        </Button>
        <a href="/" className={buttonVariants({ variant: 'neutral', size: 'lg' })}>
          Go to Homepage
        </a>
      </div>
    </section>
  );
}
