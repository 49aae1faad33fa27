import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';

/** Where a visitor was going when sent to sign in (router location state). */
interface FromState {
  from?: string;
}

const PASSWORD_CHANGE_PATH = '/change-password';

function safeFrom(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  // Only our own paths: never an absolute URL someone put into the state.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

/**
 * /login, /register, /advocate-register: a signed-in user goes on to where they were going, or to
 * /dashboard (SPEC section 2). Signing in on one of these pages lands here too.
 */
export function SignedOutOnly() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Spinner label="Checking your session…" />;
  if (status === 'signed-in') {
    return <Navigate to={safeFrom(location.state) ?? '/dashboard'} replace />;
  }
  return <Outlet />;
}

/**
 * Portal pages: a visitor goes to /login (and comes back after signing in); a user holding a
 * temporary password is kept on the Change Password screen until they choose their own.
 */
export function RequireUser() {
  const { status, user } = useSession();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  if (status === 'loading') return <Spinner label="Checking your session…" />;
  if (!user) return <Navigate to="/login" replace state={{ from: here } satisfies FromState} />;
  if (user.mustChangePassword && location.pathname !== PASSWORD_CHANGE_PATH) {
    return (
      <Navigate to={PASSWORD_CHANGE_PATH} replace state={{ from: here } satisfies FromState} />
    );
  }
  return <Outlet />;
}

export { safeFrom };
