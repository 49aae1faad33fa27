import {
  MESSAGES,
  ROLE_RULES,
  deniedMessageFor,
  mayOpen,
  type PortalFeature,
  type PublicUser,
  isAdminAccount,
  isClientAccount,
  twoFactorSetupState,
  whoMay,
} from '@firm/shared';
import { ShieldAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { safeFrom, type FromState } from '../../lib/return-path';
import { useSession } from '../../lib/session';

const PASSWORD_CHANGE_PATH = '/change-password';
/** Staff past their grace without a second factor (ADR 037). */
const TWO_FACTOR_SETUP_PATH = '/two-factor-setup';
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

/**
 * A signed-in person who may not open a feature stays on its address and is told why, in the
 * manifest's words (docs/texts.md), and who can change it: an admin lacking a toggle is pointed to the
 * advocates; a page for advocates alone says so. A redirect with a toast was missed.
 */
function Denied({ feature, user }: { feature: PortalFeature; user: PublicUser }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const isGrantable =
    isAdminAccount(user) && !!feature.action && ROLE_RULES.admin[feature.action] !== undefined;
  return (
    <section
      aria-labelledby="access-denied-title"
      className="mx-4 my-10 max-w-xl rounded-lg border border-amber-200 sm:mx-auto bg-amber-50 p-6 text-amber-950"
    >
      <h1
        id="access-denied-title"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-xl font-bold focus:outline-none"
      >
        <ShieldAlert aria-hidden="true" className="size-6 shrink-0" />
        {MESSAGES.accessDeniedTitle}
      </h1>
      <p className="mt-3">{deniedMessageFor(feature)}</p>
      {isClientAccount(user) ? null : (
        <p className="mt-2">
          {/* The toggle(s) that would open it, named from the rules (permission-texts.ts). */}
          {isGrantable && feature.action ? whoMay(feature.action) : MESSAGES.onlyAdvocatesOpen}
        </p>
      )}
      <Link
        to={HOME_OF_SIGNED_IN}
        className="mt-4 inline-block font-medium text-brand-700 underline underline-offset-2"
      >
        {MESSAGES.goToDashboard}
      </Link>
    </section>
  );
}

/**
 * Every portal route sits under this guard, which applies its manifest entry before the screen
 * renders, and so before the screen is handed any data. (A listed screen's first data may already
 * be on its way, asked for with the stored token beside the session check: it is handed over only
 * when the screen, let through, asks for it; app/first-requests.ts, ADR 032.)
 * - signed-out only (/login, /register …): a signed-in person goes on to where they were going, or
 *   to /dashboard (docs/product-rules.md#screens);
 * - signed-in: a visitor goes to /login and comes back after signing in; a person holding a
 *   temporary password is kept on Change Password, staff past their grace without a second factor
 *   on its setup (ADR 037); one whom `can()` refuses is told why (Denied).
 */
export function FeatureGuard() {
  const feature = useGuardedFeature();
  const { status, user } = useSession();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;

  if (feature.access === 'anyone') return <Outlet />;
  if (status === 'loading') return <Spinner label={MESSAGES.checkingSession} />;
  if (feature.access === 'signed-out') {
    return user ? (
      <Navigate to={safeFrom(location.state) ?? HOME_OF_SIGNED_IN} replace />
    ) : (
      <Outlet />
    );
  }
  if (!user) return <Navigate to="/login" replace state={{ from: here } satisfies FromState} />;
  // A temporary password comes first: its screen opens even when a second factor is due too.
  if (user.mustChangePassword) {
    return location.pathname === PASSWORD_CHANGE_PATH ? (
      <Outlet />
    ) : (
      <Navigate to={PASSWORD_CHANGE_PATH} replace state={{ from: here } satisfies FromState} />
    );
  }
  if (
    twoFactorSetupState(user, new Date()) === 'required' &&
    location.pathname !== TWO_FACTOR_SETUP_PATH
  ) {
    // Straight from choosing a password: on to where that screen was taking them, not back to it.
    const from =
      location.pathname === PASSWORD_CHANGE_PATH
        ? (safeFrom(location.state) ?? HOME_OF_SIGNED_IN)
        : here;
    return <Navigate to={TWO_FACTOR_SETUP_PATH} replace state={{ from } satisfies FromState} />;
  }
  if (!mayOpen(user, feature)) return <Denied feature={feature} user={user} />;
  return <Outlet />;
}
