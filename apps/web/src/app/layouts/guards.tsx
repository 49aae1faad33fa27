import { deniedMessageFor, mayOpen, type PortalFeature } from '@firm/shared';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { safeFrom, type FromState } from '../../lib/return-path';
import { useSession } from '../../lib/session';

const PASSWORD_CHANGE_PATH = '/change-password';
const HOME_OF_SIGNED_IN = '/dashboard';

/** The route handle that carries a portal feature of the manifest (app/routes.tsx). */
export interface FeatureHandle {
  portalFeature: PortalFeature;
}

function useGuardedFeature(): PortalFeature {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const feature = (matches[i]?.handle as Partial<FeatureHandle> | undefined)?.portalFeature;
    if (feature) return feature;
  }
  throw new Error('FeatureGuard needs a route handle with its portal feature');
}

/** A signed-in person who may not open a feature: told why, and sent to their dashboard. */
function Denied({ message }: { message: string }) {
  useEffect(() => {
    toast.error(message, { id: `denied:${message}` });
  }, [message]);
  return <Navigate to={HOME_OF_SIGNED_IN} replace />;
}

/**
 * Every portal route sits under this guard, which applies its manifest entry before the screen (or
 * any request of it) renders:
 * - signed-out only (/login, /register …): a signed-in person goes on to where they were going, or
 *   to /dashboard (SPEC section 2);
 * - signed-in: a visitor goes to /login and comes back after signing in; a person holding a
 *   temporary password is kept on Change Password; one whom `can()` refuses is sent to the dashboard
 *   with the feature's message.
 */
export function FeatureGuard() {
  const feature = useGuardedFeature();
  const { status, user } = useSession();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;

  if (feature.access === 'anyone') return <Outlet />;
  if (status === 'loading') return <Spinner label="Checking your session…" />;
  if (feature.access === 'signed-out') {
    return user ? (
      <Navigate to={safeFrom(location.state) ?? HOME_OF_SIGNED_IN} replace />
    ) : (
      <Outlet />
    );
  }
  if (!user) return <Navigate to="/login" replace state={{ from: here } satisfies FromState} />;
  if (user.mustChangePassword && location.pathname !== PASSWORD_CHANGE_PATH) {
    return (
      <Navigate to={PASSWORD_CHANGE_PATH} replace state={{ from: here } satisfies FromState} />
    );
  }
  if (!mayOpen(user, feature)) return <Denied message={deniedMessageFor(feature)} />;
  return <Outlet />;
}
